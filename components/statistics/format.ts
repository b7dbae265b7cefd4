/**
 * Numbers of the statistics in the user's language (pure: the server's table and the browser's charts format alike).
 */

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte", "petabyte"] as const;

/** A count: 12,345 / 12.345 */
export function formatCount(locale: string, n: number): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** DESIGN.md Conventions: durations in seconds with 3 decimals (1.500 / 1,500). */
export function formatSeconds(locale: string, seconds: number): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(seconds);
}

/** Bytes readable by people, in steps of 1024 as the file sizes of the portal (KB = size / 1024): 1.5 MB / 1,5 MB. */
export function formatBytes(locale: string, bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // Intl's short name of a byte is "byte": B, as beside kB
  if (unit === 0) return `${formatCount(locale, value)}\u00a0B`;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: UNITS[unit],
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(value);
}

/** A chart's axis label of a day (YYYY-MM-DD) or month (YYYY-MM-01): 05/14 / 14.05. and May 2026 / Mai 2026. */
export function formatPoint(locale: string, key: string, unit: "day" | "month", long = false): string {
  const at = new Date(`${key}T00:00:00Z`);
  // recharts asks for labels of points it is not showing too
  if (Number.isNaN(at.getTime())) return key;
  const options: Intl.DateTimeFormatOptions =
    unit === "month"
      ? { month: long ? "long" : "short", year: "numeric", timeZone: "UTC" }
      : long
        ? { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }
        : { day: "2-digit", month: "2-digit", timeZone: "UTC" };
  return new Intl.DateTimeFormat(locale, options).format(at);
}
