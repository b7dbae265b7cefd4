import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Job, jobs } from "@/db/schema";
import { CLAIMED_STATES } from "@/lib/jobs/rules";
import { enter, leaves } from "@/lib/jobs/transitions";

/**
 * A claim lasts this long unless renewed (every third of it while the job runs); a worker that died
 * loses its jobs after it. JOB_LEASE_MS tunes it (tests shorten it).
 */
export const LEASE_MS = Math.max(1000, Number(process.env.JOB_LEASE_MS) || 60_000);

export type Claim = { job: Job; workerId: string; attempt: number };

/** What a claim (or a reclaim: both enter Assigned) sets: the worker, one more attempt, the lease. */
function claimedBy(workerId: string) {
  return {
    ...enter("claim"),
    workerProcessId: workerId,
    attempts: sql`${jobs.attempts} + 1`,
    assigned: sql`now()`,
    leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
  };
}

/**
 * Claims a job for a worker: a Waiting one, or one whose claim ran out. One UPDATE with SKIP LOCKED,
 * so any number of workers on any number of machines never take the same job at once. With `jobId`
 * only that job (a BullMQ delivery), otherwise the next by priority, then age.
 */
export async function claimJob(
  db: Database,
  opts: { workerId: string; jobId?: number; expiredOnly?: boolean },
): Promise<Claim | null> {
  const expired = sql`(${leaves("reclaim")} and ${jobs.leaseUntil} < now())`;
  // expiredOnly: a job whose worker died (its claim ran out), not a Waiting one, which has its delivery
  const claimable = opts.expiredOnly ? expired : sql`(${leaves("claim")} or ${expired})`;
  const pick = opts.jobId
    ? sql`select id from ${jobs} where id = ${opts.jobId} and ${claimable} for update skip locked`
    : sql`select id from ${jobs} where ${claimable} order by priority desc, created asc limit 1 for update skip locked`;
  const [job] = await db.update(jobs).set(claimedBy(opts.workerId)).where(sql`${jobs.id} = (${pick})`).returning();
  return job ? { job, workerId: opts.workerId, attempt: job.attempts } : null;
}

/** The rows of these claims: same job, worker and attempt. */
function claimKeys(claims: Claim[]): SQL {
  const tuples = sql.join(
    claims.map((c) => sql`(${c.job.id}::bigint, ${c.workerId}::text, ${c.attempt}::int)`),
    sql`, `,
  );
  return sql`(${jobs.id}, ${jobs.workerProcessId}, ${jobs.attempts}) in (${tuples})`;
}

const CLAIMED = sql.raw(CLAIMED_STATES.map((s) => `'${s}'`).join(", "));

/** The claims still hold: same worker, same attempt, not finished by someone else (one condition for a batch). */
export function anyClaimHolds(claims: Claim[]): SQL {
  return sql`${claimKeys(claims)} and ${jobs.state} in (${CLAIMED})`;
}

/**
 * Claims up to `limit` Waiting jobs at once, by priority, then age (a worker taking work ahead of its deliveries;
 * workers/jobs/pipeline.ts). Jobs whose lease ran out are taken by their own delivery or the in-process runner.
 */
export async function claimWaiting(db: Database, opts: { workerId: string; limit: number }): Promise<Claim[]> {
  if (opts.limit <= 0) return [];
  const rows = await db
    .update(jobs)
    .set(claimedBy(opts.workerId))
    .where(
      sql`${jobs.id} in (select id from ${jobs} where ${leaves("claim")} order by priority desc, created asc limit ${opts.limit} for update skip locked)`,
    )
    .returning();
  // the order of the queue (UPDATE … RETURNING keeps none)
  rows.sort((a, b) => b.priority - a.priority || a.created.getTime() - b.created.getTime() || a.id - b.id);
  return rows.map((job) => ({ job, workerId: opts.workerId, attempt: job.attempts }));
}

/** Renews the leases of claims being worked on (one statement); answers the ids whose claim still holds. */
export async function renewLeases(db: Database, claims: Claim[]): Promise<Set<number>> {
  if (!claims.length) return new Set();
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
    .where(anyClaimHolds(claims))
    .returning({ id: jobs.id });
  return new Set(rows.map((r) => r.id));
}

/** Gives claims not worked on back to the queue (Waiting, as if never claimed), e.g. when maintenance mode begins. */
export async function releaseClaims(db: Database, claims: Claim[]): Promise<void> {
  if (!claims.length) return;
  await db
    .update(jobs)
    .set({
      ...enter("release"),
      workerProcessId: null,
      leaseUntil: null,
      assigned: null,
      started: null,
      attempts: sql`${jobs.attempts} - 1`,
    })
    .where(and(anyClaimHolds(claims), leaves("release")));
}

/** Is the job leased by a live worker (then a second delivery must wait, not drop it)? */
export async function isLeasedElsewhere(db: Database, jobId: number): Promise<boolean> {
  const [row] = await db
    .select({ state: jobs.state, live: sql<boolean>`${jobs.leaseUntil} >= now()` })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  return !!row && (CLAIMED_STATES as readonly string[]).includes(row.state) && row.live;
}
