import type { JobState } from "@/db/schema/jobs";
import { type DayRange, jobMonitorHref } from "./ranges";

/** Jobs created in a period by how they stand now (DESIGN.md "Statistics": counted for the UTC day of creation). */
export type Outcomes = {
  created: number;
  successful: number;
  failed: number;
  /** not started yet: New, Waiting or Assigned (the statistics' "not started"); in processing shows in the queue */
  notStarted: number;
};
export const OUTCOMES = ["created", "successful", "failed", "notStarted"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const NO_OUTCOMES: Outcomes = { created: 0, successful: 0, failed: 0, notStarted: 0 };

export const PERIODS = ["today", "week"] as const;
export type Period = (typeof PERIODS)[number];

/** A system's (admin) or project's (system dashboard) outcomes of both periods. */
export type OutcomeRow = { id: string; name: string } & Record<Period, Outcomes>;

/**
 * The job states behind an outcome in the job monitor (created: every state, removed jobs included, so no state
 * filter). The lists show the jobs as they are now; the counters keep a job that ended and was removed later under its
 * outcome (docs/decisions.md "Statistics").
 */
export const OUTCOME_STATES = {
  created: [],
  successful: ["Ready"],
  failed: ["Error"],
  notStarted: ["New", "Waiting", "Assigned"],
} as const satisfies Record<Outcome, readonly JobState[]>;

/** The job monitor of a system opened on an outcome's jobs of a period (and project). */
export function outcomeMonitorHref(systemName: string, at: { outcome: Outcome; range: DayRange; project?: string }): string {
  return jobMonitorHref(systemName, {
    states: OUTCOME_STATES[at.outcome],
    created: at.range,
    project: at.project,
    includeRemoved: at.outcome === "created",
  });
}
