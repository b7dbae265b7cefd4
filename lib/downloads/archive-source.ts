import { and, gte, lt, min, type SQL, sql } from "drizzle-orm";
import { type PgColumn, PgDialect, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "@/db/client";
import type { ArchiveContent, ArchiveCopy } from "./archive";
import { copyOut, postgresClient } from "./archive-copy";
import { copyRows } from "./copy-format";
import type { Period } from "./periods";

/**
 * What an archive reads (docs/decisions.md "Downloads"): a source's rows of a period (or any range: the downloads
 * page's "archive now"), in time order, scoped to every system or one, as a COPY of their texts for the archive's
 * formatter. The archivers (workers/scheduler/functions/archiver.ts) and lib/downloads/services/export-range.ts read
 * through it; the sources are ./audit-trail-source.ts and ./metrics-source.ts.
 */

export type ArchiveScope = { kind: "all" } | { kind: "system"; systemId: string; withoutSystem: boolean };

/** What an archiver reads and deletes: its table, in time order, scoped to every system or one. */
export type ArchiveSource = {
  type: "AuditTrail" | "Metric";
  /** the display name's first part ("AuditTrail_2026-10_Acme.zip") and the entry's ("audit-trail-2026-10.csv") */
  displayStem: string;
  entryStem: string;
  columns: readonly string[];
  /** the time of the first row in scope before `before` */
  firstTime(db: Database, scope: ArchiveScope, before: Date): Promise<Date | null>;
  hasRows(db: Database, scope: ArchiveScope, period: Period): Promise<boolean>;
  /** the systems with rows in the period; null for rows without a system */
  systemsIn(db: Database, period: Period): Promise<(string | null)[]>;
  /** readies the reads of a run (see periodRows) */
  prepare(db: Database): Promise<void>;
  /** the period's rows in scope, in time order, as a COPY of their texts */
  content(db: Database, scope: ArchiveScope, period: Period): ArchiveContent;
  /**
   * Deletes rows older than `before` that a record proves archived: of the system's own archives for a system's task,
   * of any archive (over all systems or the row's system) for the global task. Answers the number deleted.
   */
  clean(
    db: Database,
    opts: { before: Date; systemId: string | null; supersystemId: string; task: { name: string; function: string } },
  ): Promise<number>;
};

/**
 * The reads of an ArchiveSource that only need the table's time, system and key columns: the first row's time, whether
 * a period has rows, and the systems with rows in a period (`inScope` narrows to the scope's system).
 */
export function timedRows(opts: {
  table: PgTable;
  time: PgColumn;
  systemId: PgColumn;
  key: PgColumn;
  inScope: (scope: ArchiveScope) => SQL | undefined;
}): Pick<ArchiveSource, "firstTime" | "hasRows" | "systemsIn"> {
  const { table, time, systemId, key, inScope } = opts;
  const inPeriod = (p: Period) => and(gte(time, p.start), lt(time, p.end));
  return {
    async firstTime(db, scope, before) {
      const [row] = await db
        .select({ first: min(time) })
        .from(table)
        .where(and(inScope(scope), lt(time, before)));
      return (row?.first as Date | null | undefined) ?? null;
    },
    async hasRows(db, scope, period) {
      const [row] = await db
        .select({ key })
        .from(table)
        .where(and(inScope(scope), inPeriod(period)))
        .limit(1);
      return Boolean(row);
    },
    async systemsIn(db, period) {
      const rows = await db.selectDistinct({ id: systemId }).from(table).where(inPeriod(period));
      return rows.map((r) => r.id as string | null);
    },
  };
}

/**
 * Rows a keyset query reads at once on PGlite: small enough that a batch rarely outlives the young generation (the
 * archive's memory stays flat), large enough that the round trips do not count (bench/RESULTS.md "Audit-trail archive").
 */
export const ARCHIVE_BATCH = 1000;

/** A timestamp with its microseconds, as the keyset compares it (a JS Date keeps milliseconds only). */
export const ISO_MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
/** A timestamp as JavaScript's toISOString writes it. */
const ISO_MILLIS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A time column as the archives write it (UTC, ISO 8601); `micros` keeps the microseconds a keyset needs. */
export const isoText = (column: PgColumn | SQL, micros = false): SQL =>
  sql`to_char(${column} at time zone 'UTC', ${sql.raw(micros ? ISO_MICROS : ISO_MILLIS)})`;

/** One column of an archive: its name (CSV header, JSON key) and its value in SQL. */
export type ArchiveColumn = {
  name: string;
  value: SQL | PgColumn;
  /** a number or a boolean: in the JSON as PostgreSQL writes it (`12`, `true`); any other value is a JSON string */
  raw?: boolean;
};

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

const dialect = new PgDialect();

/** A select as text with its values inlined, for COPY (which takes no parameters). */
function inlined(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query.inlineParams());
  if (params.length) throw new Error("a COPY query kept parameters");
  return text;
}

/**
 * ArchiveSource.content and .prepare for a table read in time order (a period's rows in scope), each value as text:
 * lib/downloads/copy-format.ts writes the CSV line and the JSON object of each row from them. On PostgreSQL the rows
 * come by one COPY (./archive-copy.ts), a single ordered read. On PGlite, which streams no COPY (its COPY TO '/dev/blob'
 * answers the whole output as one Blob: the month's text in memory), they come in batches of ARCHIVE_BATCH by keyset
 * (`(time, key) > (last)`, never OFFSET), the next query sent while the current batch is written, and are put into
 * COPY's format; `prepare` gives the planner fresh statistics of the `analyze` tables there first: PGlite runs no
 * autovacuum, and without them each batch is planned as a sort of all the rest of the period (a million rows ran at
 * under 1000 rows/s). `from` is the table with its joins.
 */
export function periodRows(opts: {
  columns: readonly ArchiveColumn[];
  from: SQL;
  time: PgColumn;
  key: PgColumn;
  inScope: (scope: ArchiveScope) => SQL | undefined;
  analyze: readonly PgTable[];
}): Pick<ArchiveSource, "content" | "prepare"> {
  const kinds = opts.columns.map((c) => (c.raw ? ("raw" as const) : ("text" as const)));
  const values = sql.join(
    opts.columns.map((c, i) => sql`(${c.value})::text as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  const { time, key } = opts;
  /** the period's values in order, or one keyset batch of them (`batch`: where it starts) */
  const select = (scope: ArchiveScope, period: Period, batch?: SQL) => sql`select ${values}${
    batch ? sql`, ${isoText(time, true)} as at, ${key} as key` : sql``
  }
    from ${opts.from}
    where ${and(opts.inScope(scope), batch ?? gte(time, period.start), lt(time, period.end))}
    order by ${time}, ${key}${batch ? sql` limit ${ARCHIVE_BATCH}` : sql``}`;

  const keyset =
    (db: Database, scope: ArchiveScope, period: Period): ArchiveCopy =>
    async (sink) => {
      type Row = Record<string, string | null> & { at: string; key: string | number };
      const fetch = async (last: Row | null) => {
        const batch = last
          ? sql`${time} >= ${last.at}::timestamptz and (${time}, ${key}) > (${last.at}::timestamptz, ${last.key})`
          : gte(time, period.start);
        return rowsOf<Row>(await db.execute(select(scope, period, batch)));
      };
      const texts = (row: Row) => opts.columns.map((_, i) => row[`c${i}`] ?? null);
      let pending = fetch(null);
      let first = true;
      for (;;) {
        const rows = await pending;
        const last = rows.at(-1) ?? null;
        pending = last && rows.length === ARCHIVE_BATCH ? fetch(last) : Promise.resolve([]);
        // a failure of the sink ends the loop: the next batch's failure must not become an unhandled rejection
        pending.catch(() => {});
        const chunk = copyRows(rows.map(texts), { header: first, trailer: !last || rows.length < ARCHIVE_BATCH });
        first = false;
        if (!sink.write(chunk)) await sink.drained();
        if (!last || rows.length < ARCHIVE_BATCH) return;
      }
    };

  return {
    async prepare(db) {
      if (postgresClient(db)) return;
      await db.execute(sql`analyze ${sql.join([...opts.analyze], sql`, `)}`);
    },
    content(db, scope, period) {
      const client = postgresClient(db);
      return { kinds, copy: client ? copyOut(client, inlined(select(scope, period))) : keyset(db, scope, period) };
    },
  };
}
