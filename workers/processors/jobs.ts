import type { Database } from "@/db/client";
import { isLeasedElsewhere } from "@/lib/jobs/claim";
import { processNextJob, WORKER_ID } from "@/lib/jobs/process";
import { QUEUES } from "../queues";

/** Thrown so BullMQ retries later: another worker still holds the job's lease. */
export class JobLeasedElsewhere extends Error {}

/**
 * A BullMQ delivery of a job: claim exactly that job from the database and run it. A job that is no
 * longer waiting (already done, removed) makes the delivery a no-op; one still leased by a live worker
 * is retried later, so a delivery that races a dying worker never drops the job.
 */
export async function processJobDelivery(db: Database, data: unknown) {
  const { jobId } = QUEUES.jobs.payload.parse(data);
  const done = await processNextJob(db, { jobId, workerId: WORKER_ID });
  if (!done && (await isLeasedElsewhere(db, jobId))) throw new JobLeasedElsewhere(`job ${jobId} is leased by another worker`);
  return done;
}
