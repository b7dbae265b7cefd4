import { and, asc, desc, eq, lt } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobs } from "@/db/schema";
import { log } from "@/lib/log";
import { deliveryId, jobsQueue } from "@/lib/queue/jobs";
import { redisConnection } from "@/lib/queue/redis";

/** Waiting this long without being claimed makes the sweep look at a job's delivery. */
const REDELIVER_AFTER_MS = 2 * 60_000;
/** How often every worker process sweeps (workers/jobs/queue.ts). */
export const REDELIVER_EVERY_MS = 60_000;

/**
 * The sweep of worker processes: a job Waiting for a while whose delivery is missing from BullMQ (Redis was down
 * when it was posted, or its data was lost) or already ended there gets its delivery again. Deliveries have an id per
 * run of the job (deliveryId), so a sweep of several workers at once adds each at most once. Looks at the oldest
 * `limit` such jobs per run; answers how many it delivered again.
 */
export async function redeliverWaitingJobs(
  db: Database,
  { olderThanMs = REDELIVER_AFTER_MS, limit = 1000 } = {},
): Promise<number> {
  if (!redisConnection()) return 0;
  const waiting = await db
    .select({ id: jobs.id, priority: jobs.priority, restarts: jobs.restarts })
    .from(jobs)
    .where(and(eq(jobs.state, "Waiting"), lt(jobs.created, new Date(Date.now() - olderThanMs))))
    .orderBy(desc(jobs.priority), asc(jobs.created))
    .limit(limit);
  const queue = jobsQueue.bullmq();
  let again = 0;
  for (const job of waiting) {
    const existing = await queue.getJob(deliveryId(job.id, job.restarts));
    if (existing) {
      const state = await existing.getState();
      if (state !== "completed" && state !== "failed" && state !== "unknown") continue;
      await existing.remove();
    }
    await jobsQueue.add({ jobId: job.id, priority: job.priority, restarts: job.restarts, turn: 0 });
    again++;
  }
  if (again) log.warn({ again }, "job deliveries queued again");
  return again;
}
