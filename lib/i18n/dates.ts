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

/** An ISO date-time with a time part (what the API answers for instants), as opposed to any string. */
export function isIsoDateTime(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value);
}
