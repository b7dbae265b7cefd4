import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { jobs } from "@/db/schema";
import { JOB_MAX_ATTEMPTS } from "@/lib/jobs/rules";
import { enter, leaves } from "@/lib/jobs/transitions";
import { log } from "@/lib/log";
import { syncJobDelivery } from "@/lib/queue/jobs";
import type { TaskFunction } from "./types";

/** Jobs looked at per run: the oldest leases first; a next run takes the rest. */
export const MONITOR_BATCH = 1000;

/** The error code of a job given up by the monitor (messages `jobErrors.JobAttemptsExhausted`). */
export const ATTEMPTS_EXHAUSTED = "JobAttemptsExhausted";

/**
 * ExtractionJobMonitor (docs/decisions.md): jobs stuck past their lease, Assigned or Processing with `leaseUntil` before
 * the run's time, whose worker died and whose delivery nobody took again.
 *
 * - A job that has used fewer than JOB_MAX_ATTEMPTS claims in its current run (attempts − attemptsBefore) goes back to
 *   Waiting (transition `requeue`, claim fields cleared, queuedAt now) and its delivery is queued again, priority kept.
 * - One that has used them all ends in Error (transition `fail`) with code JobAttemptsExhausted {attempts}: a job that
 *   kills its worker each time is not fed to the next one for ever.
 *
 * Each row changes only if it is still in that state with the lease it was read with, so a worker that renews its
 * lease or finishes meanwhile keeps its job; the worker that lost it cannot finish it any more (its claim no longer
 * holds). A system's run covers that system's jobs only.
 */
export const extractionJobMonitor: TaskFunction = async ({ db, systemId, now }) => {
  const stuck = await db
    .select({
      id: jobs.id,
      priority: jobs.priority,
      restarts: jobs.restarts,
      attempts: jobs.attempts,
      attemptsBefore: jobs.attemptsBefore,
      leaseUntil: jobs.leaseUntil,
    })
    .from(jobs)
    .where(and(leaves("requeue"), lt(jobs.leaseUntil, now), systemId ? eq(jobs.systemId, systemId) : undefined))
    .orderBy(jobs.leaseUntil)
    .limit(MONITOR_BATCH);

  const exhausted = stuck.filter((j) => j.attempts - j.attemptsBefore >= JOB_MAX_ATTEMPTS);
  const again = stuck.filter((j) => j.attempts - j.attemptsBefore < JOB_MAX_ATTEMPTS);
  // still stuck as read: the same lease, a state the transition leaves
  const asRead = (ids: number[]) =>
    and(
      inArray(jobs.id, ids),
      lt(jobs.leaseUntil, now),
      sql`(${jobs.id}, ${jobs.attempts}) in (${sql.join(
        stuck.filter((j) => ids.includes(j.id)).map((j) => sql`(${j.id}::bigint, ${j.attempts}::int)`),
        sql`, `,
      )})`,
    );

  let failed = 0;
  for (const job of exhausted) {
    const attempts = job.attempts - job.attemptsBefore;
    const rows = await db
      .update(jobs)
      .set({
        ...enter("fail"),
        errorCode: ATTEMPTS_EXHAUSTED,
        errorMessage: `The job was given up after ${attempts} attempts: its worker stopped answering each time.`,
        errorParams: { attempts },
        finished: now,
        leaseUntil: null,
      })
      .where(and(leaves("fail"), asRead([job.id])))
      .returning({ id: jobs.id });
    failed += rows.length;
  }

  let requeued = 0;
  if (again.length) {
    const rows = await db
      .update(jobs)
      .set({ ...enter("requeue"), workerProcessId: null, leaseUntil: null, assigned: null, started: null, queuedAt: now })
      .where(and(leaves("requeue"), asRead(again.map((j) => j.id))))
      .returning({ id: jobs.id, priority: jobs.priority, restarts: jobs.restarts });
    requeued = rows.length;
    for (const job of rows) await syncJobDelivery({ jobId: job.id, priority: job.priority, restarts: job.restarts });
  }

  if (requeued || failed) log.warn({ task: "ExtractionJobMonitor", systemId, requeued, failed }, "stuck jobs handled");
  return {
    message: `${stuck.length} stuck job(s): ${requeued} queued again, ${failed} given up (attempts used up)`,
    details: { stuck: stuck.length, requeued, failed },
  };
};
