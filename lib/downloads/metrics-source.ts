import { and, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import { archivedPeriods, jobMetrics, jobs, systems } from "@/db/schema";
import { EINVOICE_COUNTERS } from "@/lib/processing/einvoice";
import { type ArchiveColumn, type ArchiveScope, type ArchiveSource, isoText, periodRows, timedRows } from "./archive-source";
import { downloadTypeNumber } from "./rules";

const t = jobMetrics;
const TYPE = downloadTypeNumber("Metric");
const CLEAN_BATCH = 10_000;

/** The figures of one processed job (db/schema/jobs.ts job_metrics) with the job's project, client and times. */
const COLUMNS: ArchiveColumn[] = [
  { name: "jobId", value: t.jobId, raw: true },
  { name: "finished", value: isoText(t.finished, true) },
  { name: "systemId", value: t.systemId },
  { name: "system", value: systems.name },
  { name: "projectId", value: t.projectId },
  { name: "project", value: jobs.projectName },
  { name: "client", value: jobs.client },
  { name: "clientInfo", value: jobs.clientInfo },
  { name: "created", value: isoText(jobs.created) },
  { name: "success", value: t.success, raw: true },
  { name: "documents", value: t.documents, raw: true },
  { name: "pages", value: t.pages, raw: true },
  { name: "ocrDocuments", value: t.ocrDocuments, raw: true },
  { name: "ocrPages", value: t.ocrPages, raw: true },
  // issue 25: the job's documents read as e-invoices, by syntax and profile, those with check warnings
  ...EINVOICE_COUNTERS.map((k) => ({ name: k, value: t[k], raw: true })),
  { name: "bytesIn", value: t.bytesIn, raw: true },
  { name: "bytesOut", value: t.bytesOut, raw: true },
  // DESIGN.md Conventions: durations in seconds with 3 decimals
  { name: "processingTime", value: sql`round(${t.durationMs} / 1000.0, 3)`, raw: true },
];
export const METRICS_ARCHIVE_COLUMNS = COLUMNS.map((c) => c.name);

const inScope = (scope: ArchiveScope): SQL | undefined => (scope.kind === "all" ? undefined : eq(t.systemId, scope.systemId));

/** The per-job figures as their archives hold them (MetricsArchiver, and the downloads page's "archive now"). */
export const metricsSource: ArchiveSource = {
  type: "Metric",
  displayStem: "Metrics",
  entryStem: "metrics",
  columns: METRICS_ARCHIVE_COLUMNS,

  ...timedRows({ table: t, time: t.finished, systemId: t.systemId, key: t.jobId, inScope }),

  ...periodRows({
    columns: COLUMNS,
    from: sql`${t} left join ${jobs} on ${jobs.id} = ${t.jobId} left join ${systems} on ${systems.id} = ${t.systemId}`,
    time: t.finished,
    key: t.jobId,
    inScope,
    analyze: [t, jobs, systems],
  }),

  async clean(db, { before, systemId }) {
    const archived = sql`exists (select 1 from ${archivedPeriods} p where p.type = ${TYPE} and p.rows > 0
      and ${t.finished} >= p.period_start and ${t.finished} < p.period_end
      and ${systemId ? sql`p.target = ${systemId}` : sql`p.target in ('all', ${t.systemId}::text)`})`;
    const due = and(lt(t.finished, before), systemId ? eq(t.systemId, systemId) : undefined, archived);
    let deleted = 0;
    for (;;) {
      const batch = db.select({ id: t.jobId }).from(t).where(due).limit(CLEAN_BATCH);
      const rows = await db.delete(t).where(inArray(t.jobId, batch)).returning({ id: t.jobId });
      deleted += rows.length;
      if (rows.length < CLEAN_BATCH) return deleted;
    }
  },
};
