import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licences, type NewSystem, systems, users } from "@/db/schema";
import { writeAudit } from "@/lib/audit/service";
import { refusal } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { SECRET_PLACEHOLDER } from "@/lib/config/schemas";
import { sealSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors/app-error";
import { fromZodError } from "@/lib/errors/envelope";
import { ensureScheduler } from "@/lib/scheduler/internal-tasks";
import { toSystemDto } from "../dto";
import { type SystemDto, type SystemInput, ZSystemInput } from "../schemas";
import { systemRuleFailures } from "./validate";

/** A secret field: absent or the placeholder keeps the stored value, "" clears it, anything else replaces it. */
function secretChange(value: string | undefined): { keep: true } | { keep: false; sealed: string | null } {
  if (value === undefined || value === SECRET_PLACEHOLDER) return { keep: true };
  return { keep: false, sealed: value ? sealSecret(value) : null };
}

/** The plain columns of a system from the form; secrets are handled by the caller. */
function plainColumns(input: SystemInput) {
  const isCsb = input.type === "CSB";
  return {
    name: input.name,
    description: input.description,
    type: input.type,
    isActive: input.isActive,
    canReadGlobalResources: input.canReadGlobalResources,
    activationCode: input.activationCode ?? null,
    licenceId: input.licenceId || null,
    derpcsUrl: input.derpcsUrl,
    // a system that is not CSB keeps no CSB connection
    csbUrl: isCsb ? input.csbUrl : null,
    csbUser: isCsb ? input.csbUser : null,
    csbSystem: isCsb ? input.csbSystem : null,
  };
}

function auditValue(id: string, input: SystemInput) {
  const { ccsApiKey, csbPassword, ...rest } = input;
  return { ...rest, id, ccsApiKey: ccsApiKey ? "set" : undefined, csbPassword: csbPassword ? "set" : undefined };
}

/** A system may name only an existing licence (systems choose their licence, issue "Systems and licences"). */
async function assertLicenceExists(tx: Database, licenceId: string | null | undefined): Promise<void> {
  if (!licenceId) return;
  const [found] = await tx.select({ id: licences.id }).from(licences).where(eq(licences.id, licenceId));
  if (!found) throw new AppError("LicenceNotFound", { id: licenceId });
}

async function assertNameFree(tx: Database, name: string, exceptId?: string): Promise<void> {
  const conditions = [eq(sql`lower(${systems.name})`, name.toLowerCase())];
  if (exceptId) conditions.push(ne(systems.id, exceptId));
  const [same] = await tx
    .select({ id: systems.id })
    .from(systems)
    .where(and(...conditions));
  if (same) throw new AppError("SystemNameExists", { name });
}

/** POST systems (ManageSystems): a new tenant with its scheduler and default configuration. */
export async function createSystem(db: Database, opts: { caller: Caller; input: unknown }): Promise<SystemDto> {
  if (!hasPermission(opts.caller.roles, "ManageSystems")) throw new AppError("AccessDenied");
  const parsed = ZSystemInput.safeParse(opts.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;
  const errors = systemRuleFailures(input, { hasStoredCsbPassword: false, isSuper: false });
  if (errors.length) throw AppError.many(errors);
  const ccs = secretChange(input.ccsApiKey);
  const csb = secretChange(input.csbPassword);
  const row = await db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    await assertLicenceExists(tx, input.licenceId);
    const values: NewSystem = {
      ...(input.id ? { id: input.id } : {}),
      ...plainColumns(input),
      ccsApiKeyEnc: ccs.keep ? null : ccs.sealed,
      csbPasswordEnc: input.type === "CSB" && !csb.keep ? csb.sealed : null,
    };
    const [created] = await tx.insert(systems).values(values).onConflictDoNothing({ target: systems.id }).returning();
    if (!created) throw new AppError("InvalidId", { id: input.id ?? "" });
    await ensureScheduler(tx, created.id, false);
    await writeAudit(tx, opts.caller, {
      category: "System",
      operation: "Create",
      systemId: created.id,
      value: auditValue(created.id, input),
    });
    return created;
  });
  return toSystemDto(row);
}

/**
 * PUT systems: with ManageSystems every field; an administrator of the system itself (ManageSystemConfig)
 * changes only its API key (spec operations §2 "System configuration"). The Supersystem keeps its name,
 * type and active state. Deactivating a system ends its users' sessions.
 */
export async function updateSystem(db: Database, opts: { caller: Caller; input: unknown }): Promise<SystemDto> {
  const parsed = ZSystemInput.safeParse(opts.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;
  if (!input.id) throw new AppError("InvalidId", { id: "" });
  const [current] = await db.select().from(systems).where(eq(systems.id, input.id));
  const { caller } = opts;
  const managesSystems = hasPermission(caller.roles, "ManageSystems");
  const ownConfig = current?.id === caller.systemId && hasPermission(caller.roles, "ManageSystemConfig");
  if (!current) throw new AppError("SystemNotFound");
  if (!managesSystems && !ownConfig) throw refusal(caller, current, new AppError("SystemNotFound"));

  const ccs = secretChange(input.ccsApiKey);
  if (!managesSystems) {
    // the system configuration page: the API key only
    if (!ccs.keep) {
      await db.transaction(async (tx) => {
        await tx.update(systems).set({ ccsApiKeyEnc: ccs.sealed, updatedAt: new Date() }).where(eq(systems.id, current.id));
        await writeAudit(tx, caller, {
          category: "System",
          operation: "Update",
          systemId: current.id,
          value: { id: current.id, ccsApiKey: "changed" },
        });
      });
    }
    const [row] = await db.select().from(systems).where(eq(systems.id, current.id));
    return toSystemDto(row ?? current);
  }

  const isSuper = current.type === "Super";
  if (isSuper && (input.name !== current.name || input.type !== "Super" || !input.isActive))
    throw new AppError("SystemNotEditable");
  const csb = secretChange(input.csbPassword);
  const errors = systemRuleFailures(input, { hasStoredCsbPassword: !!current.csbPasswordEnc && csb.keep, isSuper });
  if (errors.length) throw AppError.many(errors);
  const deactivated = current.isActive && !input.isActive;
  const row = await db.transaction(async (tx) => {
    if (input.name.toLowerCase() !== current.name.toLowerCase()) await assertNameFree(tx, input.name, current.id);
    if ((input.licenceId || null) !== current.licenceId) await assertLicenceExists(tx, input.licenceId);
    const isCsb = input.type === "CSB";
    const [updated] = await tx
      .update(systems)
      .set({
        ...plainColumns(input),
        ...(ccs.keep ? {} : { ccsApiKeyEnc: ccs.sealed }),
        ...(isCsb ? (csb.keep ? {} : { csbPasswordEnc: csb.sealed }) : { csbPasswordEnc: null }),
        updatedAt: new Date(),
      })
      .where(eq(systems.id, current.id))
      .returning();
    if (deactivated) {
      const members = await tx.select({ id: users.id }).from(users).where(eq(users.systemId, current.id));
      for (const m of members) await revokeUserSessions(tx, m.id);
    }
    await writeAudit(tx, caller, {
      category: "System",
      operation: "Update",
      systemId: current.id,
      value: auditValue(current.id, input),
    });
    return updated ?? current;
  });
  return toSystemDto(row);
}
