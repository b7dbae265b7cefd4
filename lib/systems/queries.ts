import { asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { canReadSystem } from "./access";
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

/** GET systems/name/{name} and its alias systems/name?name=: a system the caller may read, by name; 404 otherwise. */
export async function readSystemByName(db: Database, caller: Caller, name: string) {
  const found = await findSystemByName(db, { name });
  const system = found && canReadSystem(caller, found.id) ? await getSystemDto(db, { id: found.id }) : undefined;
  if (!system) throw new AppError("SystemNotFound");
  return system;
}
