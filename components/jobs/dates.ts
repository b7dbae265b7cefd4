import { format } from "date-fns";

/** DESIGN Conventions: date-times are shown as YYYY-MM-DD HH:mm:ss. */
const DATE_TIME = "yyyy-MM-dd HH:mm:ss";
/** The value format of `<input type="datetime-local" step="1">`. */
const INPUT_DATE_TIME = "yyyy-MM-dd'T'HH:mm:ss";

/**
 * A stored ISO time for display. The browser shows its own local time; before hydration (on the server,
 * whose time zone may differ) the UTC time is rendered, so server and first client render agree.
 */
export function formatDateTime(iso: string | null | undefined, local: boolean): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return local ? format(date, DATE_TIME) : date.toISOString().slice(0, 19).replace("T", " ");
}

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
