import { formatDateTime, zonedTimeToDate } from "@/lib/i18n/dates";

/**
 * The date-time filters of the job monitor are text inputs in the format of spec §9 (`YYYY-MM-DD HH:mm:ss`):
 * one tab stop each, where a `datetime-local` input has eight in Chromium. They read and show times in the
 * page's time zone (lib/i18n/dates.ts), the one the table shows its times in.
 */
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** Where the mask puts a separator: after the year, month, day, hour and minute digits. */
const SEPARATORS: [digits: number, separator: string][] = [
  [4, "-"],
  [6, "-"],
  [8, " "],
  [10, ":"],
  [12, ":"],
];
const MAX_DIGITS = 14;

/** An ISO time as the text of a filter input in `timeZone` ("" when empty or invalid). */
export function isoToDateTimeText(iso: string, timeZone: string): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return "";
  return formatDateTime(iso, timeZone);
}

/**
 * The text of a filter input, a time in `timeZone`, as an ISO time: "" when empty, null when it is no valid
 * date-time. A bound given without a time covers its whole day (a start from 00:00:00, an end up to
 * 23:59:59.999); an end without seconds covers its whole minute.
 */
export function dateTimeTextToIso(text: string, bound: "start" | "end", timeZone: string): string | null {
  const value = text.trim();
  if (!value) return "";
  const match = PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = bound === "end";
  const hour = match[4] === undefined ? (end ? 23 : 0) : Number(match[4]);
  const minute = match[5] === undefined ? (end ? 59 : 0) : Number(match[5]);
  const second = match[6] === undefined ? (end ? 59 : 0) : Number(match[6]);
  const millisecond = end && match[6] === undefined ? 999 : 0;
  // a date that does not exist (2025-02-30, hour 24) is refused, as is a time the clocks skip
  return zonedTimeToDate({ year, month, day, hour, minute, second, millisecond }, timeZone)?.toISOString() ?? null;
}

/**
 * The mask of a filter input while the user types at its end: digits only, with the separators put in (a
 * separator typed at its place is kept, so typing it does not hurt).
 */
export function maskDateTimeText(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, MAX_DIGITS);
  let text = "";
  for (let i = 0; i < digits.length; i++) {
    const separator = SEPARATORS.find(([at]) => at === i);
    if (separator) text += separator[1];
    text += digits[i];
  }
  const trailing = SEPARATORS.find(([at]) => at === digits.length);
  if (trailing && /\D$/.test(value) && digits.length > 0) text += trailing[1];
  return text;
}
