import { learnQueue } from "@/lib/queue/learn";
import type { QueueConsumer } from "../transport/consumer";
import { LEARN_LEASE_MS } from "./claim";

/** how often every worker process (and the embedded runner) sweeps the learn runs */
const LEARN_SWEEP_EVERY_MS = 60_000;

/**
 * The `learn` queue's consumer: a learn run takes a core and its project's documents in memory, so a process runs one
 * at a time whatever maxWorkerCount says (more processes, more at once; workers/learn/processor.ts); a delivery's lock
 * lasts as long as a run's lease. In the embedded server the engine's long steps compute in a child process
 * (workers/learn/compute.ts), so the server keeps answering. The processor, the sweep and the learn engine load at
 * their first use (the embedded server loads the engine at its start, with the switch to the child): a Next server
 * beside `npm run worker` never loads them.
 */
export const learnConsumer: QueueConsumer = {
  queue: learnQueue,
  process: async (db, data) => (await import("./processor")).processLearnDelivery(db, data),
  concurrency: 1,
  lockMs: LEARN_LEASE_MS,
  sweeps: [
    {
      // lost deliveries and dead runs; embedded, the runs left Waiting by a process that stopped at once, too
      on: ["bullmq", "in-process"],
      atStart: ["in-process"],
      everyMs: LEARN_SWEEP_EVERY_MS,
      failure: { level: "error", message: "learn run sweep failed" },
      run: async (db, occasion) => (await import("./sweep")).sweepLearnRuns(db, occasion === "start" ? { olderThanMs: 0 } : {}),
    },
  ],
  server: {
    start: async ({ embedded }) => {
      if (embedded) (await import("./compute")).isolateLearnCompute(true);
    },
  },
};
