import type { JobState } from "@/db/schema/jobs";

/** A range of whole UTC days, first and last day included (YYYY-MM-DD), as the statistics count them. */
export type DayRange = { start: string; end: string };

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The dashboards' two periods (a job counts for the UTC day it was created, DESIGN.md "Statistics"): today, and the
 * last 7 days with today.
 */
export function dashboardRanges(now: Date): { today: DayRange; week: DayRange } {
  const today = day(now.getTime());
  return { today: { start: today, end: today }, week: { start: day(now.getTime() - 6 * DAY_MS), end: today } };
}

/** The instants of a day range for the job monitor's created filter: from its first midnight to its last millisecond. */
export function createdBounds(range: DayRange): { start: string; end: string } {
  const end = new Date(Date.parse(`${range.end}T00:00:00.000Z`) + DAY_MS - 1);
  return { start: `${range.start}T00:00:00.000Z`, end: end.toISOString() };
}

/** What a link into the job monitor filters by (its URL query, components/jobs/job-query.ts). */
export type MonitorFilter = {
  states?: readonly JobState[];
  created?: DayRange;
  project?: string;
  oldestFirst?: boolean;
  /** removed jobs too (the counters' "created" counts them) */
  includeRemoved?: boolean;
};

/** `/system/{name}/jobmonitor?…` opened filtered: state, created range, project; the oldest first for the queue. */
export function jobMonitorHref(systemName: string, filter: MonitorFilter = {}): string {
  const query = new URLSearchParams();
  if (filter.project) query.set("project", filter.project);
  if (filter.states?.length) query.set("state", filter.states.join(","));
  if (filter.created) {
    const bounds = createdBounds(filter.created);
    query.set("createdstart", bounds.start);
    query.set("createdend", bounds.end);
  }
  if (filter.includeRemoved) query.set("includedeleted", "true");
  if (filter.oldestFirst) query.set("sort", "created:asc");
  const search = query.toString();
  return `/system/${encodeURIComponent(systemName)}/jobmonitor${search ? `?${search}` : ""}`;
}

/** The statistics page of a portal (`/admin` or `/system/{name}`) for a day range (`?start&end`). */
export function statisticsHref(portal: string, range: DayRange): string {
  return `${portal}/statistics?${new URLSearchParams({ start: range.start, end: range.end }).toString()}`;
}
