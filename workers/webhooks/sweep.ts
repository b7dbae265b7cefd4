import type { Database } from "@/db/client";
import { attemptAndRecord, claimDueDeliveries, removeOldDeliveries } from "@/lib/webhooks/deliveries";
import type { Sweep } from "../transport/consumer";

/** how often a worker looks for due deliveries: an event reaches its receiver about this long after it happened */
export const WEBHOOK_SWEEP_MS = 1000;
/** deliveries one round claims and sends at once (each attempt ends within 10 s) */
const BATCH = 25;
const CLEAN_EVERY_MS = 10 * 60 * 1000;
let lastCleaned = 0;

/**
 * Sends what is due of the webhooks' outbox (issue 26 §1): claims a batch, sends it at once, and goes on while batches
 * come full. Any worker process may; a claim keeps the others off a delivery while it is sent.
 */
export async function sendDueDeliveries(db: Database, opts: { now?: () => Date } = {}): Promise<number> {
  const now = opts.now ?? (() => new Date());
  let sent = 0;
  for (;;) {
    const batch = await claimDueDeliveries(db, { limit: BATCH, now: now() });
    await Promise.all(batch.map((delivery) => attemptAndRecord(db, delivery, { now: now() })));
    sent += batch.length;
    if (batch.length < BATCH) break;
  }
  if (Date.now() - lastCleaned > CLEAN_EVERY_MS) {
    lastCleaned = Date.now();
    await removeOldDeliveries(db, now());
  }
  return sent;
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
