import { z } from "zod";

/** The queues of the service and the payload each carries: checked by enqueue, and again by the queue's processor. */
export const QUEUES = {
  jobs: {
    name: "jobs",
    // restarts: the job's restart count when queued, so a delivery of a restarted job is told from an older one
    payload: z.object({
      jobId: z.number().int().positive(),
      priority: z.number().int().min(1).max(10).default(5),
      restarts: z.number().int().min(0).default(0),
    }),
  },
  // the scheduler's tick (DESIGN.md "Operational areas" → Scheduler): a BullMQ job scheduler adds one every checkInterval
  scheduler: {
    name: "scheduler",
    payload: z.object({ tick: z.literal(true).default(true) }),
  },
  // a learn run asked for (lib/learn/services/request-learn-run.ts): the run waits in learn_runs, workers/learn runs it
  learn: {
    name: "learn",
    payload: z.object({ runId: z.number().int().positive() }),
  },
} as const;

export type QueueName = keyof typeof QUEUES;
export type Payload<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]["payload"]>;
