import type { Database } from "@/db/client";
import { log } from "@/lib/log";
import { schedulerQueue, scheduleTicks } from "@/lib/queue/scheduler";
import { checkIntervalSeconds } from "@/lib/scheduler/queries";
import { WORKER_ID } from "../worker-id";

let registeredInterval: number | undefined;

/**
 * With Redis: registers the tick's BullMQ job scheduler every checkInterval (idempotent: any number of servers and
 * workers register it; the workers of `npm run worker` process it), and remembers the interval.
 */
export async function registerTicks(db: Database): Promise<void> {
  const seconds = await checkIntervalSeconds(db);
  await scheduleTicks(seconds);
  registeredInterval = seconds;
}

/**
 * The `scheduler` queue's processor: one tick (BullMQ job scheduler every checkInterval). Should the interval have
 * changed without the job scheduler following (Redis was away when it was saved), it is registered again. The engine
 * and its task functions load at the first tick: the Next server, which only registers the ticks, never loads them.
 */
export async function processSchedulerTick(db: Database, data: unknown) {
  schedulerQueue.payload.parse(data ?? {});
  const { tick } = await import("./engine");
  const results = await tick(db, { workerId: WORKER_ID });
  const interval = await checkIntervalSeconds(db);
  if (interval !== registeredInterval) {
    await scheduleTicks(interval);
    registeredInterval = interval;
    log.info({ checkInterval: interval }, "scheduler tick interval registered");
  }
  return { ran: results.length, failed: results.filter((r) => r.outcome === "error").length };
}
