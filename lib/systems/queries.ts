import { asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems } from "@/db/schema";
import { toSystemDto } from "./dto";

/** System names compare case-insensitively (spec foundation §5 "System name": unique, not Supersystem in any case). */
export async function findSystemByName(db: Database, params: { name: string }) {
  const [row] = await db
    .select({ id: systems.id, name: systems.name, type: systems.type, isActive: systems.isActive })
    .from(systems)
    .where(eq(sql`lower(${systems.name})`, params.name.toLowerCase()));
  return row;
}

export async function findSystemById(db: Database, params: { id: string }) {
  const [row] = await db
    .select({ id: systems.id, name: systems.name, type: systems.type, isActive: systems.isActive })
    .from(systems)
    .where(eq(systems.id, params.id));
  return row;
}

/** The tenant systems (all but the Supersystem), by name. */
export async function listTenantSystems(db: Database) {
  return db
    .select({ id: systems.id, name: systems.name, isActive: systems.isActive })
    .from(systems)
    .where(ne(systems.type, "Super"))
    .orderBy(asc(systems.name));
}

/** GET systems (query licenceId): every system, or those using one licence, for ManageSystems or licence admins. */
export async function listSystems(db: Database, params: { licenceId?: string } = {}) {
  const rows = await db
    .select()
    .from(systems)
    .where(params.licenceId ? eq(systems.licenceId, params.licenceId) : undefined)
    .orderBy(asc(sql`lower(${systems.name})`));
  return rows.map(toSystemDto);
}

export async function getSystemDto(db: Database, params: { id: string }) {
  const [row] = await db.select().from(systems).where(eq(systems.id, params.id));
  return row ? toSystemDto(row) : undefined;
}
