import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Job, jobs } from "@/db/schema";

/**
 * A claim lasts this long unless renewed (every third of it while the job runs); a worker that died
 * loses its jobs after it. JOB_LEASE_MS tunes it (tests shorten it).
 */
export const LEASE_MS = Math.max(1000, Number(process.env.JOB_LEASE_MS) || 60_000);

export type Claim = { job: Job; workerId: string; attempt: number };

/**
 * Claims a job for a worker: a Waiting one, or one whose claim ran out. One UPDATE with SKIP LOCKED,
 * so any number of workers on any number of machines never take the same job at once. With `jobId`
 * only that job (a BullMQ delivery), otherwise the next by priority, then age.
 */
export async function claimJob(db: Database, opts: { workerId: string; jobId?: number }): Promise<Claim | null> {
  const pick = opts.jobId
    ? sql`select id from ${jobs} where id = ${opts.jobId} and (state = 'Waiting' or (state in ('Assigned', 'Processing') and lease_until < now())) for update skip locked`
    : sql`select id from ${jobs} where state = 'Waiting' or (state in ('Assigned', 'Processing') and lease_until < now()) order by priority desc, created asc limit 1 for update skip locked`;
  const [job] = await db
    .update(jobs)
    .set({
      state: "Assigned",
      workerProcessId: opts.workerId,
      attempts: sql`${jobs.attempts} + 1`,
      assigned: sql`now()`,
      leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
    })
    .where(sql`${jobs.id} = (${pick})`)
    .returning();
  return job ? { job, workerId: opts.workerId, attempt: job.attempts } : null;
}

/** The claim still holds: same worker, same attempt, not finished by someone else. */
export function claimHolds(claim: Claim) {
  return and(
    eq(jobs.id, claim.job.id),
    eq(jobs.workerProcessId, claim.workerId),
    eq(jobs.attempts, claim.attempt),
    sql`${jobs.state} in ('Assigned', 'Processing')`,
  );
}

/** Renews the lease while the job is worked on; false when the claim was lost. */
export async function renewLease(db: Database, claim: Claim): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
    .where(claimHolds(claim))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Is the job leased by a live worker (then a second delivery must wait, not drop it)? */
export async function isLeasedElsewhere(db: Database, jobId: number): Promise<boolean> {
  const [row] = await db
    .select({ state: jobs.state, live: sql<boolean>`${jobs.leaseUntil} >= now()` })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  return !!row && (row.state === "Assigned" || row.state === "Processing") && row.live;
}
