/**
 * spec operations §3 CleanUpLearnJobs: its limits travel as `days.hh:mm:ss`; the form edits them as a number of
 * days and a time of day. Pure, so the panel and its tests share it.
 */

export type DurationParts = { days: string; time: string };

const PARTS = /^(.*)\.(\d{2}:\d{2}:\d{2})$/;

/** The days and the hh:mm:ss of a duration string; what does not read as one shows as typed (days) and empty. */
export function splitDuration(value: string | undefined | null): DurationParts {
  const m = PARTS.exec(value ?? "");
  if (!m) return { days: value ?? "", time: "" };
  return { days: /^\d+$/.test(m[1]) ? String(Number(m[1])) : m[1], time: m[2] };
}

/**
 * The duration string of the inputs: a time input may answer `hh:mm` (no seconds); an empty time is midnight.
 * Whatever else is typed is passed on as it is, so that the schema reports it (scheduler_error_invalidDuration).
 */
export function joinDuration({ days, time }: DurationParts): string {
  const t = time.trim() === "" ? "00:00:00" : /^\d{2}:\d{2}$/.test(time.trim()) ? `${time.trim()}:00` : time.trim();
  return `${days.trim()}.${t}`;
}
