import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobs } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { jobsQueue } from "@/lib/queue/jobs";
import { jobsToManage } from "../queries";
import { allows } from "../rules";
import { ZJobPatch } from "../schemas";
import { enter, leaves } from "../transitions";

/**
 * PATCH jobs/{id} and PATCH jobs (spec operations §4, ../rules.ts): restart sets Waiting; the log level changes
 * (null = the default level); lock/unlock toggles preventDeletion. Each only where the job's state allows it; a batch
 * changes all or none.
 */
export async function patchJobs(db: Database, opts: { caller: Caller; ids?: number[]; input: unknown }): Promise<number[]> {
  const input = parseInput(ZJobPatch, opts.input);
  const ids = opts.ids ?? input.jobIds ?? [];
  if (input.state === undefined && input.logLevel === undefined && input.preventDeletion === undefined) {
    throw new AppError("InvalidJobUpdate", { reason: "nothing to change" });
  }
  const targets = await jobsToManage(db, { caller: opts.caller, ids });
  for (const job of targets) {
    const refused =
      (input.state && !allows("restart", job)) ||
      (input.logLevel !== undefined && !allows("changeLogLevel", job)) ||
      (input.preventDeletion !== undefined && !allows("toggleLock", job));
    if (refused) throw new AppError("InvalidJobState", { id: job.id, state: job.state });
  }
  await db.transaction(async (tx) => {
    for (const job of targets) {
      const changed = await tx
        .update(jobs)
        .set({
          ...(input.state
            ? {
                ...enter("restart"),
                errorCode: null,
                errorMessage: null,
                errorParams: null,
                finished: null,
                restarts: job.restarts + 1,
                // a new run: its wait and its attempts count afresh (IncreaseJobPriority, ExtractionJobMonitor)
                attemptsBefore: sql`${jobs.attempts}`,
                queuedAt: sql`now()`,
                priorityRaisedAt: null,
              }
            : {}),
          ...(input.logLevel !== undefined
            ? { logLevel: input.logLevel ?? "Info", useDefaultLogLevel: input.logLevel === null }
            : {}),
          ...(input.preventDeletion !== undefined ? { preventDelete: input.preventDeletion } : {}),
        })
        .where(input.state ? and(eq(jobs.id, job.id), leaves("restart")) : eq(jobs.id, job.id))
        .returning({ id: jobs.id });
      // the job changed its state since it was read (a worker took it, another request restarted it)
      if (!changed.length) throw new AppError("InvalidJobState", { id: job.id, state: job.state });
    }
  });
  if (input.state)
    for (const job of targets) await jobsQueue.enqueue({ jobId: job.id, priority: job.priority, restarts: job.restarts + 1 });
  return targets.map((j) => j.id);
}
