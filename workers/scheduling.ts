import { log } from "@/lib/log";
import { scheduleTicks } from "@/lib/queue";
import { redisConnection } from "@/lib/queue/redis";
import { checkIntervalSeconds } from "@/lib/scheduler/queries";
import { getDb } from "@/lib/setup/bootstrap";
import { startEmbeddedScheduler } from "./scheduler/embedded";
import { runEvent, workerId } from "./scheduler/engine";
import { ticksRegistered } from "./scheduler/processor";

/**
 * The scheduler's tick (DESIGN.md "Operational areas" → Scheduler). With Redis a BullMQ job scheduler on the
 * `scheduler` queue every checkInterval (idempotent: any number of servers and workers register it; the workers of
 * `npm run worker` process it); without, the embedded runner's timer (workers/scheduler/embedded.ts).
 */
export async function startScheduling(): Promise<void> {
  if (!redisConnection()) {
    startEmbeddedScheduler();
    return;
  }
  const seconds = await checkIntervalSeconds(await getDb());
  await scheduleTicks(seconds);
  ticksRegistered(seconds);
}

/** A worker process has started: its onStart tasks (in the background; the worker takes deliveries meanwhile). */
export function runStartTasks(): void {
  void (async () => {
    try {
      await runEvent(await getDb(), "onStart", { workerId: workerId() });
    } catch (err) {
      log.error({ err }, "scheduler onStart tasks failed");
    }
  })();
}
