import type { Job } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isDeputyFor } from "@/lib/auth/permissions";
import { hashToken } from "@/lib/crypto/tokens";

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
