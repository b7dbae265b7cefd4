import type { Database } from "@/db/client";
import { log } from "@/lib/log";
import { scheduleTicks } from "@/lib/queue";
import { QUEUES } from "@/lib/queue/queues";
import { checkIntervalSeconds } from "@/lib/scheduler/queries";
import { tick, workerId } from "./engine";

let registeredInterval: number | undefined;

/** Remembers the interval the tick's job scheduler was registered with (workers/scheduling.ts). */
export function ticksRegistered(seconds: number): void {
  registeredInterval = seconds;
}

/**
 * The `scheduler` queue's processor: one tick (BullMQ job scheduler every checkInterval). Should the interval have
 * changed without the job scheduler following (Redis was away when it was saved), it is registered again.
 */
export async function processSchedulerTick(db: Database, data: unknown) {
  QUEUES.scheduler.payload.parse(data ?? {});
  const results = await tick(db, { workerId: workerId() });
  const interval = await checkIntervalSeconds(db);
  if (interval !== registeredInterval) {
    await scheduleTicks(interval);
    registeredInterval = interval;
    log.info({ checkInterval: interval }, "scheduler tick interval registered");
  }
  return { ran: results.length, failed: results.filter((r) => r.outcome === "error").length };
}
