import type { Database } from "@/db/client";
import { jobsQueue } from "@/lib/queue/jobs";
import { jobPipeline } from "./pipeline";

/**
 * A BullMQ delivery of a job: this process's pipeline claims exactly that job from the database (and a few waiting
 * ones ahead) and answers once its end is recorded. A job that is no longer waiting (already done, removed) makes the
 * delivery a no-op; one still leased by a live worker, or met by maintenance mode, throws RetryLater so the delivery
 * comes again later (workers/transport/bullmq.ts), so a delivery that races a dying worker never drops the job.
 */
export async function processJobDelivery(db: Database, data: unknown) {
  const { jobId, restarts } = jobsQueue.payload.parse(data);
  return jobPipeline().deliver(db, jobId, restarts);
}
