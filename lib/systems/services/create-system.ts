import type { Database } from "@/db/client";
import { type NewSystem, systems } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { secretChange } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { ensureScheduler } from "@/lib/scheduler/internal-tasks";
import { auditValue, plainColumns } from "../columns";
import { assertLicenceExists, assertNameFree, toSystemDto } from "../queries";
import { systemRuleFailures } from "../rules";
import { type SystemDto, ZSystemInput } from "../schemas";

/** POST systems (ManageSystems): a new tenant with its scheduler and default configuration. */
export async function createSystem(db: Database, opts: { caller: Caller; input: unknown }): Promise<SystemDto> {
  if (!hasPermission(opts.caller.roles, "ManageSystems")) throw new AppError("AccessDenied");
  const input = parseInput(ZSystemInput, opts.input);
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
