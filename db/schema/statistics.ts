import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, pgTable, pgView, timestamp, unique, uuid } from "drizzle-orm/pg-core";

/**
 * The e-invoice counters (issue 25): documents read as an e-invoice, by syntax, by profile (a profile not named here,
 * such as PEPPOL BIS or none, counts in `einvoices` only) and those with a check warning. job_metrics has them per job.
 */
export function einvoiceCounters<C>(column: (name: string) => C) {
  return {
    einvoices: column("einvoices"),
    einvoicesCii: column("einvoices_cii"),
    einvoicesUbl: column("einvoices_ubl"),
    einvoicesWarned: column("einvoices_warned"),
    einvoicesMinimum: column("einvoices_minimum"),
    einvoicesBasicWl: column("einvoices_basic_wl"),
    einvoicesBasic: column("einvoices_basic"),
    einvoicesEn16931: column("einvoices_en16931"),
    einvoicesExtended: column("einvoices_extended"),
    einvoicesXrechnung: column("einvoices_xrechnung"),
  };
}

/**
 * The figures of spec operations §2 "Statistics" for one key (DESIGN.md "Statistics"); the definitions are in
 * docs/decisions.md "Statistics". Job counts follow each job's current state; the work figures are those of each
 * job's last finished run (job_metrics); the duration maximum never decreases.
 */
const counters = () => ({
  total: bigint("total", { mode: "number" }).notNull().default(0),
  successful: bigint("successful", { mode: "number" }).notNull().default(0),
  failed: bigint("failed", { mode: "number" }).notNull().default(0),
  notStarted: bigint("not_started", { mode: "number" }).notNull().default(0),
  waiting: bigint("waiting", { mode: "number" }).notNull().default(0),
  restarts: bigint("restarts", { mode: "number" }).notNull().default(0),
  notDeleted: bigint("not_deleted", { mode: "number" }).notNull().default(0),
  documents: bigint("documents", { mode: "number" }).notNull().default(0),
  pages: bigint("pages", { mode: "number" }).notNull().default(0),
  ocrDocuments: bigint("ocr_documents", { mode: "number" }).notNull().default(0),
  ocrPages: bigint("ocr_pages", { mode: "number" }).notNull().default(0),
  ...einvoiceCounters((name) => bigint(name, { mode: "number" }).notNull().default(0)),
  bytesIn: bigint("bytes_in", { mode: "number" }).notNull().default(0),
  bytesOut: bigint("bytes_out", { mode: "number" }).notNull().default(0),
  /** jobs with a recorded run (job_metrics), their summed and longest duration */
  durationCount: bigint("duration_count", { mode: "number" }).notNull().default(0),
  durationSumMs: bigint("duration_sum_ms", { mode: "number" }).notNull().default(0),
  durationMaxMs: bigint("duration_max_ms", { mode: "number" }).notNull().default(0),
  /** the job-duration histogram (Prometheus buckets, cumulative): runs with duration ≤ 1 s, 5 s, 15 s, 60 s, 300 s */
  durationLe1s: bigint("duration_le_1s", { mode: "number" }).notNull().default(0),
  durationLe5s: bigint("duration_le_5s", { mode: "number" }).notNull().default(0),
  durationLe15s: bigint("duration_le_15s", { mode: "number" }).notNull().default(0),
  durationLe60s: bigint("duration_le_60s", { mode: "number" }).notNull().default(0),
  durationLe300s: bigint("duration_le_300s", { mode: "number" }).notNull().default(0),
});

/** The names of the counters, as the queries sum them. */
export const JOB_STATS_COUNTERS = Object.keys(counters()) as (keyof ReturnType<typeof counters>)[];
export type JobStatsCounter = (typeof JOB_STATS_COUNTERS)[number];

/** Upper bounds of the histogram buckets in seconds (+Inf is durationCount). */
export const DURATION_BUCKETS_S = [1, 5, 15, 60, 300] as const;

/**
 * Counters per UTC day a job was created, system and project (null: no project, or the project was deleted), folded
 * from job_stats_delta by job_stats_fold() (drizzle/*_statistics_counters.sql): one writer at a time, so the rows
 * are never contended. Read them through the view job_stats_current (these rows + the deltas not folded yet), as
 * lib/statistics/queries.ts does. No foreign keys: a hard delete of jobs keeps the history.
 */
export const jobStatsDaily = pgTable(
  "job_stats_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    systemId: uuid("system_id").notNull(),
    projectId: uuid("project_id"),
    ...counters(),
    /** false once a fold changed the row since the MetricsAggregator last rolled its month */
    rolledUp: boolean("rolled_up").notNull().default(false),
  },
  (t) => [
    unique("job_stats_daily_key").on(t.day, t.systemId, t.projectId).nullsNotDistinct(),
    // a system's rows of a range (the per-project summary); the admin summary reads by day (the key)
    index("job_stats_daily_system_day_idx").on(t.systemId, t.day),
    // the MetricsAggregator's changed rows
    index("job_stats_daily_pending_idx").on(t.day).where(sql`${t.rolledUp} = false`),
  ],
);

/**
 * The counters' journal: the triggers on jobs and job_metrics add one row per key and statement, in the transaction of
 * the change, and lock nothing (an upsert into job_stats_daily would hold its rows until the writer commits: writers
 * of several statements, such as a worker recording a batch, would wait on each other and could deadlock).
 * job_stats_fold() moves the rows into job_stats_daily (the MetricsAggregator, and readers when it has grown).
 */
export const jobStatsDelta = pgTable(
  "job_stats_delta",
  {
    day: date("day", { mode: "string" }).notNull(),
    systemId: uuid("system_id").notNull(),
    projectId: uuid("project_id"),
    ...counters(),
  },
  // a system's range reads only its rows of the journal, also while the journal holds the dead rows of a fold until
  // autovacuum comes
  (t) => [index("job_stats_delta_system_day_idx").on(t.systemId, t.day)],
);

/**
 * The counters as of now: job_stats_daily + the journal not folded yet, grouped by key (a view of the migration; a
 * filter on the key columns reaches both tables' indexes). Every read of the counters goes through it.
 */
export const jobStatsCurrent = pgView("job_stats_current", {
  day: date("day", { mode: "string" }).notNull(),
  systemId: uuid("system_id").notNull(),
  projectId: uuid("project_id"),
  ...counters(),
}).existing();

/** The days of job_stats_daily rolled into months by the MetricsAggregator (month = its first day). */
export const jobStatsMonthly = pgTable(
  "job_stats_monthly",
  {
    month: date("month", { mode: "string" }).notNull(),
    systemId: uuid("system_id").notNull(),
    projectId: uuid("project_id"),
    ...counters(),
    rolled: timestamp("rolled", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("job_stats_monthly_key").on(t.month, t.systemId, t.projectId).nullsNotDistinct(),
    index("job_stats_monthly_system_month_idx").on(t.systemId, t.month),
  ],
);

export type JobStatsDaily = typeof jobStatsDaily.$inferSelect;
export type JobStatsMonthly = typeof jobStatsMonthly.$inferSelect;
