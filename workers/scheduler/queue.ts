import { getDb } from "@/lib/db";
import { schedulerQueue } from "@/lib/queue/scheduler";
import { LEASE_MS } from "../jobs/claim";
import type { QueueConsumer } from "../transport/consumer";
import { processSchedulerTick, registerTicks } from "./processor";

/** the embedded timer and the onStart/onStop tasks, and with them the engine and its task functions (archives, mails…) */
const embeddedScheduler = () => import("./embedded");

/**
 * The `scheduler` queue's consumer (DESIGN.md "Operational areas" → Scheduler): a tick every checkInterval. With Redis
 * a BullMQ job scheduler adds the ticks, registered by the server and by every worker process, and the worker
 * processes run them (maxWorkerCount at once, a delivery's lock as long as a job's lease); embedded, a timer of the
 * server ticks (workers/scheduler/embedded.ts). The onStart tasks run when a worker process or the embedded runner
 * starts, the onStop tasks at its graceful stop. The engine and its task functions load at the first tick or task
 * (./processor.ts, ./embedded.ts): a Next server beside `npm run worker` only registers the tick and never loads them.
 */
export const schedulerConsumer: QueueConsumer = {
  queue: schedulerQueue,
  process: processSchedulerTick,
  concurrency: "slots",
  lockMs: LEASE_MS,
  server: {
    start: async ({ embedded }) => {
      if (embedded) (await embeddedScheduler()).startEmbeddedScheduler();
      else await registerTicks(await getDb());
    },
    stop: async (opts) => (await embeddedScheduler()).stopEmbeddedScheduler(opts),
  },
  workerProcess: {
    start: async () => {
      await registerTicks(await getDb());
      (await embeddedScheduler()).runStartTasks();
    },
    stop: async () => (await embeddedScheduler()).runStopTasks(),
  },
};
