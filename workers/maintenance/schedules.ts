import type { Payload, QueueName } from "@/lib/queue/queues";

/**
 * Repeating work: every interval, one payload (BullMQ job schedulers with Redis, timers in the embedded runner;
 * workers/scheduling.ts). The scheduler of a later issue (workers/scheduler/) takes this over from the task table.
 */
export const SCHEDULES = [
  { id: "login-maintenance", queue: "maintenance", everyMs: 5 * 60_000, payload: { task: "LoginMaintenance" } },
  { id: "clean-up-jobs", queue: "maintenance", everyMs: 60 * 60_000, payload: { task: "CleanUpJobsV2" } },
  { id: "csb-licence-updater", queue: "maintenance", everyMs: 24 * 60 * 60_000, payload: { task: "CsbLicenceUpdater" } },
] as const satisfies readonly { id: string; queue: QueueName; everyMs: number; payload: Payload<QueueName> }[];
