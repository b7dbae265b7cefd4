import type { Database } from "@/db/client";
import { WEBHOOK_TEST_EVENT, webhookDeliveries } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { attemptAndRecord, CLAIM_MS } from "../deliveries";
import { readDelivery, readWebhook } from "../queries";
import type { DeliveryDto } from "../schemas";

/**
 * POST v3/webhooks/{id}/test: a `webhook.test` delivery sent at once and tried once, also for a disabled webhook (to see
 * whether its receiver answers again before enabling it); the answer is the delivery with its outcome. Its record is
 * the delivery log, not the audit trail: it changes no setting.
 */
export async function testWebhook(db: Database, opts: { caller: Caller; id: string }): Promise<DeliveryDto> {
  const { webhook } = await readWebhook(db, opts);
  const now = new Date();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: webhook.id,
      systemId: webhook.systemId,
      event: WEBHOOK_TEST_EVENT,
      data: { webhookId: webhook.id, systemId: webhook.systemId, projectId: webhook.projectId },
      created: now,
      nextAttempt: null,
      lockedUntil: new Date(now.getTime() + CLAIM_MS),
    })
    .returning();
  if (!delivery) throw new Error("delivery not written");
  await attemptAndRecord(db, delivery, { now });
  return readDelivery(db, { webhookId: webhook.id, id: delivery.id });
}
