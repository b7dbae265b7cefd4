import { and, eq, max } from "drizzle-orm";
import type { Database } from "@/db/client";
import { archivedPeriods, systems } from "@/db/schema";
import { writeArchive } from "@/lib/downloads/archive";
import type { ArchiveScope, ArchiveSource } from "@/lib/downloads/archive-source";
import { archiveSummaryText, waitingFor } from "@/lib/downloads/archive-summary";
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
 * With `clean`, rows older than cleanAfterDays inside recorded periods are deleted afterwards. A run that writes nothing
 * says why: which period the next archive covers and the day it is complete (lib/downloads/archive-summary.ts).
 */

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
  // whether any period of these targets was archived before this run, and how many complete ones it met
  let archivedBefore = false;
  let periodsMet = 0;
  for (const target of targets) {
    const scope = target === "bySystem" ? { kind: "all" as const } : scopeOf(target, supersystemId);
    const mark = await watermark(db, type, target);
    if (mark) archivedBefore = true;
    const from = mark ?? (await source.firstTime(db, scope, periodAt(now, config.packageBy).start));
    if (!from) continue;
    for (const period of completePeriods(from, now, config.packageBy)) {
      periodsMet++;
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
  // nothing written: say why and when (only complete periods are archived; the current one is written once it ends)
  const waiting =
    tally.archives === 0
      ? waitingFor(periodAt(now, config.packageBy), config.packageBy, !archivedBefore && periodsMet === 0)
      : null;
  const message = archiveSummaryText({
    archives: tally.archives,
    rows: tally.rows,
    before: tally.skipped,
    cleaned: config.clean ? { count: cleaned, days: config.cleanAfterDays } : null,
    waiting,
  });
  return { message, details: { ...tally, cleaned } };
}
