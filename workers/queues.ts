import { z } from "zod";

/** The queues of the service and the payload each carries (validated by its processor). */
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

/** Repeating work: every interval, one payload (BullMQ job schedulers; setInterval in-process). */
export const SCHEDULES = [
  { id: "login-maintenance", queue: "maintenance", everyMs: 5 * 60_000, payload: { task: "LoginMaintenance" } },
  { id: "clean-up-jobs", queue: "maintenance", everyMs: 60 * 60_000, payload: { task: "CleanUpJobsV2" } },
  { id: "csb-licence-updater", queue: "maintenance", everyMs: 24 * 60 * 60_000, payload: { task: "CsbLicenceUpdater" } },
] as const satisfies readonly { id: string; queue: QueueName; everyMs: number; payload: Payload<QueueName> }[];
