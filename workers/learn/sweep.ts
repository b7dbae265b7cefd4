import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnRuns } from "@/db/schema";
import { learnDeliveryId, learnQueue } from "@/lib/queue/learn";
import { redisConnection } from "@/lib/queue/redis";
import { LEARN_LEASE_MS } from "./claim";
import { learnLog } from "./log";
import { learnRunQueuedHere } from "./processor";

/** A run waiting this long without a worker taking it gets its delivery again. */
const REDELIVER_AFTER_MS = 60_000;
/** BullMQ states in which a delivery will still reach a worker. */
const ALIVE = new Set(["waiting", "wait", "prioritized", "delayed", "paused", "active", "waiting-children"]);

/**
 * The learn runs' sweep (as workers/jobs/redeliver.ts for jobs): a run Waiting for a while (its delivery was lost, or
 * queued in a process that stopped) or Running with a heartbeat older than the lease (its worker died) gets a delivery
 * again: with Redis unless one is still on its way; embedded unless this process has it queued. The claim decides who
 * runs it (once). Answers how many runs were delivered again.
 */
export async function sweepLearnRuns(db: Database, { olderThanMs = REDELIVER_AFTER_MS, limit = 100 } = {}): Promise<number> {
  const waitingSince = new Date(Date.now() - olderThanMs).toISOString();
  const stale = new Date(Date.now() - LEARN_LEASE_MS).toISOString();
  const runs = await db
    .select({ id: learnRuns.id })
    .from(learnRuns)
    .where(
      or(
        and(eq(learnRuns.state, "Waiting"), lt(learnRuns.created, sql`${waitingSince}::timestamptz`)),
        and(eq(learnRuns.state, "Running"), lt(learnRuns.heartbeat, sql`${stale}::timestamptz`)),
      ),
    )
    .orderBy(asc(learnRuns.created))
    .limit(limit);
  let again = 0;
  for (const { id } of runs) {
    if (redisConnection()) {
      const existing = await learnQueue.bullmq().getJob(learnDeliveryId(id));
      if (existing) {
        if (ALIVE.has(await existing.getState())) continue;
        await existing.remove();
      }
      await learnQueue.add({ runId: id });
    } else {
      if (learnRunQueuedHere(id)) continue;
      await learnQueue.enqueue({ runId: id });
    }
    again++;
  }
  if (again) learnLog.warn({ again }, "learn runs delivered again");
  return again;
}
