import { format } from "date-fns";

/** The value format of `<input type="datetime-local" step="1">`. */
const INPUT_DATE_TIME = "yyyy-MM-dd'T'HH:mm:ss";

// Dates are shown with lib/i18n/dates.ts (components/i18n/use-dates.ts); these two serve the date-time
// inputs of the filters, which the browser fills in its own time zone (rendered only once hydrated).

/** An ISO time as the local value of a datetime-local input ("" when empty or invalid). */
export function isoToLocalInput(iso: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, INPUT_DATE_TIME);
}

/** A datetime-local value (the browser's local time) as an ISO time ("" when empty or invalid). */
export function localInputToIso(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}
