/**
 * Numbers of the statistics in the user's language (pure: the server's table and the browser's charts format alike).
 */

/** A count: 12,345 / 12.345 */
export function formatCount(locale: string, n: number): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** DESIGN.md Conventions: durations in seconds with 3 decimals (1.500 / 1,500). */
export function formatSeconds(locale: string, seconds: number): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(seconds);
}

/** Bytes readable by people (lib/i18n/bytes.ts). */
export { formatBytes } from "@/lib/i18n/bytes";

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
