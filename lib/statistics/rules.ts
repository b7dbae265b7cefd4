/**
 * The date range of the statistics (spec operations §2, §5, §9), pure: the page, its form and the API read ranges
 * with the same rules. Days are UTC calendar days written YYYY-MM-DD; a range holds both its start and its end day.
 */

export type DateRange = { start: string; end: string };

const DAY_MS = 86_400_000;
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of an instant, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && utcDay(at) === value;
}

/** The day after (or `n` days after) a YYYY-MM-DD day. */
export function addDays(day: string, n = 1): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}

/** Days from `start` to `end`, both counted (1 for one day). */
export function daysIn(range: DateRange): number {
  return Math.round((Date.parse(`${range.end}T00:00:00Z`) - Date.parse(`${range.start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** spec §2/§9: the default range, the first of the current month through today (UTC); also the "current month" shortcut. */
export function currentMonth(now: Date): DateRange {
  const today = utcDay(now);
  return { start: `${today.slice(0, 7)}-01`, end: today };
}

/** The "last month" shortcut: the whole previous calendar month (UTC). */
export function lastMonth(now: Date): DateRange {
  const firstOfThis = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const lastOfPrevious = new Date(firstOfThis - DAY_MS);
  const end = utcDay(lastOfPrevious);
  return { start: `${end.slice(0, 7)}-01`, end };
}

/** spec §5 "Statistics filter: begin before end": the end may be the start's day, not before it. */
export function endsBeforeStart(range: DateRange): boolean {
  return range.end < range.start;
}

/**
 * The range of a page's query (`?start&end`): each day given and valid, else its default; `invalid` when the end is
 * before the start (the page shows the message and queries nothing).
 */
export function rangeFromQuery(
  query: { start?: string | string[]; end?: string | string[] },
  now: Date,
): DateRange & { invalid: boolean } {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim();
  const fallback = currentMonth(now);
  const start = one(query.start);
  const end = one(query.end);
  const range = {
    start: start && isIsoDay(start) ? start : fallback.start,
    end: end && isIsoDay(end) ? end : fallback.end,
  };
  return { ...range, invalid: endsBeforeStart(range) };
}

/** Charts show a point per day up to this many days, a point per month beyond. */
export const MAX_DAILY_POINTS = 92;

/** Each point of a chart of the range: its days (YYYY-MM-DD) or months (YYYY-MM-01). */
export function chartBuckets(range: DateRange): { unit: "day" | "month"; keys: string[] } {
  const keys: string[] = [];
  if (daysIn(range) <= MAX_DAILY_POINTS) {
    for (let day = range.start; day <= range.end; day = addDays(day)) keys.push(day);
    return { unit: "day", keys };
  }
  let month = `${range.start.slice(0, 7)}-01`;
  while (month <= range.end) {
    keys.push(month);
    const [y, m] = month.split("-").map(Number);
    month = utcDay(new Date(Date.UTC(y ?? 0, m ?? 1, 1)));
  }
  return { unit: "month", keys };
}
