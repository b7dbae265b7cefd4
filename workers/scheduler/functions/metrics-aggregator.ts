import { and, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "@/db/client";
import { downloads, JOB_STATS_COUNTERS, systems } from "@/db/schema";
import { writeArchive } from "@/lib/downloads/archive";
import { removeStored } from "@/lib/files/store";
import { log } from "@/lib/log";
import { type MetricMonthRow, rollMetricsIntoMonths } from "@/lib/statistics/rollup";
import type { TaskFunction } from "./types";

const COLUMNS = ["month", "systemId", "system", "projectId", ...JOB_STATS_COUNTERS] as const;

/**
 * MetricsAggregator (DESIGN.md "Statistics", docs/decisions.md "Statistics"): folds the counters' journal into the
 * days and rolls every month with a changed day into job_stats_monthly (lib/statistics/rollup.ts). Global only (an
 * internal task of the Supersystem); a re-run without changes writes nothing. Every complete month it rolled becomes
 * the "MetricAggregate" downloads (spec operations §3 download type 3): one over all systems and one per system,
 * each replacing the month's earlier one (a day of a past month changes when one of its jobs is removed).
 */
export const metricsAggregator: TaskFunction = async ({ db, now }) => {
  const rows = await rollMetricsIntoMonths(db);
  const months = [...new Set(rows.map((r) => r.month))].sort();
  const currentMonth = `${now.toISOString().slice(0, 7)}-01`;
  let archives = 0;
  for (const month of months.filter((m) => m < currentMonth)) {
    archives += await archiveMonth(
      db,
      month,
      rows.filter((r) => r.month === month),
    );
  }
  log.info({ task: "MetricsAggregator", months, rows: rows.length, archives }, "task done");
  return {
    message: months.length
      ? `${months.length} month(s) rolled up (${months.join(", ")}), ${rows.length} row(s), ${archives} archive(s) written`
      : "no month changed",
    details: { months, rows: rows.length, archives },
  };
};

async function archiveMonth(db: Database, month: string, rows: MetricMonthRow[]): Promise<number> {
  const ids = [...new Set(rows.map((r) => r.systemId))];
  const names = new Map(
    (await db.select({ id: systems.id, name: systems.name }).from(systems).where(inArray(systems.id, ids))).map((s) => [
      s.id,
      s.name,
    ]),
  );
  const period = month.slice(0, 7);
  const values = (subset: MetricMonthRow[]) =>
    subset.map((r) => [month, r.systemId, names.get(r.systemId) ?? "", r.projectId, ...JOB_STATS_COUNTERS.map((k) => r[k])]);
  const targets: { systemId: string | null; rows: MetricMonthRow[] }[] = [
    { systemId: null, rows },
    ...ids.map((id) => ({ systemId: id, rows: rows.filter((r) => r.systemId === id) })),
  ];
  for (const target of targets) {
    const externalId = `MetricAggregate:${period}:${target.systemId ?? "all"}`;
    const replaced: string[] = [];
    await writeArchive(
      db,
      {
        type: "MetricAggregate",
        systemId: target.systemId,
        displayFileName: `MetricAggregates_${period}${target.systemId ? `_${names.get(target.systemId) ?? target.systemId}` : ""}.zip`,
        externalId,
        entries: [{ name: "metric-aggregates", columns: COLUMNS, rows: [values(target.rows)] }],
      },
      {
        // the month's earlier archive goes with the new one's row, in its transaction; its file after the commit
        beforeCommit: async (tx, written) => {
          const old = await tx
            .delete(downloads)
            .where(and(eq(downloads.externalId, externalId), ne(downloads.id, written.download.id)))
            .returning({ path: downloads.path });
          replaced.push(...old.map((o) => o.path));
        },
      },
    );
    for (const path of replaced) await removeStored(path);
  }
  return targets.length;
}
