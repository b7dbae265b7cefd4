import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { attemptAndRecord, CLAIM_MS } from "../deliveries";
import { readDelivery, readWebhook } from "../queries";
import type { DeliveryDto } from "../schemas";

/**
 * POST v3/webhooks/{id}/deliveries/{deliveryId}/resend (the delivery log's resend button): one more attempt at once,
 * with the delivery's own `webhook-id` and body. When it fails, a delivery still within its retries goes on with them;
 * one past them stays failed. While a worker is sending it just now, the answer is the delivery as it stands. Its
 * record is the delivery log, not the audit trail: it changes no setting.
 */
export async function resendWebhookDelivery(
  db: Database,
  opts: { caller: Caller; id: string; deliveryId: string },
): Promise<DeliveryDto> {
  const { webhook } = await readWebhook(db, opts);
  const delivery = await readDelivery(db, { webhookId: webhook.id, id: opts.deliveryId });
  const now = new Date();
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(webhookDeliveries.id, delivery.id),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
      ),
    )
    .returning();
  if (!claimed) return delivery;
  await attemptAndRecord(db, claimed, { now });
  return readDelivery(db, { webhookId: webhook.id, id: delivery.id });
}
