import { readdir, rm, stat } from "node:fs/promises";
import { and, eq, inArray, lt } from "drizzle-orm";
import { downloads } from "@/db/schema";
import { DOWNLOADS_DIR, DOWNLOADS_TEMP_DIR, STALE_TEMP_MS } from "@/lib/downloads/files";
import { configuredTypes, downloadTypeNumber } from "@/lib/downloads/rules";
import { resolveFile } from "@/lib/files/store";
import type { TaskConfig } from "@/lib/scheduler/functions";
import type { TaskFunction } from "./types";

const DAY_MS = 86_400_000;
/** Downloads removed per statement. */
const CLEAN_BATCH = 500;
const ZIP_NAME = /^([0-9a-f-]{36})\.zip$/;

/** Files of a folder that nothing has written to for STALE_TEMP_MS. */
async function staleFiles(dir: string, now: Date): Promise<string[]> {
  const entries = await readdir(resolveFile(dir), { withFileTypes: true }).catch(() => []);
  const stale: string[] = [];
  for (const e of entries.filter((x) => x.isFile())) {
    const info = await stat(resolveFile(`${dir}/${e.name}`)).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > STALE_TEMP_MS) stale.push(e.name);
  }
  return stale;
}

/**
 * The global run also removes what dead runs left: temporary archive files, and zips moved into place whose row was
 * never written (writeArchive inserts the row after the file is complete).
 */
async function removeLeftovers(db: Parameters<TaskFunction>[0]["db"], now: Date): Promise<number> {
  let removed = 0;
  for (const name of await staleFiles(DOWNLOADS_TEMP_DIR, now)) {
    await rm(resolveFile(`${DOWNLOADS_TEMP_DIR}/${name}`), { force: true });
    removed++;
  }
  const zips = (await staleFiles(DOWNLOADS_DIR, now)).flatMap((name) => ZIP_NAME.exec(name)?.[1] ?? []);
  for (let i = 0; i < zips.length; i += CLEAN_BATCH) {
    const ids = zips.slice(i, i + CLEAN_BATCH);
    const known = new Set(
      (await db.select({ id: downloads.id }).from(downloads).where(inArray(downloads.id, ids))).map((r) => r.id),
    );
    for (const id of ids.filter((x) => !known.has(x))) {
      await rm(resolveFile(`${DOWNLOADS_DIR}/${id}.zip`), { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * DownloadCleaner (spec operations §3 "Task configurations", §9: 365 days by default): deletes the downloads of its
 * downloadType ("All": every type) created more than cleanAfterCountOfDays days ago, row and file. A system's task
 * covers that system's downloads; the global task every download, the archives over all systems included.
 */
export const downloadCleaner: TaskFunction = async ({ db, task, systemId, now }) => {
  const config = task.configuration as TaskConfig<"DownloadCleaner">;
  const types = configuredTypes(config.downloadType).map(downloadTypeNumber);
  const due = and(
    inArray(downloads.type, types),
    lt(downloads.created, new Date(now.getTime() - config.cleanAfterCountOfDays * DAY_MS)),
    systemId ? eq(downloads.systemId, systemId) : undefined,
  );
  let deleted = 0;
  for (;;) {
    const batch = db.select({ id: downloads.id }).from(downloads).where(due).limit(CLEAN_BATCH);
    // the row first: a run that dies between leaves a file without a row (removed below), never a row without file
    const rows = await db.delete(downloads).where(inArray(downloads.id, batch)).returning({ path: downloads.path });
    await Promise.all(rows.map((r) => rm(resolveFile(r.path), { force: true })));
    deleted += rows.length;
    if (rows.length < CLEAN_BATCH) break;
  }
  const leftovers = systemId ? 0 : await removeLeftovers(db, now);
  return {
    message: `${deleted} download(s) older than ${config.cleanAfterCountOfDays} days deleted${leftovers ? `, ${leftovers} file(s) of interrupted archive runs removed` : ""}`,
    details: { deleted, leftovers },
  };
};
