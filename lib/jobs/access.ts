import type { Job } from "@/db/schema";
import { refusal } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isDeputyFor } from "@/lib/auth/permissions";
import { hashToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";

/**
 * Who may read a job: its own auth key (DESIGN.md "Job creation"), a job manager of its system (or a
 * deputy), or the user who created it.
 */
export function canReadJob(job: Job, systemName: string, opts: { caller: Caller | null; auth?: string }): boolean {
  if (opts.auth !== undefined) return hashToken(opts.auth) === job.authHash;
  const { caller } = opts;
  if (!caller) return false;
  if (caller.userId === job.creatorId) return true;
  const inSystem = caller.systemId === job.systemId || isDeputyFor(caller, systemName);
  return inSystem && hasPermission(caller.roles, "ManageJobs");
}

/**
 * A loaded job the caller may read, or the refusal: 401 without token or key, 404 JobNotFound for an unknown job,
 * a wrong key or a job of a foreign system, 403 AccessDenied for a job of the caller's own system (lib/auth/access.ts).
 */
export function assertCanReadJob<T extends { job: Job; systemName: string }>(
  loaded: T | undefined,
  opts: { id: number; caller: Caller | null; auth?: string },
): asserts loaded is T {
  if (loaded && canReadJob(loaded.job, loaded.systemName, opts)) return;
  if (!opts.caller && opts.auth === undefined) throw new AppError("MissingToken");
  const notFound = new AppError("JobNotFound", { id: opts.id });
  if (!loaded || !opts.caller || opts.auth !== undefined) throw notFound;
  throw refusal(opts.caller, { id: loaded.job.systemId, name: loaded.systemName }, notFound);
}
