import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Webhook, type WebhookDelivery, webhooks } from "@/db/schema";
import { log } from "@/lib/log";
import { getServiceConfig } from "@/lib/settings/store";
import { attemptAndRecord, claimDueDeliveries, removeOldDeliveries, webhooksWithDueDeliveries } from "@/lib/webhooks/deliveries";

/** attempts one process has under way at once (each ends within 10 s) */
const IN_FLIGHT_MAX = 32;
/** of them, for one webhook: a receiver that answers slowly or not at all holds back no other system's webhooks */
const PER_WEBHOOK_MAX = 4;
/** a webhook's row and the service URL are read again after this long: a change reaches the sender within a second */
const READ_TTL_MS = 1000;
const CLEAN_EVERY_MS = 10 * 60 * 1000;

const sending = new Map<string, number>(); // webhook id -> attempts under way in this process
let underWay = 0;
let lastCleaned = 0;
/** the claim round under way, if any: one at a time per process */
let round: Promise<Promise<unknown>[]> | null = null;
let roundAgain = false;
/** webhooks whose attempt just ended: the next round claims for them first, without looking for due ones */
const hinted = new Set<string>();
const reads = new Map<string, { at: number; value: unknown }>();

/**
 * Starts what is due of the webhooks' outbox (issue 26 §1) in the free places of the pool: for each webhook with due
 * deliveries and free places of its own (in a random order), claims its oldest for those places. Each attempt that
 * ends frees its place and claims the next of its webhook at once, so a busy webhook is sent to continuously, not once
 * a sweep. Answers the attempts it started; `wait` waits for a round under way to end, runs its own and waits for the
 * attempts it started (tests, the bench). Any worker process may send; a claim keeps the others off a delivery while
 * it is sent, and a claim of a process that died runs out (CLAIM_MS), so the delivery is sent again.
 */
export async function sendDueDeliveries(db: Database, opts: { now?: () => Date; wait?: boolean } = {}): Promise<number> {
  if (round && !opts.wait) {
    // the round under way goes round once more
    roundAgain = true;
    return 0;
  }
  while (round) await round.catch(() => []);
  return runRound(db, opts.now ?? (() => new Date()), { look: true, wait: opts.wait });
}

async function runRound(db: Database, now: () => Date, opts: { look: boolean; wait?: boolean }): Promise<number> {
  round = claimRound(db, now, opts.look);
  let started: Promise<unknown>[];
  try {
    started = await round;
  } finally {
    round = null;
  }
  if (opts.wait) await Promise.all(started);
  return started.length;
}

/** An attempt of `webhookId` ended: its place goes to its next due delivery (or, in the round under way, to any). */
function refill(db: Database, webhookId: string, now: () => Date): void {
  hinted.add(webhookId);
  if (round) {
    roundAgain = true;
    return;
  }
  runRound(db, now, { look: false }).catch((err) => log.warn({ err }, "could not send the due webhook deliveries"));
}

async function claimRound(db: Database, now: () => Date, look: boolean): Promise<Promise<unknown>[]> {
  const started: Promise<unknown>[] = [];
  do {
    roundAgain = false;
    if (IN_FLIGHT_MAX - underWay <= 0) break;
    const ids = new Set(hinted);
    hinted.clear();
    if (look) {
      const full = [...sending].filter(([, n]) => n >= PER_WEBHOOK_MAX).map(([id]) => id);
      // in a random order: when there are more webhooks than places, none is always last
      for (const id of shuffle(await webhooksWithDueDeliveries(db, { now: now(), except: full }))) ids.add(id);
      look = false;
    }
    for (const webhookId of ids) {
      const limit = Math.min(IN_FLIGHT_MAX - underWay, PER_WEBHOOK_MAX - (sending.get(webhookId) ?? 0));
      if (limit <= 0) continue;
      const claimed = await claimDueDeliveries(db, { webhookId, limit, now: now() });
      if (!claimed.length) continue;
      const read = {
        webhook: await kept(
          `webhook:${webhookId}`,
          async () => (await db.select().from(webhooks).where(eq(webhooks.id, webhookId)))[0],
        ),
        serviceUrl: await kept("serviceUrl", async () => (await getServiceConfig(db)).serviceUrl),
      };
      for (const delivery of claimed) started.push(send(db, delivery, now, read));
    }
  } while (roundAgain || hinted.size > 0);
  if (Date.now() - lastCleaned > CLEAN_EVERY_MS) {
    lastCleaned = Date.now();
    await removeOldDeliveries(db, now());
  }
  return started;
}

/** A value read at most once a READ_TTL_MS per key (a webhook's row, the service URL). */
async function kept<T>(key: string, read: () => Promise<T>): Promise<T> {
  const last = reads.get(key);
  if (last && Date.now() - last.at < READ_TTL_MS) return last.value as T;
  const value = await read();
  if (reads.size > 1000) reads.clear();
  reads.set(key, { at: Date.now(), value });
  return value;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

function send(
  db: Database,
  delivery: WebhookDelivery,
  now: () => Date,
  read: { webhook: Webhook | undefined; serviceUrl: string },
): Promise<unknown> {
  underWay++;
  sending.set(delivery.webhookId, (sending.get(delivery.webhookId) ?? 0) + 1);
  // a webhook deleted meanwhile: attemptAndRecord reads it again and finds none
  return attemptAndRecord(db, delivery, {
    now: now(),
    ...(read.webhook && { webhook: read.webhook }),
    serviceUrl: read.serviceUrl,
  })
    .catch((err) => {
      // a database error while recording: the claim runs out and the delivery is sent again
      log.warn({ err, deliveryId: delivery.id }, "webhook delivery not recorded; it is sent again");
    })
    .finally(() => {
      underWay--;
      const left = (sending.get(delivery.webhookId) ?? 1) - 1;
      if (left > 0) sending.set(delivery.webhookId, left);
      else sending.delete(delivery.webhookId);
      refill(db, delivery.webhookId, now);
    });
}
