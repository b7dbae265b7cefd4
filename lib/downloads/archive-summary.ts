import type { PackageBy, Period } from "./periods";

/**
 * What an archiver run did, and, when it wrote nothing, why and when it will (issue 23: a new installation's run said
 * "0 archive(s) written (0 rows)" for a month without a reason). The run history keeps the English sentence
 * (archiveSummaryText); the page reads it back (readArchiveSummary) and says it in the user's language.
 */
export type ArchiveSummary = {
  archives: number;
  rows: number;
  /** periods another task or run had archived already */
  before: number;
  /** with `clean`: the archived rows deleted and after how many days */
  cleaned: { count: number; days: number } | null;
  /** nothing written: the period the next archive covers (the current, incomplete one) and the day it ends */
  waiting: {
    /** no period of this task's targets was ever archived */
    first: boolean;
    unit: PackageBy;
    key: string;
    /** first and last day of the period (YYYY-MM-DD, UTC) */
    start: string;
    last: string;
    /** the day it is complete and the next run archives it */
    due: string;
  } | null;
};

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The waiting part of a summary for the period an archive waits for. */
export function waitingFor(period: Period, unit: PackageBy, first: boolean): NonNullable<ArchiveSummary["waiting"]> {
  return {
    first,
    unit,
    key: period.key,
    start: day(period.start),
    last: day(new Date(period.end.getTime() - DAY_MS)),
    due: day(period.end),
  };
}

export function archiveSummaryText(s: ArchiveSummary): string {
  let text = `${s.archives} archive(s) written (${s.rows} rows)`;
  if (s.before) text += `, ${s.before} period(s) archived before`;
  if (s.cleaned) text += `, ${s.cleaned.count} archived row(s) older than ${s.cleaned.days} days deleted`;
  if (s.waiting) {
    const w = s.waiting;
    const unit = w.unit.toLowerCase();
    text += w.first ? `; no complete ${unit} yet` : "; nothing new to archive";
    text += `: the ${w.first ? "first" : "next"} archive covers ${w.key} (${w.start} to ${w.last}) and is written on ${w.due}`;
  }
  return text;
}

const DATE = "(\\d{4}-\\d{2}-\\d{2})";
const SUMMARY = new RegExp(
  "^(\\d+) archive\\(s\\) written \\((\\d+) rows\\)" +
    "(?:, (\\d+) period\\(s\\) archived before)?" +
    "(?:, (\\d+) archived row\\(s\\) older than (\\d+) days deleted)?" +
    `(?:; (?:no complete (month|week) yet|nothing new to archive): the (first|next) archive covers (\\S+) \\(${DATE} to ${DATE}\\) and is written on ${DATE})?$`,
);

/** A run message of an archiver read back; null for any other message. */
export function readArchiveSummary(text: string): ArchiveSummary | null {
  const m = SUMMARY.exec(text.trim());
  if (!m) return null;
  const [, archives, rows, before, cleanedCount, cleanedDays, , which, key, start, last, due] = m;
  return {
    archives: Number(archives),
    rows: Number(rows),
    before: before ? Number(before) : 0,
    cleaned: cleanedCount ? { count: Number(cleanedCount), days: Number(cleanedDays) } : null,
    waiting:
      which && key && start && last && due
        ? {
            first: which === "first",
            unit: /-W\d/.test(key) ? "Week" : "Month",
            key,
            start,
            last,
            due,
          }
        : null,
  };
}
