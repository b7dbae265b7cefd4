import { type AnyColumn, and, eq, gte, lte, type Placeholder, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "@/db/client";
import { type JOB_STATS_COUNTERS, jobStatsDaily, jobStatsDelta } from "@/db/schema";
import { EINVOICE_COUNTERS, type EInvoiceCounter, type EInvoiceCounts, einvoiceCounts } from "@/lib/processing/einvoice";
import type { StatisticsFigures } from "./schemas";

/** The values, or placeholders of a prepared statement (`sql.placeholder("systemId")`). */
type Value = string | Placeholder;
export type CounterFilter = { systemId?: Value; projectId?: Value; start?: Value; end?: Value };

/**
 * The counters as of now for a filter: the folded days (job_stats_daily) and the journal not folded yet
 * (job_stats_delta), each read along its own (system_id, day) index, as one subquery to be summed once. It is what
 * the view job_stats_current holds, without the view's grouping per key before the caller's own (that costs the
 * per-project summary of a month about 3×: bench/RESULTS.md "Statistics").
 */
export function counterRows<K extends CounterName = SummaryCounter>(
  db: Database,
  filter: CounterFilter,
  keys: readonly K[] = SUMMARY_COUNTERS as readonly SummaryCounter[] as readonly K[],
) {
  // the journal has the days' columns; typed as the days' so that the two make one union
  const branch = (t: typeof jobStatsDaily) =>
    db
      .select({
        day: t.day,
        systemId: t.systemId,
        projectId: t.projectId,
        ...Object.fromEntries(keys.map((k) => [k, t[k]])),
      } as { day: typeof t.day; systemId: typeof t.systemId; projectId: typeof t.projectId } & {
        [P in K]: (typeof jobStatsDaily)[P];
      })
      .from(t)
      .where(
        and(
          filter.systemId ? eq(t.systemId, filter.systemId) : undefined,
          filter.projectId ? eq(t.projectId, filter.projectId) : undefined,
          filter.start ? gte(t.day, filter.start) : undefined,
          filter.end ? lte(t.day, filter.end) : undefined,
        ),
      );
  // (the same columns in the same order; TypeScript cannot check the shape of a generic selection: `as never`)
  return unionAll(branch(jobStatsDaily), branch(jobStatsDelta as unknown as typeof jobStatsDaily) as never).as("counter_rows");
}

type CounterName = (typeof JOB_STATS_COUNTERS)[number];
/** The counters a statistics row sums (the histogram buckets are read only by jobDurationHistogram). */
const SUMMARY_COUNTERS = [
  "total",
  "successful",
  "failed",
  "notStarted",
  "waiting",
  "restarts",
  "notDeleted",
  "documents",
  "pages",
  "ocrDocuments",
  "ocrPages",
  ...EINVOICE_COUNTERS,
  "bytesIn",
  "bytesOut",
  "durationCount",
  "durationSumMs",
  "durationMaxMs",
] as const satisfies readonly CounterName[];
type SummaryCounter = (typeof SUMMARY_COUNTERS)[number];

export type CounterSource = ReturnType<typeof counterRows<SummaryCounter>>;

/** The counters summed over the rows of `r` (the maximum is the largest). */
export function summedCounters(r: CounterSource) {
  const sum = (column: AnyColumn | SQL.Aliased) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  return {
    total: sum(r.total),
    successful: sum(r.successful),
    failed: sum(r.failed),
    notStarted: sum(r.notStarted),
    waiting: sum(r.waiting),
    restarts: sum(r.restarts),
    notDeleted: sum(r.notDeleted),
    documents: sum(r.documents),
    pages: sum(r.pages),
    ocrDocuments: sum(r.ocrDocuments),
    ocrPages: sum(r.ocrPages),
    ...(Object.fromEntries(EINVOICE_COUNTERS.map((k) => [k, sum(r[k])])) as Record<EInvoiceCounter, SQL<number>>),
    bytesIn: sum(r.bytesIn),
    bytesOut: sum(r.bytesOut),
    durationCount: sum(r.durationCount),
    durationSumMs: sum(r.durationSumMs),
    durationMaxMs: sql<number>`coalesce(max(${r.durationMaxMs}), 0)`.mapWith(Number),
  };
}

export type Counters = { [K in keyof ReturnType<typeof summedCounters>]: number };
type CounterKey = keyof Counters;

/** summedCounters with each field named by its key, for a subquery (`.as("c")`). */
export function aliasedCounters(r: CounterSource) {
  const c = summedCounters(r);
  return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.as(k)])) as {
    [K in CounterKey]: SQL.Aliased<number>;
  };
}

/** The counter fields of a subquery made with aliasedCounters, to select from it. */
export function pick<T extends Record<CounterKey, unknown>>(sub: T): Pick<T, CounterKey> {
  return Object.fromEntries(Object.keys(ZERO_COUNTERS).map((k) => [k, sub[k as CounterKey]])) as Pick<T, CounterKey>;
}

/** The counters of a row (a side of an outer join has null for a key without counters: zeros). */
export function countersOf(row: { [K in CounterKey]: number | null }): Counters {
  return Object.fromEntries(Object.keys(ZERO_COUNTERS).map((k) => [k, Number(row[k as CounterKey] ?? 0)])) as Counters;
}

export const ZERO_COUNTERS: Counters = {
  total: 0,
  successful: 0,
  failed: 0,
  notStarted: 0,
  waiting: 0,
  restarts: 0,
  notDeleted: 0,
  documents: 0,
  pages: 0,
  ocrDocuments: 0,
  ocrPages: 0,
  ...einvoiceCounts([]),
  bytesIn: 0,
  bytesOut: 0,
  durationCount: 0,
  durationSumMs: 0,
  durationMaxMs: 0,
};

/** Rows added up: sums, and the largest maximum. */
export function addCounters(rows: Counters[]): Counters {
  const out = { ...ZERO_COUNTERS };
  for (const r of rows) {
    for (const k of Object.keys(out) as (keyof Counters)[])
      out[k] = k === "durationMaxMs" ? Math.max(out[k], r[k]) : out[k] + r[k];
  }
  return out;
}

/** Seconds with 3 decimals (DESIGN.md Conventions: durations in seconds with 3 decimals). */
export const seconds = (ms: number) => Math.round(ms) / 1000;

/** A statistics row's figures (spec §3 "Statistics row") from summed counters. */
export function toFigures(c: Counters): StatisticsFigures {
  return {
    total: c.total,
    successful: c.successful,
    failed: c.failed,
    notStarted: c.notStarted,
    waiting: c.waiting,
    restarts: c.restarts,
    notDeleted: c.notDeleted,
    documents: c.documents,
    pages: c.pages,
    ocrDocuments: c.ocrDocuments,
    ocrPages: c.ocrPages,
    ...(Object.fromEntries(EINVOICE_COUNTERS.map((k) => [k, c[k]])) as EInvoiceCounts),
    networkUpload: c.bytesIn,
    networkDownload: c.bytesOut,
    averageProcessingTime: c.durationCount ? seconds(c.durationSumMs / c.durationCount) : 0,
    maxProcessingTime: seconds(c.durationMaxMs),
  };
}
