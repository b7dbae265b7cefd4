import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Job, jobs } from "@/db/schema";
import { CLAIMED_STATES, JOB_TRANSITIONS } from "@/lib/jobs/rules";
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
 * only that job (a BullMQ delivery), otherwise the next in fair order (fairQueue), else by priority, then age.
 */
export async function claimJob(
  db: Database,
  opts: { workerId: string; jobId?: number; expiredOnly?: boolean },
): Promise<Claim | null> {
  if (!opts.jobId && !opts.expiredOnly) {
    // the next Waiting job in fair order; when others took those meanwhile, the plain pick below
    const [fair] = await claimIds(db, opts.workerId, await fairQueue(db, FAIR_CANDIDATES), 1);
    if (fair) return fair;
  }
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
/** the states a claim takes a job from (Waiting) */
const CLAIMABLE = sql.raw(JOB_TRANSITIONS.claim.from.map((s) => `'${s}'`).join(", "));

/** The claims still hold: same worker, same attempt, not finished by someone else (one condition for a batch). */
export function anyClaimHolds(claims: Claim[]): SQL {
  return sql`${claimKeys(claims)} and ${jobs.state} in (${CLAIMED})`;
}

/** Fair share is on unless FAIR_SHARE=off (lib/env). */
const fairShare = () => process.env.FAIR_SHARE !== "off";

/** How many of the fair queue's first jobs a single claim considers (others may take some meanwhile). */
const FAIR_CANDIDATES = 8;

/**
 * Issue 26 §5, fair share: the ids of the first `limit` Waiting jobs in the order workers take them — by priority, and
 * within a priority round robin over the systems: a job's turn is its place in its system's queue plus the system's
 * jobs in work, the lower first, the older of equal turns first. So a system that posts thousands of jobs does not
 * hold back one that posts ten, and busy systems share the workers evenly. Read without locks; claimIds takes those
 * still Waiting.
 */
export async function fairQueue(db: Database, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  // FAIR_SHARE=off: the order before (priority, then age), the baseline of bench/fairness.ts
  if (!fairShare()) {
    const rows = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(leaves("claim"))
      .orderBy(sql`priority desc, created asc`)
      .limit(limit);
    return rows.map((r) => r.id);
  }
  // a system's turn counts its jobs in work too: one with two jobs running waits behind one with none
  const result: unknown = await db.execute(sql`
    with running as (
      select system_id, count(*) as n from ${jobs} where state in (${CLAIMED}) group by system_id
    )
    select id from (
      select j.id, j.priority, j.created,
        row_number() over (partition by j.system_id, j.priority order by j.created, j.id) + coalesce(r.n, 0) as turn
      from ${jobs} j left join running r on r.system_id = j.system_id
      where j.state in (${CLAIMABLE})
    ) queue
    order by priority desc, turn, created, id
    limit ${limit}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number | string }[];
  return rows.map((r) => Number(r.id));
}

/** Claims those of `ids` still Waiting, at most `limit`, answered in the order of `ids`; SKIP LOCKED as every claim. */
async function claimIds(db: Database, workerId: string, ids: number[], limit: number): Promise<Claim[]> {
  if (!ids.length || limit <= 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await db
    .update(jobs)
    .set(claimedBy(workerId))
    .where(
      sql`${jobs.id} in (select id from ${jobs} where id in (${list}) and ${leaves("claim")} order by array_position(array[${list}], id) limit ${limit} for update skip locked)`,
    )
    .returning();
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return rows.map((job) => ({ job, workerId, attempt: job.attempts }));
}

/**
 * Claims up to `limit` Waiting jobs at once in fair order (fairQueue: by priority, round robin over the systems), a
 * worker taking work ahead of its deliveries (workers/jobs/pipeline.ts). Jobs whose lease ran out are taken by their
 * own delivery or the in-process runner.
 */
export async function claimWaiting(db: Database, opts: { workerId: string; limit: number }): Promise<Claim[]> {
  if (opts.limit <= 0) return [];
  return claimIds(db, opts.workerId, await fairQueue(db, opts.limit), opts.limit);
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
