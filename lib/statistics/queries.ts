import { type AnyColumn, and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { DURATION_BUCKETS_S, jobMetrics, jobs, projects, systems } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { systemForCaller } from "@/lib/auth/tenancy";
import { AppError } from "@/lib/errors/app-error";
import { readsEveryStatistics, readsStatisticsOf } from "./access";
import {
  addCounters,
  aliasedCounters,
  counterRows,
  countersOf,
  pick,
  seconds,
  summedCounters,
  toFigures,
  ZERO_COUNTERS,
} from "./figures";
import { addDays, chartBuckets, type DateRange, utcDay } from "./rules";
import {
  LONG_RUNNING_LIMIT,
  type LongRunningJobsResult,
  type ProjectStatisticsSummary,
  type SystemStatisticsSummary,
} from "./schemas";

/**
 * Reads of the statistics (DESIGN.md "Statistics"): every figure comes from the counters (./figures.ts counterRows:
 * the folded days and the journal, what the view job_stats_current holds; kept per UTC creation day, system and project
 * by the triggers of drizzle/*_statistics_counters.sql), so a month over millions of jobs reads a few hundred rows;
 * only the long-running jobs read jobs. Ranges are UTC days, both counted.
 */

/** By name, case-insensitively, then as written (the order of the projects' list). */
const byName = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

/** A row per system (the Supersystem first, then by name), zeros included, and their total. */
export async function systemsSummary(db: Database, range: DateRange): Promise<SystemStatisticsSummary> {
  const [list, counted] = await Promise.all([
    db
      .select({ id: systems.id, name: systems.name })
      .from(systems)
      .orderBy(sql`${systems.type} <> 'Super'`, asc(sql`lower(${systems.name})`)),
    (() => {
      const r = counterRows(db, range);
      return db
        .select({ systemId: r.systemId, ...summedCounters(r) })
        .from(r)
        .groupBy(r.systemId);
    })(),
  ]);
  const bySystem = new Map(counted.map(({ systemId, ...c }) => [systemId, c]));
  const rows = list.map((s) => ({ system: s, counters: bySystem.get(s.id) ?? ZERO_COUNTERS }));
  return {
    items: rows.map((r) => ({ systemId: r.system.id, systemName: r.system.name, ...toFigures(r.counters) })),
    total: toFigures(addCounters(rows.map((r) => r.counters))),
  };
}

/**
 * The per-project summary's one statement (the projects full-joined with their summed counters): one round trip, as
 * the bare sums take; prepared once per database, since building a statement of this size costs more than running it
 * (bench/RESULTS.md "Statistics").
 */
function projectsStatement(db: Database) {
  const list = db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(eq(projects.systemId, sql.placeholder("systemId")))
    .as("p");
  const r = counterRows(db, {
    systemId: sql.placeholder("systemId"),
    start: sql.placeholder("start"),
    end: sql.placeholder("end"),
  });
  const counted = db
    .select({ projectId: sql<string | null>`${r.projectId}`.as("counted_project_id"), ...aliasedCounters(r) })
    .from(r)
    .groupBy(r.projectId)
    .as("c");
  return db
    .select({ id: list.id, name: list.name, projectId: counted.projectId, ...pick(counted) })
    .from(list)
    .fullJoin(counted, eq(counted.projectId, list.id))
    .prepare("statistics_projects_summary");
}
const projectsStatements = new WeakMap<Database, ReturnType<typeof projectsStatement>>();

/**
 * A row per project of the system (by name), zeros included, then one row without project (projectId null) for the
 * jobs of deleted projects, when there are any; and their total, the system's.
 */
export async function projectsSummary(db: Database, opts: DateRange & { systemId: string }): Promise<ProjectStatisticsSummary> {
  let statement = projectsStatements.get(db);
  if (!statement) {
    statement = projectsStatement(db);
    projectsStatements.set(db, statement);
  }
  const found = await statement.execute({ systemId: opts.systemId, start: opts.start, end: opts.end });
  const rows = found
    .filter((r) => r.id !== null)
    .map((r) => ({ id: r.id as string | null, name: r.name, counters: countersOf(r) }))
    .sort((a, b) => byName(a.name ?? "", b.name ?? ""));
  // the keys of no current project: without project, or of a deleted one (its purged jobs)
  const orphans = addCounters(found.filter((r) => r.id === null).map(countersOf));
  if (orphans.total > 0) rows.push({ id: null, name: null, counters: orphans });
  return {
    items: rows.map((r) => ({ projectId: r.id, projectName: r.name, ...toFigures(r.counters) })),
    total: toFigures(addCounters(found.map(countersOf))),
  };
}

/** The instants of a range of UTC days: from its first day's start to the next day after its last. */
const instants = (r: DateRange) => ({ from: new Date(`${r.start}T00:00:00Z`), to: new Date(`${addDays(r.end)}T00:00:00Z`) });

/**
 * The top 10 long-running jobs (spec §2, §9) created in the range in the system (in one project, with `projectId`):
 * each job's last run, the longest first; totalCount = the jobs with a recorded run (from the counters).
 *
 * Two ways to find them, chosen by the counters: when the range holds a good part of the runs, walk job_metrics in
 * duration order (its (system|project, duration) index) and keep the first 10 created in the range, about
 * 10 × runs / runs-in-range rows; else read the range's jobs (their (system, created) index) and sort them.
 */
export async function longRunningJobs(
  db: Database,
  opts: DateRange & { systemId: string; projectId?: string },
): Promise<LongRunningJobsResult> {
  const { from, to } = instants(opts);
  const project = opts.projectId;
  const r = counterRows(db, { systemId: opts.systemId, projectId: project });
  const [counted] = await db
    .select({
      inRange:
        sql<number>`coalesce(sum(${r.durationCount}) filter (where ${r.day} >= ${opts.start}::date and ${r.day} <= ${opts.end}::date), 0)`.mapWith(
          Number,
        ),
      all: summedCounters(r).durationCount,
    })
    .from(r);
  const inRange = counted?.inRange ?? 0;
  if (!inRange) return { items: [], totalCount: 0 };
  const walk = LONG_RUNNING_LIMIT * (counted?.all ?? 0) < inRange * inRange;
  const items = await db
    .select({
      jobId: jobs.id,
      client: jobs.client,
      clientInfo: jobs.clientInfo,
      durationMs: jobMetrics.durationMs,
      projectId: jobs.projectId,
      projectName: jobs.projectName,
      state: jobs.state,
      created: jobs.created,
    })
    .from(jobMetrics)
    .innerJoin(jobs, eq(jobs.id, jobMetrics.jobId))
    .where(
      and(
        eq(jobs.systemId, opts.systemId),
        gte(jobs.created, from),
        lt(jobs.created, to),
        project ? eq(jobs.projectId, project) : undefined,
        // the walk's index: the metrics' own system or project (the job's, unless its project was deleted since)
        walk ? (project ? eq(jobMetrics.projectId, project) : eq(jobMetrics.systemId, opts.systemId)) : undefined,
      ),
    )
    // "+ 0" keeps the planner off the duration index when the range's jobs are read instead
    .orderBy(walk ? desc(jobMetrics.durationMs) : desc(sql`${jobMetrics.durationMs} + 0`), desc(jobMetrics.jobId))
    .limit(LONG_RUNNING_LIMIT);
  return {
    items: items.map(({ durationMs, created, ...job }) => ({
      ...job,
      processingTime: seconds(durationMs),
      created: created.toISOString(),
    })),
    totalCount: inRange,
  };
}

/** Refuses a caller who may not read the system's statistics: 404 for an unknown or foreign system, else 403. */
async function statisticsSystem(db: Database, caller: Caller, systemId: string) {
  return systemForCaller(db, caller, { id: systemId }, { may: (s) => readsStatisticsOf(caller, s) });
}

/** GET v3/statistics/summary and the admin portal's page: AccessAdminStatistics in the Supersystem. */
export async function readSystemsSummary(db: Database, opts: { caller: Caller; range: DateRange }) {
  if (!readsEveryStatistics(opts.caller)) throw new AppError("AccessDenied");
  return systemsSummary(db, opts.range);
}

/** GET v3/statistics/summary/{systemId} and the system portal's page. */
export async function readProjectsSummary(db: Database, opts: { caller: Caller; systemId: string; range: DateRange }) {
  await statisticsSystem(db, opts.caller, opts.systemId);
  return projectsSummary(db, { ...opts.range, systemId: opts.systemId });
}

/**
 * GET v3/statistics/longrunningjobs/{systemId} and its page; a `projectId` that is not a project of the system is
 * 404 ProjectNotFound.
 */
export async function readLongRunningJobs(
  db: Database,
  opts: { caller: Caller; systemId: string; projectId?: string; range: DateRange },
): Promise<LongRunningJobsResult & { projectName: string | null }> {
  await statisticsSystem(db, opts.caller, opts.systemId);
  let projectName: string | null = null;
  if (opts.projectId) {
    const [project] = await db
      .select({ name: projects.name })
      .from(projects)
      .where(and(eq(projects.id, opts.projectId), eq(projects.systemId, opts.systemId)));
    if (!project) throw new AppError("ProjectNotFound");
    projectName = project.name;
  }
  const result = await longRunningJobs(db, { ...opts.range, systemId: opts.systemId, projectId: opts.projectId });
  return { ...result, projectName };
}

type Day = string | Date;
const dayOf = (d: Day) => (typeof d === "string" ? d.slice(0, 10) : utcDay(d));

/** One point of a statistics chart: a day (YYYY-MM-DD) or a month (YYYY-MM-01). */
export type SeriesPoint = {
  key: string;
  total: number;
  successful: number;
  failed: number;
  /** neither successful nor failed: not started, being processed, or removed before it ended */
  other: number;
  documents: number;
  pages: number;
};

/**
 * The charts' series of a range (lib/statistics/rules.ts chartBuckets: a point per day up to 92 days, else per month),
 * of one system or every one, of one project or all, zeros where nothing was counted.
 */
export async function statisticsSeries(
  db: Database,
  opts: DateRange & { systemId?: string; projectId?: string | null },
): Promise<{ unit: "day" | "month"; points: SeriesPoint[] }> {
  const buckets = chartBuckets(opts);
  const r = counterRows(db, { ...opts, projectId: opts.projectId ?? undefined });
  const key =
    buckets.unit === "day" ? sql<string>`to_char(${r.day}, 'YYYY-MM-DD')` : sql<string>`to_char(${r.day}, 'YYYY-MM-01')`;
  const c = summedCounters(r);
  const rows = await db
    .select({ key, total: c.total, successful: c.successful, failed: c.failed, documents: c.documents, pages: c.pages })
    .from(r)
    .groupBy(key);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return {
    unit: buckets.unit,
    points: buckets.keys.map((k) => {
      const r = byKey.get(k);
      const total = r?.total ?? 0;
      const successful = r?.successful ?? 0;
      const failed = r?.failed ?? 0;
      return {
        key: k,
        total,
        successful,
        failed,
        other: total - successful - failed,
        documents: r?.documents ?? 0,
        pages: r?.pages ?? 0,
      };
    }),
  };
}

/**
 * For the dashboards: the jobs created per UTC day from `from` through `to` (both counted; YYYY-MM-DD or a Date, its UTC
 * day) by outcome, of one system or every one; a row for every day, zeros included. successful/failed as in the
 * statistics (still counted when removed since); other = total − successful − failed.
 */
export async function jobsByOutcome(
  db: Database,
  opts: { systemId?: string; from: Day; to: Day },
): Promise<{ day: string; total: number; successful: number; failed: number; other: number }[]> {
  const range = { start: dayOf(opts.from), end: dayOf(opts.to) };
  const r = counterRows(db, { ...range, systemId: opts.systemId });
  const key = sql<string>`to_char(${r.day}, 'YYYY-MM-DD')`;
  const c = summedCounters(r);
  const rows = await db.select({ day: key, total: c.total, successful: c.successful, failed: c.failed }).from(r).groupBy(key);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const out = [];
  for (let day = range.start; day <= range.end; day = addDays(day)) {
    const r = byDay.get(day) ?? { total: 0, successful: 0, failed: 0 };
    out.push({ day, total: r.total, successful: r.successful, failed: r.failed, other: r.total - r.successful - r.failed });
  }
  return out;
}

/**
 * For the dashboards (Prometheus): the job-duration histogram of one system or every one, over every day counted:
 * cumulative buckets (runs ≤ le seconds; the last, "+Inf", is every run), the number of runs and their summed
 * duration in seconds. A run is a job's last finished run (its job_metrics row): a restart that finishes replaces it.
 */
export async function jobDurationHistogram(
  db: Database,
  opts: { systemId?: string } = {},
): Promise<{ buckets: { le: number | "+Inf"; count: number }[]; count: number; sumSeconds: number }> {
  const v = counterRows(db, { systemId: opts.systemId }, [
    "durationLe1s",
    "durationLe5s",
    "durationLe15s",
    "durationLe60s",
    "durationLe300s",
    "durationCount",
    "durationSumMs",
  ]);
  const n = (column: SQL.Aliased | AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      le1: n(v.durationLe1s),
      le5: n(v.durationLe5s),
      le15: n(v.durationLe15s),
      le60: n(v.durationLe60s),
      le300: n(v.durationLe300s),
      count: n(v.durationCount),
      sumMs: n(v.durationSumMs),
    })
    .from(v);
  const r = row ?? { le1: 0, le5: 0, le15: 0, le60: 0, le300: 0, count: 0, sumMs: 0 };
  const counts = [r.le1, r.le5, r.le15, r.le60, r.le300];
  return {
    buckets: [...DURATION_BUCKETS_S.map((le, i) => ({ le, count: counts[i] ?? 0 })), { le: "+Inf" as const, count: r.count }],
    count: r.count,
    sumSeconds: r.sumMs / 1000,
  };
}
