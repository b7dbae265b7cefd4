import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { refusal, worksIn } from "@/lib/auth/access";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { secretUpdate } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { ZSystemConfigInput } from "../schemas";

/**
 * The system configuration page (spec operations §2 "System configuration"): only the system's cognitive cloud
 * API key changes. ManageSystemConfig in the system itself (403 without it, 404 for another system; ManageSystems
 * may for any). The key sent as ******** or left out stays, and so does the key it already has; an empty one clears it
 * (the page asks before clearing). Only a change is saved and audited ("changed" or "cleared", never the key).
 */
export async function updateSystemConfig(
  db: Database,
  opts: { caller: Caller; input: unknown },
): Promise<{ ccsApiKeySet: boolean }> {
  const input = parseInput(ZSystemConfigInput, opts.input);
  const { caller } = opts;
  const [current] = await db.select().from(systems).where(eq(systems.id, input.systemId));
  if (!current) throw new AppError("SystemNotFound");
  const may =
    hasPermission(caller.roles, "ManageSystems") ||
    (worksIn(caller, current) && hasPermission(caller.roles, "ManageSystemConfig"));
  if (!may) throw refusal(caller, current, new AppError("SystemNotFound"));
  const ccs = secretUpdate(input.ccsApiKey, current.ccsApiKeyEnc);
  if (ccs.keep) return { ccsApiKeySet: !!current.ccsApiKeyEnc };
  await db.transaction(async (tx) => {
    await tx.update(systems).set({ ccsApiKeyEnc: ccs.sealed, updatedAt: new Date() }).where(eq(systems.id, current.id));
    // the page is the system's own (system portal): a Supersystem administrator there is its deputy
    await writeAudit(tx, actingIn(caller, current), {
      category: "System",
      operation: "Update",
      systemId: current.id,
      value: { id: current.id, ccsApiKey: ccs.audit },
    });
  });
  return { ccsApiKeySet: !!ccs.sealed };
}
