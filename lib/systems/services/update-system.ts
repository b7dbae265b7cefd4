import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems, users } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { refusal } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { secretChange, secretUpdate } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { auditValue, plainColumns } from "../columns";
import { assertLicenceExists, assertNameFree, toSystemDto } from "../queries";
import { systemRuleFailures } from "../rules";
import { type SystemDto, ZSystemInput } from "../schemas";

/**
 * PUT systems: with ManageSystems every field; an administrator of the system itself (ManageSystemConfig)
 * changes only its API key (spec operations §2 "System configuration"). The Supersystem keeps its name,
 * type and active state. Deactivating a system ends its users' sessions.
 */
export async function updateSystem(db: Database, opts: { caller: Caller; input: unknown }): Promise<SystemDto> {
  const input = parseInput(ZSystemInput, opts.input);
  if (!input.id) throw new AppError("InvalidId", { id: "" });
  const [current] = await db.select().from(systems).where(eq(systems.id, input.id));
  const { caller } = opts;
  const managesSystems = hasPermission(caller.roles, "ManageSystems");
  const ownConfig = current?.id === caller.systemId && hasPermission(caller.roles, "ManageSystemConfig");
  if (!current) throw new AppError("SystemNotFound");
  if (!managesSystems && !ownConfig) throw refusal(caller, current, new AppError("SystemNotFound"));

  if (!managesSystems) {
    // the system configuration page: the API key only, saved and audited when it changes
    const ccs = secretUpdate(input.ccsApiKey, current.ccsApiKeyEnc);
    if (!ccs.keep) {
      await db.transaction(async (tx) => {
        await tx.update(systems).set({ ccsApiKeyEnc: ccs.sealed, updatedAt: new Date() }).where(eq(systems.id, current.id));
        await writeAudit(tx, caller, {
          category: "System",
          operation: "Update",
          systemId: current.id,
          value: { id: current.id, ccsApiKey: ccs.audit },
        });
      });
    }
    const [row] = await db.select().from(systems).where(eq(systems.id, current.id));
    return toSystemDto(row ?? current);
  }

  const isSuper = current.type === "Super";
  if (isSuper && (input.name !== current.name || input.type !== "Super" || !input.isActive))
    throw new AppError("SystemNotEditable");
  const ccs = secretChange(input.ccsApiKey);
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
