import { and, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobs } from "@/db/schema";
import { getServiceConfig } from "@/lib/config/service-config";
import { removeStored } from "@/lib/files/store";
import { jobDir } from "@/lib/jobs/files";
import type { StateLeftBy } from "@/lib/jobs/rules";
import { enter, leaves } from "@/lib/jobs/transitions";

const DAY_MS = 86_400_000;

/**
 * CleanUpJobsV2 (DESIGN.md "Job states", spec operations §9): jobs are removed after the configured days
 * per state (deleteNew for jobs never processed, deleteExtracted for Ready, deleteError for Error; 0 keeps
 * them), and removed jobs are purged with their files after deleteDeleted days. Protected jobs stay.
 */
export async function cleanUpJobs(db: Database, now = new Date()): Promise<{ removed: number; purged: number }> {
  const config = await getServiceConfig(db);
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  let removed = 0;
  const buckets: [days: number, states: StateLeftBy<"expire">[], column: typeof jobs.created | typeof jobs.finished][] = [
    [config.deleteNew, ["New", "Waiting"], jobs.created],
    [config.deleteExtracted, ["Ready"], jobs.finished],
    [config.deleteError, ["Error"], jobs.finished],
  ];
  for (const [days, states, column] of buckets) {
    if (days <= 0) continue;
    const rows = await db
      .update(jobs)
      .set({ ...enter("expire"), deleted: now })
      .where(
        and(
          leaves("expire"),
          inArray(jobs.state, states),
          lt(column, before(days)),
          sql`${jobs.preventDelete} = false`,
          isNull(jobs.deleted),
        ),
      )
      .returning({ id: jobs.id });
    removed += rows.length;
  }
  let purged = 0;
  if (config.deleteDeleted > 0) {
    const gone = await db
      .delete(jobs)
      .where(and(lt(jobs.deleted, before(config.deleteDeleted)), sql`${jobs.preventDelete} = false`))
      .returning({ id: jobs.id, systemId: jobs.systemId });
    for (const job of gone) await removeStored(jobDir(job.systemId, job.id));
    purged = gone.length;
  }
  return { removed, purged };
}
