import { z } from "zod";
import { defineQueue } from "./define";
import { redisConnection } from "./redis";

/**
 * The `scheduler` queue: the scheduler's tick (DESIGN.md "Operational areas" → Scheduler). With Redis a BullMQ job
 * scheduler adds one every checkInterval (scheduleTicks); workers/scheduler runs it.
 */
export const schedulerQueue = defineQueue({
  name: "scheduler",
  payload: z.object({ tick: z.literal(true).default(true) }),
  options: () => ({ removeOnComplete: 1000, removeOnFail: 5000 }),
});

const tickListener = globalThis as typeof globalThis & { __docserviceTickInterval?: (seconds: number) => void };

/** The embedded runner's scheduler (workers/scheduler/embedded.ts) hears a saved check interval here (no Redis). */
export function onLocalTickInterval(listener: ((seconds: number) => void) | undefined): void {
  tickListener.__docserviceTickInterval = listener;
}

/** The id of the scheduler tick's BullMQ job scheduler. */
export const SCHEDULER_TICK_ID = "scheduler-tick";

/**
 * With Redis: (re)registers the scheduler's tick every `checkIntervalSeconds` as a BullMQ job scheduler (idempotent,
 * any number of servers and workers may call it; a new interval replaces the old). Without Redis the embedded
 * runner's timer starts its wait again with the new interval.
 */
export async function scheduleTicks(checkIntervalSeconds: number): Promise<void> {
  if (!redisConnection()) {
    tickListener.__docserviceTickInterval?.(checkIntervalSeconds);
    return;
  }
  await schedulerQueue
    .bullmq()
    .upsertJobScheduler(
      SCHEDULER_TICK_ID,
      { every: checkIntervalSeconds * 1000 },
      { name: schedulerQueue.name, data: { tick: true }, opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
}
