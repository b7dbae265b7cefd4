import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licences, type System, systems } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { type SystemKey, systemForCaller } from "@/lib/auth/tenancy";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import { AppError } from "@/lib/errors/app-error";
import { canReadSystem } from "./access";
import type { SystemDto } from "./schemas";

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

/** A system may name only an existing licence (systems choose their licence, issue "Systems and licences"). */
export async function assertLicenceExists(tx: Database, licenceId: string | null | undefined): Promise<void> {
  if (!licenceId) return;
  const [found] = await tx.select({ id: licences.id }).from(licences).where(eq(licences.id, licenceId));
  if (!found) throw new AppError("LicenceNotFound", { id: licenceId });
}

/** System names are unique, whatever their case (inside the change's transaction). */
export async function assertNameFree(tx: Database, name: string, exceptId?: string): Promise<void> {
  const conditions = [eq(sql`lower(${systems.name})`, name.toLowerCase())];
  if (exceptId) conditions.push(ne(systems.id, exceptId));
  const [same] = await tx
    .select({ id: systems.id })
    .from(systems)
    .where(and(...conditions));
  if (same) throw new AppError("SystemNameExists", { name });
}

/** A system as the API shows it: stored secrets as a placeholder, never in clear. */
export function toSystemDto(s: System): SystemDto {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    type: s.type,
    isActive: s.isActive,
    canReadGlobalResources: s.canReadGlobalResources,
    activationCode: s.activationCode,
    licenceId: s.licenceId,
    derpcsUrl: s.derpcsUrl ?? "",
    ccsApiKey: s.ccsApiKeyEnc ? SECRET_PLACEHOLDER : "",
    csbUrl: s.csbUrl ?? "",
    csbUser: s.csbUser ?? "",
    csbPassword: s.csbPasswordEnc ? SECRET_PLACEHOLDER : "",
    csbSystem: s.csbSystem ?? "",
  };
}

/** GET systems/{id} and systems/name/{name}: a system for those who may read it (lib/systems/access.ts). */
export async function getSystemForCaller(db: Database, caller: Caller, by: SystemKey) {
  const system = await systemForCaller(db, caller, by, { may: (s) => canReadSystem(caller, s.id) });
  const dto = await getSystemDto(db, { id: system.id });
  if (!dto) throw new AppError("SystemNotFound");
  return dto;
}
