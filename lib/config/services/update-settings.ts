import type { z } from "zod";
import type { Database } from "@/db/client";
import type { AuditCategory } from "@/db/schema";
import { fieldChanges } from "@/lib/audit/changes";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { patchSetting } from "@/lib/settings/store";
import { assertMayChangeConfiguration } from "../access";

/**
 * One PUT of a stored settings group (learn, worker, learn worker): ManageConfiguration, not while export is
 * disabled, the fields sent change and the rest stays; the change and its audit row (each changed field's before and
 * after) in one transaction. A save that changes nothing writes nothing.
 */
export async function updateSettings<S extends z.ZodType>(
  db: Database,
  opts: {
    caller: Caller;
    input: unknown;
    schema: S;
    key: string;
    category: AuditCategory;
    /** the group as it is now (stored over its defaults) */
    current: (db: Database) => Promise<object>;
  },
): Promise<void> {
  assertMayChangeConfiguration(opts.caller);
  const sent = parseInput(opts.schema, opts.input) as Record<string, unknown>;
  const changes = fieldChanges(await opts.current(db), sent);
  if (Object.keys(changes).length === 0) return;
  const patch = Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.after]));
  await db.transaction(async (tx) => {
    await patchSetting(tx, opts.key, patch);
    await writeAudit(tx, opts.caller, {
      category: opts.category,
      operation: "Update",
      systemId: opts.caller.systemId,
      value: changes,
    });
  });
}
