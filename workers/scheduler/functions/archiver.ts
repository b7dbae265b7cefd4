import { and, eq, gte, lt, max, min, type SQL, sql } from "drizzle-orm";
import { type PgColumn, PgDialect, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "@/db/client";
import { archivedPeriods, systems } from "@/db/schema";
import { type ArchiveContent, type ArchiveCopy, writeArchive } from "@/lib/downloads/archive";
import { copyRows } from "@/lib/downloads/copy-format";
import { completePeriods, type Period, periodAt } from "@/lib/downloads/periods";
import { downloadTypeNumber } from "@/lib/downloads/rules";
import { safeFileName } from "@/lib/files/store";
import type { TaskConfig } from "@/lib/scheduler/functions";
import { copyOut, postgresClient } from "./archive-copy";
import type { TaskOutcome, TaskRun } from "./types";

/**
 * The archivers' engine (spec operations §3 MetricsArchiver, AuditTrailArchiver; §5; DESIGN.md "Downloads";
 * docs/decisions.md "Downloads"). A run archives every complete period (month or ISO week, UTC) not archived yet,
 * one download per period and target:
 *
 * - a task of a system's scheduler: that system's rows (target = its id), whatever storeAll/storeBySystem say;
 * - the Supersystem's (global) task: storeAll one archive over every system (target `all`, systemId null),
 *   storeBySystem one per system with rows in the period (target = the system's id; rows without a system go to
 *   the Supersystem's).
 *
 * Each target goes on from the end of the last period recorded for it in archived_periods (or from its first row), so
 * a second run writes nothing, a deleted download is not written again, and a change of packageBy neither repeats nor
 * skips rows. The externalId `<type>:<period>:<target>` (e.g. `AuditTrail:2026-10:all`) is the record's key: a period
 * archived by a system's own task is not archived again by the global task's per-system pass, nor the other way.
 * With `clean`, rows older than cleanAfterDays inside recorded periods are deleted afterwards.
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

type Config = TaskConfig<"AuditTrailArchiver">;
const DAY_MS = 86_400_000;

/** A record of the same key was written meanwhile (two tasks archived the same period at once). */
class AlreadyArchived extends Error {}

function scopeOf(target: string, supersystemId: string): ArchiveScope {
  return target === "all" ? { kind: "all" } : { kind: "system", systemId: target, withoutSystem: target === supersystemId };
}

async function recorded(db: Database, externalId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: archivedPeriods.externalId })
    .from(archivedPeriods)
    .where(eq(archivedPeriods.externalId, externalId));
  return Boolean(row);
}

/** Where a target goes on: the end of its last recorded period. */
async function watermark(db: Database, type: number, target: string): Promise<Date | null> {
  const [row] = await db
    .select({ end: max(archivedPeriods.periodEnd) })
    .from(archivedPeriods)
    .where(and(eq(archivedPeriods.type, type), eq(archivedPeriods.target, target)));
  return row?.end ?? null;
}

type Tally = { archives: number; rows: number; skipped: number };

/**
 * The archivers' clock. ARCHIVER_CLOCK_SHIFT_DAYS (tests only: the Playwright server sets it, playwright.config.ts)
 * runs them that many days ahead, so that the month a fresh installation's audit trail was written in counts as
 * complete; unset in production.
 */
function archiveNow(now: Date): Date {
  const shift = Number(process.env.ARCHIVER_CLOCK_SHIFT_DAYS ?? 0);
  return Number.isFinite(shift) && shift > 0 ? new Date(now.getTime() + shift * DAY_MS) : now;
}

export async function runArchiver(source: ArchiveSource, run: TaskRun): Promise<TaskOutcome> {
  const { db } = run;
  const now = archiveNow(run.now);
  const config = run.task.configuration as Config;
  const type = downloadTypeNumber(source.type);
  const all = await db.select({ id: systems.id, name: systems.name, type: systems.type }).from(systems);
  const names = new Map(all.map((s) => [s.id, s.name]));
  const supersystemId = all.find((s) => s.type === "Super")?.id ?? "";
  const tally: Tally = { archives: 0, rows: 0, skipped: 0 };
  await source.prepare(db);

  const record = (tx: Database, period: Period, target: string, externalId: string, rows: number, downloadId: string | null) =>
    tx
      .insert(archivedPeriods)
      .values({ externalId, type, target, periodStart: period.start, periodEnd: period.end, rows, downloadId })
      .onConflictDoNothing()
      .returning({ id: archivedPeriods.externalId });

  /** One period of one target: its download (when it has rows) and its record. */
  const archive = async (period: Period, target: string) => {
    const externalId = `${source.type}:${period.key}:${target}`;
    if (await recorded(db, externalId)) return void tally.skipped++;
    const scope = scopeOf(target, supersystemId);
    if (!(await source.hasRows(db, scope, period))) {
      await record(db, period, target, externalId, 0, null);
      return;
    }
    const label = target === "all" ? "all-systems" : safeFileName(names.get(target) ?? target);
    try {
      const { rows } = await writeArchive(
        db,
        {
          type: source.type,
          systemId: target === "all" ? null : target,
          displayFileName: `${source.displayStem}_${period.key}_${label}.zip`,
          externalId,
          entries: [
            {
              name: `${source.entryStem}-${period.key}`,
              columns: source.columns,
              ...source.content(db, scope, period),
            },
          ],
        },
        {
          beforeCommit: async (tx, written) => {
            const [mark] = await record(tx, period, target, externalId, written.rows, written.download.id);
            if (!mark) throw new AlreadyArchived(externalId);
          },
        },
      );
      tally.archives++;
      tally.rows += rows;
    } catch (error) {
      if (!(error instanceof AlreadyArchived)) throw error;
      tally.skipped++;
    }
  };

  const targets = run.systemId
    ? [run.systemId]
    : [...(config.storeAll ? ["all"] : []), ...(config.storeBySystem ? ["bySystem"] : [])];
  for (const target of targets) {
    const scope = target === "bySystem" ? { kind: "all" as const } : scopeOf(target, supersystemId);
    const from =
      (await watermark(db, type, target)) ?? (await source.firstTime(db, scope, periodAt(now, config.packageBy).start));
    if (!from) continue;
    for (const period of completePeriods(from, now, config.packageBy)) {
      if (target !== "bySystem") {
        await archive(period, target);
        continue;
      }
      const ids = new Set((await source.systemsIn(db, period)).map((id) => id ?? supersystemId));
      for (const id of ids) await archive(period, id);
      await record(db, period, "bySystem", `${source.type}:${period.key}:bySystem`, 0, null);
    }
  }

  let cleaned = 0;
  if (config.clean) {
    const cutoff = new Date(run.now.getTime() - config.cleanAfterDays * DAY_MS);
    cleaned = await source.clean(db, { before: cutoff, systemId: run.systemId, supersystemId, task: run.task });
  }
  const parts = [
    `${tally.archives} archive(s) written (${tally.rows} rows)`,
    ...(tally.skipped ? [`${tally.skipped} period(s) archived before`] : []),
    ...(config.clean ? [`${cleaned} archived row(s) older than ${config.cleanAfterDays} days deleted`] : []),
  ];
  return { message: parts.join(", "), details: { ...tally, cleaned } };
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
