import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * The one way a date or time is shown (DESIGN.md Conventions, spec foundation §9): YYYY-MM-DD and
 * YYYY-MM-DD HH:mm:ss, in the user's time zone. Server and browser render with the same zone (the
 * TIME_ZONE cookie the browser sets, else UTC), so the text of the first render never differs.
 */

/** The browser's IANA time zone, kept in this cookie for the server's render. */
export const TIME_ZONE_COOKIE = "TIME_ZONE";
export const DEFAULT_TIME_ZONE = "UTC";

const zones = new Map<string, boolean>();

/** Whether `value` is an IANA time zone this runtime knows (Intl decides; remembered per name). */
export function isTimeZone(value: string | undefined | null): value is string {
  if (!value || value.length > 64) return false;
  let known = zones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    zones.set(value, known);
  }
  return known;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The instant as the clocks of `timeZone` show it (date-fns' TZDate); an unknown zone counts as UTC. */
function inZone(date: Date, timeZone: string): TZDate {
  return new TZDate(date.getTime(), isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE);
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const MIN_FAST_MS = Date.UTC(1900, 0, 1);
const MAX_FAST_MS = Date.UTC(9999, 11, 31);
const offsets = new Map<string, number>();

/**
 * The wall time of `timeZone` at `ms` as an ISO string ("2026-05-04T12:15:02.114Z" read as local), or null outside
 * 1900–9999. A zone's offset changes only at whole quarter hours (every transition since 1900 does), so it is looked
 * up once per zone and quarter hour: a table of 25 jobs shows 75 instants, and date-fns' TZDate asks Intl for each.
 */
function wallIso(date: Date, timeZone: string): string | null {
  const ms = date.getTime();
  if (ms < MIN_FAST_MS || ms > MAX_FAST_MS) return null;
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  let offset = 0;
  if (zone !== DEFAULT_TIME_ZONE) {
    const key = `${zone} ${Math.floor(ms / QUARTER_HOUR_MS)}`;
    const known = offsets.get(key);
    if (known === undefined) {
      offset = -new TZDate(ms, zone).getTimezoneOffset() * 60_000;
      if (offsets.size >= 10_000) offsets.clear();
      offsets.set(key, offset);
    } else offset = known;
  }
  return new Date(ms + offset).toISOString();
}

/** An instant as YYYY-MM-DD HH:mm:ss in `timeZone`; "—" when there is none. */
export function formatDateTime(value: string | Date | null | undefined, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "—";
  const iso = wallIso(date, timeZone);
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : format(inZone(date, timeZone), "yyyy-MM-dd HH:mm:ss");
}

/** An instant as YYYY-MM-DD in `timeZone`; a calendar day (YYYY-MM-DD) stays as it is; "—" when none. */
export function formatDate(value: string | Date | null | undefined, timeZone: string): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = toDate(value);
  if (!date) return "—";
  return wallIso(date, timeZone)?.slice(0, 10) ?? format(inZone(date, timeZone), "yyyy-MM-dd");
}

/** A wall-clock time: what the clocks of a time zone show. */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond?: number;
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * The instant at which the clocks of `timeZone` show `wall`: the inverse of formatDateTime. Null when they never
 * show it: no such date (02-30, hour 24) or a time skipped when the clocks go forward. A time shown twice (when
 * they go back) is its first instant.
 */
export function zonedTimeToDate(wall: WallTime, timeZone: string): Date | null {
  const { year, month, day, hour, minute, second, millisecond = 0 } = wall;
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const date = new TZDate(year, month - 1, day, hour, minute, second, millisecond, zone);
  if (Number.isNaN(date.getTime())) return null;
  const shows = (d: TZDate) =>
    d.getFullYear() === year &&
    d.getMonth() === month - 1 &&
    d.getDate() === day &&
    d.getHours() === hour &&
    d.getMinutes() === minute &&
    d.getSeconds() === second;
  // a date that does not exist rolls over (02-30 → 03-02), a skipped time moves on: the clocks never show it
  if (!shows(date)) return null;
  // of a time shown twice, the first instant: the same wall time an hour earlier
  const earlier = new TZDate(date.getTime() - HOUR_MS, zone);
  return new Date(shows(earlier) ? earlier.getTime() : date.getTime());
}

/** An ISO date-time with a time part (what the API answers for instants), as opposed to any string. */
export function isIsoDateTime(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value);
}
