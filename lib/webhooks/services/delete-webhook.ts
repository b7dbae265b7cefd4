import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { webhooks } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { readWebhook } from "../queries";
import { auditWebhook } from "./audit-webhook";

/** DELETE v3/webhooks/{id}: the webhook and its delivery log; nothing more is sent to it. */
export async function deleteWebhook(db: Database, opts: { caller: Caller; id: string }): Promise<void> {
  const { webhook, system } = await readWebhook(db, opts);
  await db.transaction(async (tx) => {
    await tx.delete(webhooks).where(eq(webhooks.id, webhook.id));
    await auditWebhook(tx, opts.caller, system, "Delete", webhook);
  });
}
