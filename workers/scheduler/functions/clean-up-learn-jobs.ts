import { and, eq, inArray, lt, type SQL } from "drizzle-orm";
import { jobs, projects } from "@/db/schema";
import { log } from "@/lib/log";
import { LEARN_PROJECT_TYPES } from "@/lib/projects/rules";
import { durationMs, TASK_CONFIG_SCHEMAS } from "@/lib/scheduler/functions";
import { countOf, purgeJobs } from "./clean-up-jobs-v2";
import type { TaskFunction } from "./types";

type Bucket = { limit: string; state: "Removed" | "Error" | "Ready"; since: typeof jobs.deleted | typeof jobs.finished };

/**
 * CleanUpLearnJobs (spec operations §3 "Task configurations", §9; docs/decisions.md "Learn clusters"): the jobs of
 * learn projects are purged once their documents are kept in `learn_documents` (which stay, `job_id` null): removed
 * jobs `limitDeleted` after they were removed, jobs in Error `limitError` after they finished, and the others that are
 * no longer processing (spec §4: Ready) `limitOther` after they finished. A limit is a `days.hh:mm:ss` age; 0 purges at
 * the next run (spec §9's defaults: removed and failed learn jobs at once, successful ones after 2 days). Jobs still
 * processing are never touched; delete-protected ones are kept and counted. A purge removes the job's stored files
 * first, then its row (files, log lines, metrics by cascade), as CleanUpJobsV2's purge does. A system's run covers that
 * system's learn projects only.
 */
export const cleanUpLearnJobs: TaskFunction = async ({ db, systemId, now, task }) => {
  const config = TASK_CONFIG_SCHEMAS.CleanUpLearnJobs.parse(task.configuration);
  const learnJobs = db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(projects, eq(projects.id, jobs.projectId))
    .where(and(inArray(projects.type, [...LEARN_PROJECT_TYPES]), systemId ? eq(projects.systemId, systemId) : undefined));
  const buckets: Bucket[] = [
    { limit: config.limitDeleted, state: "Removed", since: jobs.deleted },
    { limit: config.limitError, state: "Error", since: jobs.finished },
    { limit: config.limitOther, state: "Ready", since: jobs.finished },
  ];

  const purged: Record<Bucket["state"], number> = { Removed: 0, Error: 0, Ready: 0 };
  let kept = 0;
  for (const bucket of buckets) {
    const due: SQL | undefined = and(
      inArray(jobs.id, learnJobs),
      eq(jobs.state, bucket.state),
      lt(bucket.since, new Date(now.getTime() - durationMs(bucket.limit))),
    );
    purged[bucket.state] = await purgeJobs(db, due, bucket.state);
    kept += await countOf(db, and(due, eq(jobs.preventDelete, true)));
  }

  const total = purged.Removed + purged.Error + purged.Ready;
  if (total || kept) log.info({ task: "CleanUpLearnJobs", systemId, ...purged, kept }, "task done");
  return {
    message: `${total} learn job(s) purged (${purged.Removed} removed, ${purged.Error} failed, ${purged.Ready} ready), ${kept} kept (protected)`,
    details: { removed: purged.Removed, error: purged.Error, other: purged.Ready, kept },
  };
};
