import { and, count, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobs } from "@/db/schema";
import { removeStored } from "@/lib/files/store";
import { jobDir } from "@/lib/jobs/files";
import type { StateLeftBy } from "@/lib/jobs/rules";
import { enter, leaves } from "@/lib/jobs/transitions";
import { log } from "@/lib/log";
import { getServiceConfig } from "@/lib/settings/store";
import type { TaskFunction } from "./types";

const DAY_MS = 86_400_000;
/** Rows changed per statement: a first run over years of jobs neither holds long locks nor builds one huge result. */
export const CLEAN_UP_BATCH = 500;

type Bucket = { days: number; states: StateLeftBy<"expire">[]; since: typeof jobs.created | typeof jobs.finished };

/**
 * CleanUpJobsV2 (DESIGN.md "Job states", spec operations §3 Service config, §9; docs/decisions.md): the per-state
 * retention of the service configuration, in days, 0 keeping the jobs of that state for ever.
 *
 * 1. Expire: jobs never processed (New, Waiting) older than `deleteNew` days since created, Ready jobs older than
 *    `deleteExtracted` and Error jobs older than `deleteError` days since finished are removed (transition `expire`,
 *    `deleted` set), as a user's delete would remove them.
 * 2. Purge: removed jobs whose `deleted` is older than `deleteDeleted` days go with their rows (files, logs, metrics by
 *    cascade) and their stored files (DATA_DIR/files/systems/{system}/jobs/{id}); the files first, so an interrupted
 *    run leaves rows the next run purges again, never files without their row.
 *
 * Delete-protected jobs (`preventDelete`) are never expired or purged; they are counted as kept. A system's run
 * covers that system's jobs only.
 */
export const cleanUpJobsV2: TaskFunction = async ({ db, systemId, now }) => {
  const config = await getServiceConfig(db);
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const scope = (condition: SQL | undefined) => (systemId ? and(condition, eq(jobs.systemId, systemId)) : condition);
  const buckets: Bucket[] = [
    { days: config.deleteNew, states: ["New", "Waiting"], since: jobs.created },
    { days: config.deleteExtracted, states: ["Ready"], since: jobs.finished },
    { days: config.deleteError, states: ["Error"], since: jobs.finished },
  ];

  let removed = 0;
  let kept = 0;
  for (const bucket of buckets) {
    if (bucket.days <= 0) continue;
    const due = scope(and(leaves("expire"), inArray(jobs.state, bucket.states), lt(bucket.since, before(bucket.days))));
    removed += await inBatches(async () => {
      const rows = await db
        .update(jobs)
        .set({ ...enter("expire"), deleted: now, leaseUntil: null })
        .where(
          inArray(
            jobs.id,
            db
              .select({ id: jobs.id })
              .from(jobs)
              .where(and(due, eq(jobs.preventDelete, false)))
              .limit(CLEAN_UP_BATCH),
          ),
        )
        .returning({ id: jobs.id });
      return rows.length;
    });
    kept += await countOf(db, and(due, eq(jobs.preventDelete, true)));
  }

  let purged = 0;
  if (config.deleteDeleted > 0) {
    const gone = scope(and(eq(jobs.state, "Removed"), lt(jobs.deleted, before(config.deleteDeleted))));
    purged = await purgeJobs(db, gone, "Removed");
    kept += await countOf(db, and(gone, eq(jobs.preventDelete, true)));
  }

  log.info({ task: "CleanUpJobsV2", systemId, removed, purged, kept }, "task done");
  return {
    message: `${removed} job(s) removed, ${purged} purged with their files, ${kept} kept (protected)`,
    details: { removed, purged, kept },
  };
};

/**
 * Purges the jobs `where` selects that are in `state` and not delete-protected, in batches: their stored files first,
 * then their rows (files, logs, metrics by cascade), only while still in `state` (a restart meanwhile takes a job out).
 * Answers how many went. CleanUpJobsV2's purge and CleanUpLearnJobs.
 */
export function purgeJobs(db: Database, where: SQL | undefined, state: "Removed" | "Error" | "Ready"): Promise<number> {
  return inBatches(async () => {
    const batch = await db
      .select({ id: jobs.id, systemId: jobs.systemId })
      .from(jobs)
      .where(and(where, eq(jobs.state, state), eq(jobs.preventDelete, false)))
      .limit(CLEAN_UP_BATCH);
    if (!batch.length) return 0;
    await Promise.all(batch.map((job) => removeStored(jobDir(job.systemId, job.id))));
    const ids = batch.map((job) => job.id);
    const rows = await db
      .delete(jobs)
      .where(and(inArray(jobs.id, ids), eq(jobs.state, state)))
      .returning({ id: jobs.id });
    return rows.length;
  });
}

/** The jobs `where` selects (the protected ones a run kept). */
export async function countOf(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs).where(where);
  return row?.n ?? 0;
}

/** Runs a batch until one changes fewer than a full batch; answers the total. */
export async function inBatches(batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch();
    total += n;
    if (n < CLEAN_UP_BATCH) return total;
  }
}
