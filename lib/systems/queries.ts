import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licences, type System, systems } from "@/db/schema";
import { refusal } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { SECRET_PLACEHOLDER } from "@/lib/config/schemas";
import { AppError } from "@/lib/errors/app-error";
import { canReadSystem } from "./access";
import type { SystemDto } from "./schemas";

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

type SystemRow = NonNullable<Awaited<ReturnType<typeof findSystemById>>>;

/**
 * The system of `by` for a caller `allowed` to act on it: 404 SystemNotFound when it does not exist or is foreign,
 * 403 AccessDenied within the caller's own system (lib/auth/access.ts).
 */
export async function systemForCaller(
  db: Database,
  caller: Caller,
  by: { id: string } | { name: string },
  allowed: (system: SystemRow) => boolean,
): Promise<SystemRow> {
  const system = "id" in by ? await findSystemById(db, by) : await findSystemByName(db, by);
  if (!system) throw new AppError("SystemNotFound");
  if (!allowed(system)) throw refusal(caller, system, new AppError("SystemNotFound"));
  return system;
}

/** GET systems/{id} and systems/name/{name}: a system for those who may read it (lib/systems/access.ts). */
export async function getSystemForCaller(db: Database, caller: Caller, by: { id: string } | { name: string }) {
  const system = await systemForCaller(db, caller, by, (s) => canReadSystem(caller, s.id));
  const dto = await getSystemDto(db, { id: system.id });
  if (!dto) throw new AppError("SystemNotFound");
  return dto;
}
