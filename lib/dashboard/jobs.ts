import { type AnyColumn, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobStatsCurrent, systems } from "@/db/schema";
import { isSupersystemName } from "@/lib/auth/permissions";
import { projectsSummary, systemsSummary } from "@/lib/statistics/queries";
import type { StatisticsFigures } from "@/lib/statistics/schemas";
import type { OutcomeRow, Outcomes, Period } from "./outcomes";
import type { DayRange } from "./ranges";

// The jobs by outcome are the statistics' own figures (lib/statistics/queries.ts: the counters per UTC creation day,
// system and project, docs/decisions.md "Statistics"), never a scan of the jobs table: 7 days of a system are a few
// rows however many jobs they hold, and the dashboard says what the statistics page says.

export type OutcomeRanges = Record<Period, DayRange>;

const outcomesOf = (f: StatisticsFigures): Outcomes => ({
  created: f.total,
  successful: f.successful,
  failed: f.failed,
  notStarted: f.notStarted,
});

/** Rows of both periods by their key (the summaries list the same rows in the same order for any range). */
function zip<T>(
  today: T[],
  week: T[],
  keyOf: (row: T) => string,
  nameOf: (row: T) => string,
  figures: (row: T) => StatisticsFigures,
) {
  const todayByKey = new Map(today.map((r) => [keyOf(r), r]));
  return week.map((r): OutcomeRow => {
    const t = todayByKey.get(keyOf(r));
    return {
      id: keyOf(r),
      name: nameOf(r),
      week: outcomesOf(figures(r)),
      today: t ? outcomesOf(figures(t)) : { created: 0, successful: 0, failed: 0, notStarted: 0 },
    };
  });
}

/** The sums of rows: a card's totals. */
export function sumOutcomes(rows: readonly OutcomeRow[]): Record<Period, Outcomes> {
  const add = (period: Period): Outcomes => ({
    created: rows.reduce((n, r) => n + r[period].created, 0),
    successful: rows.reduce((n, r) => n + r[period].successful, 0),
    failed: rows.reduce((n, r) => n + r[period].failed, 0),
    notStarted: rows.reduce((n, r) => n + r[period].notStarted, 0),
  });
  return { today: add("today"), week: add("week") };
}

/**
 * The admin dashboard: every tenant system by name (zeros included), and the Supersystem only when jobs were created
 * in it (it has no job monitor; the statistics list it first).
 */
export async function outcomesBySystem(db: Database, params: { ranges: OutcomeRanges }): Promise<OutcomeRow[]> {
  const [today, week] = await Promise.all([systemsSummary(db, params.ranges.today), systemsSummary(db, params.ranges.week)]);
  const rows = zip(
    today.items,
    week.items,
    (r) => r.systemId,
    (r) => r.systemName,
    (r) => r,
  );
  return rows.filter((r) => !isSupersystemName(r.name) || r.week.created > 0);
}

/**
 * A system's dashboard: each of its projects by name (zeros included), then one row without a project (id ""; jobs
 * without one, or of a deleted project) when there are such jobs; only this system's counters are read.
 */
export async function outcomesByProject(
  db: Database,
  params: { systemId: string; ranges: OutcomeRanges },
): Promise<OutcomeRow[]> {
  const [today, week] = await Promise.all([
    projectsSummary(db, { systemId: params.systemId, ...params.ranges.today }),
    projectsSummary(db, { systemId: params.systemId, ...params.ranges.week }),
  ]);
  return zip(
    today.items,
    week.items,
    (r) => r.projectId ?? "",
    (r) => r.projectName ?? "",
    (r) => r,
  );
}

/** A system's counters over every day kept: the totals and the job-duration histogram of GET /api/metrics. */
export type SystemCounters = {
  systemName: string;
  created: number;
  successful: number;
  failed: number;
  /** runs with duration ≤ each of DURATION_BUCKETS_S (1, 5, 15, 60, 300 s; cumulative), all runs, their summed seconds */
  durationBuckets: number[];
  durationCount: number;
  durationSumSeconds: number;
};

/**
 * Every system's counters over all days, in one statement grouped by system (lib/statistics/queries.ts
 * jobDurationHistogram reads one system or all together; the metrics want every system's own).
 */
export async function countersBySystem(db: Database): Promise<SystemCounters[]> {
  const v = jobStatsCurrent;
  const sum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const rows = await db
    .select({
      systemName: systems.name,
      total: sum(v.total),
      successful: sum(v.successful),
      failed: sum(v.failed),
      durationCount: sum(v.durationCount),
      durationSumMs: sum(v.durationSumMs),
      le1: sum(v.durationLe1s),
      le5: sum(v.durationLe5s),
      le15: sum(v.durationLe15s),
      le60: sum(v.durationLe60s),
      le300: sum(v.durationLe300s),
    })
    .from(v)
    .innerJoin(systems, eq(systems.id, v.systemId))
    .groupBy(systems.id, systems.name)
    .orderBy(asc(sql`lower(${systems.name})`));
  return rows.map((r) => ({
    systemName: r.systemName,
    created: r.total,
    successful: r.successful,
    failed: r.failed,
    durationBuckets: [r.le1, r.le5, r.le15, r.le60, r.le300],
    durationCount: r.durationCount,
    durationSumSeconds: r.durationSumMs / 1000,
  }));
}
