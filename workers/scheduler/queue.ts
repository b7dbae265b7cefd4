import { getDb } from "@/lib/db";
import { schedulerQueue } from "@/lib/queue/scheduler";
import { LEASE_MS } from "../jobs/claim";
import type { QueueConsumer } from "../transport/consumer";
import { runStartTasks, runStopTasks, startEmbeddedScheduler, stopEmbeddedScheduler } from "./embedded";
import { processSchedulerTick, registerTicks } from "./processor";

/**
 * The `scheduler` queue's consumer (DESIGN.md "Operational areas" → Scheduler): a tick every checkInterval. With Redis
 * a BullMQ job scheduler adds the ticks, registered by the server and by every worker process, and the worker
 * processes run them (maxWorkerCount at once, a delivery's lock as long as a job's lease); embedded, a timer of the
 * server ticks (workers/scheduler/embedded.ts). The onStart tasks run when a worker process or the embedded runner
 * starts, the onStop tasks at its graceful stop.
 */
export const schedulerConsumer: QueueConsumer = {
  queue: schedulerQueue,
  process: processSchedulerTick,
  concurrency: "slots",
  lockMs: LEASE_MS,
  server: {
    start: async ({ embedded }) => {
      if (embedded) startEmbeddedScheduler();
      else await registerTicks(await getDb());
    },
    stop: (opts) => stopEmbeddedScheduler(opts),
  },
  workerProcess: {
    start: async () => {
      await registerTicks(await getDb());
      runStartTasks();
    },
    stop: runStopTasks,
  },
};
