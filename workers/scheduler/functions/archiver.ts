import { and, eq, gte, lt, max, min, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "@/db/client";
import { archivedPeriods, systems } from "@/db/schema";
import { type ArchiveLine, writeArchive } from "@/lib/downloads/archive";
import { completePeriods, type Period, periodAt } from "@/lib/downloads/periods";
import { downloadTypeNumber } from "@/lib/downloads/rules";
import { safeFileName } from "@/lib/files/store";
import type { TaskConfig } from "@/lib/scheduler/functions";
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
  /** the period's rows in scope, in time order, in batches, each formatted by the database as a CSV and a JSON line */
  lines(db: Database, scope: ArchiveScope, period: Period): AsyncIterable<ArchiveLine[]>;
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
              lines: source.lines(db, scope, period),
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
 * Rows a keyset query reads at once: small enough that a batch rarely outlives the young generation (the archive's
 * memory stays flat), large enough that the round trips do not count (bench/RESULTS.md "Audit-trail archive").
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
  /** free text: through csv_cell (drizzle/0013_csv_cell.sql: quotes and the formula guard of lib/csv.ts) */
  text?: boolean;
};

/**
 * The CSV line (with its CRLF) and the JSON object of a row, written by the database: the archive's rate is that of
 * the read and the deflate, not of formatting a million rows twice in JavaScript (bench/RESULTS.md "Audit-trail
 * archive"). Numbers and booleans as PostgreSQL writes them, times through isoText, everything else as text.
 */
function lineSql(columns: readonly ArchiveColumn[]): { csv: SQL<string>; json: SQL<string>; named: SQL } {
  // over the inner select's columns c0, c1, …: each value is computed once for both texts
  const ref = (i: number) => sql.raw(`s.c${i}`);
  const cells = columns.map((c, i) => (c.text ? sql`csv_cell(${ref(i)})` : sql`coalesce(${ref(i)}::text, '')`));
  // the names are constants of the code, quoted as identifiers: row_to_json keys its object by them
  const named = columns.map((c, i) => sql`${ref(i)} as ${sql.raw(`"${c.name.replaceAll('"', '""')}"`)}`);
  return {
    csv: sql<string>`concat_ws(',', ${sql.join(cells, sql`, `)}) || chr(13) || chr(10)`,
    // row_to_json runs at about twice the rate of json_build_object
    json: sql<string>`row_to_json(j)::text`,
    named: sql.join(named, sql`, `),
  };
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/**
 * ArchiveSource.lines for a table read in time order: a period's rows in scope, in batches of ARCHIVE_BATCH by
 * keyset (`(time, key) > (last)`, never OFFSET), the next query sent while the caller writes the current batch.
 * `from` is the table with its joins.
 */
export function keysetLines(opts: {
  columns: readonly ArchiveColumn[];
  from: SQL;
  time: PgColumn;
  key: PgColumn;
  inScope: (scope: ArchiveScope) => SQL | undefined;
}): ArchiveSource["lines"] {
  const { csv, json, named } = lineSql(opts.columns);
  const values = sql.join(
    opts.columns.map((c, i) => sql`${c.value} as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  const { time, key } = opts;
  return async function* lines(db, scope, period) {
    type Row = ArchiveLine & { at: string; key: string | number };
    const fetch = async (after: Row | null) =>
      rowsOf<Row>(
        await db.execute(sql`select ${csv} as csv, ${json} as json, s.at, s.key from (select ${values},
          ${isoText(time, true)} as at, ${key} as key
          from ${opts.from}
          where ${and(
            opts.inScope(scope),
            after
              ? sql`${time} >= ${after.at}::timestamptz and (${time}, ${key}) > (${after.at}::timestamptz, ${after.key})`
              : gte(time, period.start),
            lt(time, period.end),
          )}
          order by ${time}, ${key} limit ${ARCHIVE_BATCH}) s cross join lateral (select ${named}) j`),
      );
    let pending = fetch(null);
    for (;;) {
      const rows = await pending;
      const last = rows.at(-1);
      if (!last) return;
      pending = rows.length < ARCHIVE_BATCH ? Promise.resolve([]) : fetch(last);
      // a caller that stops early never awaits it: a failure must not become an unhandled rejection
      pending.catch(() => {});
      yield rows;
    }
  };
}
