import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type LearnRun, learnRuns } from "@/db/schema";

/**
 * A learn run belongs to the worker that claimed it while its heartbeat is younger than this: progress renews it. The
 * engine's longest step without a heartbeat (the model's fit, the clustering) takes seconds at 10 000 documents.
 */
export const LEARN_LEASE_MS = 5 * 60_000;
/** A run claimed this often without ending (its worker died each time) ends in Error. */
export const LEARN_MAX_ATTEMPTS = 3;

export type LearnClaim = { run: LearnRun; workerId: string };

/** The run's claim is gone (taken over after its lease ran out, or ended by someone else): nothing more is written. */
export class LearnClaimLost extends Error {
  constructor(runId: number) {
    super(`learn run ${runId}: the claim is no longer held`);
  }
}

/**
 * Claims a run: Waiting → Running once, however many workers got a delivery of it; a Running run whose heartbeat is
 * older than the lease (its worker died) is taken over. Answers the claim, or why there is none: "missing" (no such
 * run), "ended" (Ready or Error: a redelivery is a no-op), "busy" (another live worker runs it).
 */
export async function claimLearnRun(
  db: Database,
  runId: number,
  workerId: string,
): Promise<LearnClaim | "missing" | "ended" | "busy"> {
  const stale = new Date(Date.now() - LEARN_LEASE_MS).toISOString();
  const [run] = await db
    .update(learnRuns)
    .set({
      state: "Running",
      workerId,
      heartbeat: sql`now()`,
      started: sql`coalesce(${learnRuns.started}, now())`,
      attempts: sql`${learnRuns.attempts} + 1`,
    })
    .where(
      and(
        eq(learnRuns.id, runId),
        or(
          eq(learnRuns.state, "Waiting"),
          and(eq(learnRuns.state, "Running"), lt(learnRuns.heartbeat, sql`${stale}::timestamptz`)),
        ),
      ),
    )
    .returning();
  if (run) return { run, workerId };
  const [now] = await db.select({ state: learnRuns.state }).from(learnRuns).where(eq(learnRuns.id, runId));
  if (!now) return "missing";
  return now.state === "Running" ? "busy" : "ended";
}

/** The condition "this worker still holds the run". */
export function holds(claim: LearnClaim) {
  return and(eq(learnRuns.id, claim.run.id), eq(learnRuns.workerId, claim.workerId), eq(learnRuns.state, "Running"));
}

/** Writes the run's progress and renews its lease; throws LearnClaimLost when the claim is gone. */
export async function reportProgress(db: Database, claim: LearnClaim, progress: { done: number; total: number }): Promise<void> {
  const rows = await db
    .update(learnRuns)
    .set({ done: progress.done, total: progress.total, heartbeat: sql`now()` })
    .where(holds(claim))
    .returning({ id: learnRuns.id });
  if (!rows.length) throw new LearnClaimLost(claim.run.id);
}

/**
 * Ends the run in Error with a code, its English message and the message's parameters (the portal tells it in the
 * reader's language), only while the claim holds.
 */
export async function failLearnRun(
  db: Database,
  claim: LearnClaim,
  error: { code: string; message: string; params?: Record<string, string | number> },
): Promise<void> {
  await db
    .update(learnRuns)
    .set({
      state: "Error",
      errorCode: error.code,
      errorMessage: error.message.slice(0, 2000),
      errorParameter: error.params ?? null,
      finished: sql`now()`,
    })
    .where(holds(claim));
}

/**
 * Gives a claimed run back: Waiting again, as if never claimed (no attempt counted, no progress), for a run that waits
 * for its project's cluster locks (LearnRunDeferred). The next delivery (the release of the last lock, or the sweep)
 * claims it again. Only while the claim holds.
 */
export async function deferLearnRun(db: Database, claim: LearnClaim): Promise<void> {
  await db
    .update(learnRuns)
    .set({
      state: "Waiting",
      workerId: null,
      heartbeat: null,
      started: null,
      done: 0,
      total: 0,
      attempts: sql`greatest(${learnRuns.attempts} - 1, 0)`,
    })
    .where(holds(claim));
}
