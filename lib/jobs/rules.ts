import type { JobState } from "@/db/schema/jobs";

/**
 * The rules of a job's life in one pure module (no database, no React): imported by the services and workers that
 * change a job and by the job monitor that offers the actions, so both say the same.
 */

/** spec operations §4: a job counts as processing while its state is neither Ready nor Error. */
export function isProcessing(state: JobState): boolean {
  return state !== "Ready" && state !== "Error";
}

/**
 * Claims one run of a job may take (a claim whose lease runs out counts): the ExtractionJobMonitor gives a job stuck
 * past its lease with this many attempts up (Error `JobAttemptsExhausted`) instead of queueing it again.
 */
export const JOB_MAX_ATTEMPTS = 3;

/** The states in which a worker holds a claim on the job (with a lease). */
export const CLAIMED_STATES = ["Assigned", "Processing"] as const satisfies readonly JobState[];

/**
 * Every change of a job's state (DESIGN.md "Job states": New -> Waiting -> Assigned -> Processing -> Ready | Error;
 * restart; delete -> Removed): the states it leaves and the state it enters. Nothing writes a job's state otherwise.
 */
export const JOB_TRANSITIONS = {
  /** POST jobs: the job is stored with its files and queued at once */
  queue: { from: ["New"], to: "Waiting" },
  /** a worker takes a waiting job */
  claim: { from: ["Waiting"], to: "Assigned" },
  /** a worker takes a job whose claim ran out (its worker died) */
  reclaim: { from: CLAIMED_STATES, to: "Assigned" },
  /** the worker starts reading the job's documents */
  start: { from: ["Assigned"], to: "Processing" },
  succeed: { from: CLAIMED_STATES, to: "Ready" },
  fail: { from: CLAIMED_STATES, to: "Error" },
  /** claims not worked on go back to the queue (maintenance mode, claims taken ahead that waited too long) */
  release: { from: CLAIMED_STATES, to: "Waiting" },
  /** ExtractionJobMonitor: a claim whose lease ran out (its worker died, its delivery is gone) goes back to the queue */
  requeue: { from: CLAIMED_STATES, to: "Waiting" },
  /** spec operations §4: restart sets Waiting; disabled while processing or waiting */
  restart: { from: ["Ready", "Error"], to: "Waiting" },
  /** spec operations §4: delete (soft); disabled while processing or waiting */
  remove: { from: ["Ready", "Error"], to: "Removed" },
  /** CleanUpJobsV2: jobs past the days configured for their state (deleteNew, deleteExtracted, deleteError) */
  expire: { from: ["New", "Waiting", "Ready", "Error"], to: "Removed" },
} as const satisfies Record<string, { from: readonly JobState[]; to: JobState }>;

export type JobTransition = keyof typeof JOB_TRANSITIONS;
/** The states `t` leaves. */
export type StateLeftBy<T extends JobTransition> = (typeof JOB_TRANSITIONS)[T]["from"][number];

/** May a job in `state` take transition `t`? */
export function canTransition(t: JobTransition, state: JobState): boolean {
  return (JOB_TRANSITIONS[t].from as readonly JobState[]).includes(state);
}

type JobFlags = { state: JobState; preventDelete: boolean };

/**
 * spec operations §4: what each action of the job monitor, the job details and the job API allows, by the job. A
 * removed job takes no action (it counts as processing: neither Ready nor Error).
 */
export const JOB_ACTIONS = {
  restart: (job: JobFlags) => canTransition("restart", job.state),
  /** refused while delete-protected (jobMonitor_text_delete_locked), processing or waiting */
  delete: (job: JobFlags) => !job.preventDelete && canTransition("remove", job.state),
  /** lock and unlock toggle preventDeletion */
  toggleLock: (job: JobFlags) => !isProcessing(job.state),
  download: (job: JobFlags) => !isProcessing(job.state),
  /** the log level is editable unless Processing (a removed job takes no change at all) */
  changeLogLevel: (job: JobFlags) => job.state !== "Processing" && job.state !== "Removed",
  /** the file tabs of the job details are disabled while processing */
  viewFiles: (job: JobFlags) => !isProcessing(job.state),
} as const;

export type JobAction = keyof typeof JOB_ACTIONS;

export function allows(action: JobAction, job: JobFlags): boolean {
  return JOB_ACTIONS[action](job);
}
