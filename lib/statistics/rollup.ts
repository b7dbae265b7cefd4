import { inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { JOB_STATS_COUNTERS, type JobStatsMonthly, jobStatsDaily, jobStatsMonthly, systems } from "@/db/schema";

/** The rows a rollup wrote: the months it (re)computed, every key of them. */
export type MetricMonthRow = JobStatsMonthly;

/** Moves the counters' journal into job_stats_daily (drizzle/*_statistics_counters.sql job_stats_fold); its rows. */
export async function foldJobStats(db: Database): Promise<number> {
  const result: unknown = await db.execute(sql`select job_stats_fold() as folded`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { folded: number | string }[];
  return Number(rows[0]?.folded ?? 0);
}

const d = jobStatsDaily;
const month = sql<string>`date_trunc('month', ${d.day})::date`;

/**
 * The MetricsAggregator's work (spec operations §3; DESIGN.md "Statistics"), in one transaction that holds the
 * counters' fold lock, so no fold changes a day meanwhile: the journal is folded into the days; the counters of
 * systems that no longer exist go; every month with a day changed since its last rollup is computed again from its
 * days (replacing its rows: a re-run changes nothing, and a day that changes later, when a job of it is removed or
 * restarted, is rolled again). Answers the month rows written (for the MetricAggregate downloads).
 */
export async function rollMetricsIntoMonths(db: Database): Promise<MetricMonthRow[]> {
  return db.transaction(async (tx) => {
    await foldJobStats(tx);
    const gone = notInArray(d.systemId, tx.select({ id: systems.id }).from(systems));
    await tx.delete(jobStatsDaily).where(gone);
    await tx.delete(jobStatsMonthly).where(notInArray(jobStatsMonthly.systemId, tx.select({ id: systems.id }).from(systems)));
    const changed = await tx.selectDistinct({ month }).from(d).where(sql`${d.rolledUp} = false`);
    if (!changed.length) return [];
    const months = changed.map((m) => m.month);
    await tx.delete(jobStatsMonthly).where(inArray(jobStatsMonthly.month, months));
    const sums = Object.fromEntries(
      JOB_STATS_COUNTERS.map((k) => [
        k,
        (k === "durationMaxMs" ? sql<number>`max(${d[k]})` : sql<number>`sum(${d[k]})`).as(d[k].name),
      ]),
    ) as Record<(typeof JOB_STATS_COUNTERS)[number], SQL.Aliased<number>>;
    const rows = await tx
      .insert(jobStatsMonthly)
      .select(
        tx
          .select({
            month: month.as("month"),
            systemId: d.systemId,
            projectId: d.projectId,
            ...sums,
            rolled: sql<Date>`now()`.as("rolled"),
          })
          .from(d)
          .where(inArray(month, months))
          .groupBy(month, d.systemId, d.projectId),
      )
      .returning();
    await tx.update(jobStatsDaily).set({ rolledUp: true }).where(sql`${d.rolledUp} = false`);
    return rows;
  });
}
