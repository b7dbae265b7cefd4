/**
 * The periods the archivers package rows by (spec operations §3 "packageBy": Month or Week), in UTC as the
 * statistics count days: a calendar month, or an ISO 8601 week (Monday to Monday). Pure.
 */
export type PackageBy = "Month" | "Week";

/** One period: [start, end), and its key as the archive's externalId names it ("2026-10", "2026-W41"). */
export type Period = { start: Date; end: Date; key: string };

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The Monday 00:00 UTC of the ISO week holding `time`. */
function weekStart(time: Date): Date {
  const day = Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS);
}

/** ISO week-year and week number of the week starting at `monday` (its Thursday decides the year). */
function isoWeek(monday: Date): { year: number; week: number } {
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { year, week };
}

/** The period holding `time`. */
export function periodAt(time: Date, by: PackageBy): Period {
  if (by === "Month") {
    const [y, m] = [time.getUTCFullYear(), time.getUTCMonth()];
    return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)), key: `${y}-${pad(m + 1)}` };
  }
  const start = weekStart(time);
  const { year, week } = isoWeek(start);
  return { start, end: new Date(start.getTime() + 7 * DAY_MS), key: `${year}-W${pad(week)}` };
}

/**
 * The complete periods from `from` on, in order, before the period holding `now` (a period is archived only once it
 * has ended). The first starts at `from` itself when `from` lies inside a period (after a change of packageBy the
 * archive goes on where the last one ended), keeping that period's key.
 */
export function completePeriods(from: Date, now: Date, by: PackageBy): Period[] {
  const current = periodAt(now, by).start.getTime();
  const periods: Period[] = [];
  let period = periodAt(from, by);
  if (period.start < from) period = { ...period, start: from };
  while (period.end.getTime() <= current) {
    periods.push(period);
    period = periodAt(period.end, by);
  }
  return periods;
}
