import type { JobDto } from "@/lib/jobs/schemas";

type JobFlags = Pick<JobDto, "state" | "preventDelete">;

// spec operations §4: a job counts as processing while its state is neither Ready nor Error
export function isProcessing(job: Pick<JobDto, "state">): boolean {
  return job.state !== "Ready" && job.state !== "Error";
}

/** spec operations §4: download is disabled while processing. */
export function canDownload(job: Pick<JobDto, "state">): boolean {
  return !isProcessing(job);
}

/** spec operations §4: lock and unlock toggle preventDeletion and are disabled while processing. */
export function canToggleLock(job: Pick<JobDto, "state">): boolean {
  return !isProcessing(job);
}

/** spec operations §4: restart is disabled while processing or waiting. */
export function canRestart(job: Pick<JobDto, "state">): boolean {
  return !isProcessing(job) && job.state !== "Waiting";
}

/** spec operations §4: delete is disabled while delete-protected, processing or waiting. */
export function canDelete(job: JobFlags): boolean {
  return !job.preventDelete && !isProcessing(job) && job.state !== "Waiting";
}

/** spec operations §4: the log level is editable unless Processing (a removed job takes no change at all). */
export function canEditLogLevel(job: Pick<JobDto, "state">): boolean {
  return job.state !== "Processing" && job.state !== "Removed";
}

// spec operations §2 / §9: file sizes are shown in KB, rounded up
export function sizeInKb(bytes: number): number {
  return Math.ceil(bytes / 1024);
}
