import type { Database } from "@/db/client";
import type { WebhookDelivery } from "@/db/schema";
import { log } from "@/lib/log";
import { attemptAndRecord, claimDueDeliveries, releaseClaims, removeOldDeliveries } from "@/lib/webhooks/deliveries";
import type { Sweep } from "../transport/consumer";

/** how often a worker looks for due deliveries: an event reaches its receiver about this long after it happened */
export const WEBHOOK_SWEEP_MS = 1000;
/** attempts one process has under way at once (each ends within 10 s) */
const IN_FLIGHT_MAX = 32;
/** of them, for one webhook: a receiver that answers slowly or not at all holds back no other system's webhooks */
const PER_WEBHOOK_MAX = 4;
const CLEAN_EVERY_MS = 10 * 60 * 1000;

const sending = new Map<string, number>(); // webhook id -> attempts under way in this process
let underWay = 0;
let lastCleaned = 0;

/**
 * Starts what is due of the webhooks' outbox (issue 26 §1), as many attempts as there are free places: claims a batch
 * (not of webhooks at their own limit), gives back what one webhook got beyond its places, and goes on while batches
 * come full. Answers the attempts it started; the sweep does not wait for them (a slow receiver holds up no round),
 * `wait` does (tests). Any worker process may send; a claim keeps the others off a delivery while it is sent, and a
 * claim of a process that died runs out (CLAIM_MS), so the delivery is sent again.
 */
export async function sendDueDeliveries(db: Database, opts: { now?: () => Date; wait?: boolean } = {}): Promise<number> {
  const now = opts.now ?? (() => new Date());
  const started: Promise<unknown>[] = [];
  for (;;) {
    const free = IN_FLIGHT_MAX - underWay;
    if (free <= 0) break;
    const full = [...sending].filter(([, n]) => n >= PER_WEBHOOK_MAX).map(([id]) => id);
    const batch = await claimDueDeliveries(db, { limit: free, now: now(), exceptWebhooks: full });
    const extra: string[] = [];
    for (const delivery of batch) {
      if ((sending.get(delivery.webhookId) ?? 0) >= PER_WEBHOOK_MAX) extra.push(delivery.id);
      else started.push(send(db, delivery, now()));
    }
    await releaseClaims(db, extra);
    if (batch.length < free || extra.length === batch.length) break;
  }
  if (Date.now() - lastCleaned > CLEAN_EVERY_MS) {
    lastCleaned = Date.now();
    await removeOldDeliveries(db, now());
  }
  if (opts.wait) await Promise.all(started);
  return started.length;
}

function send(db: Database, delivery: WebhookDelivery, now: Date): Promise<unknown> {
  underWay++;
  sending.set(delivery.webhookId, (sending.get(delivery.webhookId) ?? 0) + 1);
  return (
    attemptAndRecord(db, delivery, { now })
      // a database error while recording: the claim runs out and the delivery is sent again
      .catch((err) => log.warn({ err, deliveryId: delivery.id }, "webhook delivery not recorded; it is sent again"))
      .finally(() => {
        underWay--;
        const left = (sending.get(delivery.webhookId) ?? 1) - 1;
        if (left > 0) sending.set(delivery.webhookId, left);
        else sending.delete(delivery.webhookId);
      })
  );
}

/**
 * The webhooks' sender, a sweep beside the jobs queue's deliveries (the outbox is a table, not a queue): in every
 * worker process with Redis, in the server's in-process runner without.
 */
export const webhookSweep: Sweep = {
  on: ["bullmq", "in-process"],
  everyMs: WEBHOOK_SWEEP_MS,
  exclusive: true,
  failure: { level: "warn", message: "could not send the due webhook deliveries" },
  run: (db) => sendDueDeliveries(db),
};
