/**
 * The one way a date or time is shown (DESIGN.md Conventions, spec foundation §9): YYYY-MM-DD and
 * YYYY-MM-DD HH:mm:ss, in the user's time zone. Server and browser render with the same zone (the
 * TIME_ZONE cookie the browser sets, else UTC), so the text of the first render never differs.
 */

/** The browser's IANA time zone, kept in this cookie for the server's render. */
export const TIME_ZONE_COOKIE = "TIME_ZONE";
export const DEFAULT_TIME_ZONE = "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(value: string | undefined | null): value is string {
  if (!value || value.length > 64) return false;
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(date: Date, timeZone: string): Record<string, string> {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  return Object.fromEntries(
    formatter(zone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
}

/** An instant as YYYY-MM-DD HH:mm:ss in `timeZone`; "—" when there is none. */
export function formatDateTime(value: string | Date | null | undefined, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "—";
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** An instant as YYYY-MM-DD in `timeZone`; a calendar day (YYYY-MM-DD) stays as it is; "—" when none. */
export function formatDate(value: string | Date | null | undefined, timeZone: string): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = toDate(value);
  if (!date) return "—";
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
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

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far the clocks of `timeZone` are ahead of UTC at `instant` (ms). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const p = parts(new Date(whole), timeZone);
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - whole;
}

/**
 * The instant at which the clocks of `timeZone` show `wall`: the inverse of formatDateTime. Null when they never
 * show it: no such date (02-30, hour 24) or a time skipped when the clocks go forward. A time shown twice (when
 * they go back) is its first instant.
 */
export function zonedTimeToDate(wall: WallTime, timeZone: string): Date | null {
  const { year, month, day, hour, minute, second, millisecond = 0 } = wall;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  if (Number.isNaN(asUtc)) return null;
  // the offset a day before and a day after: one of them holds at the instant wanted (zones change at most once a day)
  const candidates = [asUtc - offsetAt(asUtc - DAY_MS, timeZone), asUtc - offsetAt(asUtc + DAY_MS, timeZone)];
  const shown = (t: number) => {
    const p = parts(new Date(t), timeZone);
    return (
      [p.year, p.month, p.day, p.hour, p.minute, p.second].map(Number).join() === [year, month, day, hour, minute, second].join()
    );
  };
  const found = candidates.filter(shown);
  return found.length ? new Date(Math.min(...found)) : null;
}

/** An ISO date-time with a time part (what the API answers for instants), as opposed to any string. */
export function isIsoDateTime(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value);
}
