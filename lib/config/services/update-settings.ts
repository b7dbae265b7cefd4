import type { z } from "zod";
import type { Database } from "@/db/client";
import type { AuditCategory } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { assertMayChangeConfiguration } from "../access";
import { patchSetting } from "../service-config";

/**
 * One PUT of a stored settings group (learn, worker, learn worker): ManageConfiguration, not while export is
 * disabled, the fields sent change and the rest stays; the change and its audit row in one transaction.
 */
export async function updateSettings<S extends z.ZodType>(
  db: Database,
  opts: { caller: Caller; input: unknown; schema: S; key: string; category: AuditCategory },
): Promise<void> {
  assertMayChangeConfiguration(opts.caller);
  const patch = parseInput(opts.schema, opts.input) as Record<string, unknown>;
  await db.transaction(async (tx) => {
    await patchSetting(tx, opts.key, patch);
    await writeAudit(tx, opts.caller, {
      category: opts.category,
      operation: "Update",
      systemId: opts.caller.systemId,
      value: patch,
    });
  });
}
