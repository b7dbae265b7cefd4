import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { webhooks } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { sealSecret } from "@/lib/crypto/secrets";
import { PREVIOUS_SECRET_MS } from "../deliveries";
import { readWebhook } from "../queries";
import { newWebhookSecret } from "../signing";
import { auditWebhook } from "./audit-webhook";

/**
 * POST v3/webhooks/{id}/secret: a new secret, shown only in this answer. For a day the previous one signs as well (a
 * second signature in `webhook-signature`), so that the receiver can switch to the new one without missing a delivery.
 */
export async function rotateWebhookSecret(
  db: Database,
  opts: { caller: Caller; id: string; now?: Date },
): Promise<{ secret: string; previousSecretValidUntil: string }> {
  const { webhook, system } = await readWebhook(db, opts);
  const now = opts.now ?? new Date();
  const secret = newWebhookSecret();
  const until = new Date(now.getTime() + PREVIOUS_SECRET_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(webhooks)
      .set({ secretEnc: sealSecret(secret), previousSecretEnc: webhook.secretEnc, previousSecretUntil: until, updated: now })
      .where(eq(webhooks.id, webhook.id));
    await auditWebhook(tx, opts.caller, system, "Update", webhook, { secret: "changed" });
  });
  return { secret, previousSecretValidUntil: until.toISOString() };
}
