import { TZDate } from "@date-fns/tz";
import { isTimeZone, zonedTimeToDate } from "@/lib/i18n/dates";
import { timeOfDay, WEEKDAYS, type WeekdayField } from "./schemas";

/**
 * When a task is next due (DESIGN.md "Operational areas" → Scheduler), pure: continuously every N minutes since the
 * last run (now when it never ran), daily at HH:mm, weekly at HH:mm on the chosen weekdays, in the server's time zone.
 * A time the clocks skip (spring forward) runs at the first instant after the gap; a time they show twice (autumn)
 * runs once, at its first instant. With several triggers the earliest counts; none: null.
 */

export type Schedule = {
  continuouslyIsActive: boolean;
  continuouslyMinutes: number;
  dailyIsActive: boolean;
  dailyDateTime: string | null;
  weeklyIsActive: boolean;
  weeklyDateTime: string | null;
  /** monday … sunday */
  weekdays: readonly string[];
  lastDateTime: Date | null;
};

/** The time zone of this server process (TZ, else the runtime's), in which daily and weekly times count. */
export function serverTimeZone(): string {
  const tz = process.env.TZ;
  if (tz && isTimeZone(tz)) return tz;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** A time trigger is active: the task needs a next time (spec §3 needsSchedule). */
export function needsSchedule(s: Pick<Schedule, "continuouslyIsActive" | "dailyIsActive" | "weeklyIsActive">): boolean {
  return s.continuouslyIsActive || s.dailyIsActive || s.weeklyIsActive;
}

export const WEEKDAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** The API's weeklyMonday..weeklySunday as the stored day names, and back. */
export function weekdaysOf(flags: Partial<Record<WeekdayField, boolean>>): string[] {
  return WEEKDAY_NAMES.filter((_, i) => flags[WEEKDAYS[i]]);
}
export function weekdayFlags(days: readonly string[]): Record<WeekdayField, boolean> {
  return Object.fromEntries(WEEKDAYS.map((field, i) => [field, days.includes(WEEKDAY_NAMES[i])])) as Record<
    WeekdayField,
    boolean
  >;
}

const MINUTE_MS = 60_000;

/** The first instant at or after the wall time `hour:minute` of that calendar day (later if the clocks skip it). */
function instantOf(year: number, month: number, day: number, hour: number, minute: number, zone: string): Date {
  for (let m = hour * 60 + minute; m < 26 * 60; m++) {
    // a skipped wall time: the next minute the clocks show is the first instant after the gap
    const d = new Date(Date.UTC(year, month - 1, day) + m * MINUTE_MS);
    const at = zonedTimeToDate(
      {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: d.getUTCHours(),
        minute: d.getUTCMinutes(),
        second: 0,
      },
      zone,
    );
    if (at) return at;
  }
  throw new Error(`no valid time on ${year}-${month}-${day} in ${zone}`);
}

/** The earliest instant strictly after `after` at `time` on a day that `dayAllowed` accepts (within 8 days). */
function nextAt(
  time: { hour: number; minute: number },
  after: Date,
  zone: string,
  dayAllowed: (isoWeekday: number) => boolean,
): Date | null {
  const local = new TZDate(after.getTime(), zone);
  const start = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate());
  for (let i = 0; i <= 8; i++) {
    const day = new Date(start + i * 24 * 60 * MINUTE_MS);
    const isoWeekday = ((day.getUTCDay() + 6) % 7) + 1; // 1 = monday … 7 = sunday
    if (!dayAllowed(isoWeekday)) continue;
    const at = instantOf(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), time.hour, time.minute, zone);
    if (at.getTime() > after.getTime()) return at;
  }
  return null;
}

/** The next due instant after `now` (strictly later for daily/weekly), or null when no time trigger is active. */
export function nextRun(s: Schedule, now: Date, timeZone: string = serverTimeZone()): Date | null {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  const candidates: Date[] = [];
  if (s.continuouslyIsActive && s.continuouslyMinutes > 0) {
    candidates.push(s.lastDateTime ? new Date(s.lastDateTime.getTime() + s.continuouslyMinutes * MINUTE_MS) : now);
  }
  const daily = s.dailyIsActive ? timeOfDay(s.dailyDateTime) : null;
  if (daily) {
    const at = nextAt(daily, now, zone, () => true);
    if (at) candidates.push(at);
  }
  const weekly = s.weeklyIsActive ? timeOfDay(s.weeklyDateTime) : null;
  if (weekly) {
    const days = new Set(s.weekdays.map((d) => WEEKDAY_NAMES.indexOf(d as (typeof WEEKDAY_NAMES)[number]) + 1));
    const at = nextAt(weekly, now, zone, (d) => days.has(d));
    if (at) candidates.push(at);
  }
  if (!candidates.length) return null;
  return new Date(Math.min(...candidates.map((d) => d.getTime())));
}
