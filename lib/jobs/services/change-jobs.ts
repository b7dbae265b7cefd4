import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { type Job, jobs, LOG_LEVELS, systems } from "@/db/schema";
import { refusal } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isDeputyFor } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { fromZodError } from "@/lib/errors/envelope";
import { enqueue } from "@/lib/queue";

/** spec operations §3 "Job patch": state (restart = Waiting), logLevel, preventDeletion, jobIds (batch). */
export const ZJobPatch = z
  .object({
    state: z.literal("Waiting", { error: "InvalidJobUpdate" }).optional(),
    logLevel: z.enum(LOG_LEVELS).nullable().optional(),
    preventDeletion: z.boolean().optional(),
    jobIds: z.array(z.number().int().positive()).max(1000).optional(),
  })
  .meta({ id: "JobPatch" });

/** spec operations §4: a job counts as processing while it is neither Ready nor Error. */
export function isProcessing(job: Pick<Job, "state">): boolean {
  return job.state !== "Ready" && job.state !== "Error" && job.state !== "Removed";
}

async function jobsForCaller(db: Database, caller: Caller, ids: number[]): Promise<Job[]> {
  if (!ids.length) throw new AppError("InvalidJobUpdate", { reason: "no jobs" });
  const rows = await db
    .select({ job: jobs, systemName: systems.name })
    .from(jobs)
    .innerJoin(systems, eq(systems.id, jobs.systemId))
    .where(inArray(jobs.id, ids));
  const allowed = rows.filter(
    (r) => hasPermission(caller.roles, "ManageJobs") && (caller.systemId === r.job.systemId || isDeputyFor(caller, r.systemName)),
  );
  const missing = ids.find((id) => !allowed.some((r) => r.job.id === id));
  if (missing !== undefined) {
    // a job of the caller's own system is 403, one of a foreign system as unknown as a missing one (lib/auth/access.ts)
    const row = rows.find((r) => r.job.id === missing);
    const notFound = new AppError("JobNotFound", { id: missing });
    throw row ? refusal(caller, { id: row.job.systemId, name: row.systemName }, notFound) : notFound;
  }
  return allowed.map((r) => r.job);
}

/**
 * PATCH jobs/{id} and PATCH jobs (spec operations §4): restart sets Waiting (not while processing or
 * waiting); the log level changes unless Processing (null = the default level); lock/unlock toggles
 * preventDeletion (not while processing). A batch changes all or none.
 */
export async function patchJobs(db: Database, opts: { caller: Caller; ids?: number[]; input: unknown }): Promise<number[]> {
  const parsed = ZJobPatch.safeParse(opts.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;
  const ids = opts.ids ?? input.jobIds ?? [];
  if (input.state === undefined && input.logLevel === undefined && input.preventDeletion === undefined) {
    throw new AppError("InvalidJobUpdate", { reason: "nothing to change" });
  }
  const targets = await jobsForCaller(db, opts.caller, ids);
  for (const job of targets) {
    if (job.state === "Removed") throw new AppError("InvalidJobState", { id: job.id, state: job.state });
    if (input.state && isProcessing(job)) throw new AppError("InvalidJobState", { id: job.id, state: job.state });
    if (input.logLevel !== undefined && job.state === "Processing")
      throw new AppError("InvalidJobState", { id: job.id, state: job.state });
    if (input.preventDeletion !== undefined && isProcessing(job))
      throw new AppError("InvalidJobState", { id: job.id, state: job.state });
  }
  await db.transaction(async (tx) => {
    for (const job of targets) {
      await tx
        .update(jobs)
        .set({
          ...(input.state
            ? { state: "Waiting" as const, errorCode: null, errorMessage: null, finished: null, restarts: job.restarts + 1 }
            : {}),
          ...(input.logLevel !== undefined
            ? { logLevel: input.logLevel ?? "Info", useDefaultLogLevel: input.logLevel === null }
            : {}),
          ...(input.preventDeletion !== undefined ? { preventDelete: input.preventDeletion } : {}),
        })
        .where(eq(jobs.id, job.id));
    }
  });
  if (input.state)
    for (const job of targets) await enqueue("jobs", { jobId: job.id, priority: job.priority, restarts: job.restarts + 1 });
  return targets.map((j) => j.id);
}

/**
 * DELETE jobs/{id} and DELETE jobs: soft delete (state Removed, `deleted` set; DESIGN.md "Job states").
 * Refused while delete-protected (jobMonitor_text_delete_locked), processing or waiting.
 */
export async function deleteJobs(db: Database, opts: { caller: Caller; ids: number[] }): Promise<number[]> {
  const targets = await jobsForCaller(db, opts.caller, opts.ids);
  for (const job of targets) {
    if (job.preventDelete) throw new AppError("jobMonitor_text_delete_locked", { id: job.id });
    if (isProcessing(job)) throw new AppError("InvalidJobState", { id: job.id, state: job.state });
  }
  const now = new Date();
  await db
    .update(jobs)
    .set({ state: "Removed", deleted: now })
    .where(
      inArray(
        jobs.id,
        targets.map((j) => j.id),
      ),
    );
  return targets.map((j) => j.id);
}
