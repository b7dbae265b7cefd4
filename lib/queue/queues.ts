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
  maintenance: {
    name: "maintenance",
    payload: z.object({ task: z.enum(["LoginMaintenance", "CsbLicenceUpdater", "CleanUpJobsV2"]) }),
  },
} as const;

export type QueueName = keyof typeof QUEUES;
export type Payload<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]["payload"]>;
