import { stat, utimes, writeFile } from "node:fs/promises";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { downloads } from "@/db/schema";
import { getDb } from "@/lib/db";
import { writeArchive } from "@/lib/downloads/archive";
import { DOWNLOADS_DIR, downloadTempPath } from "@/lib/downloads/files";
import type { DownloadType } from "@/lib/downloads/rules";
import { resolveFile } from "@/lib/files/store";
import { makeSystem } from "@/tests/helpers/factories";
import { runTask, taskRun } from "@/tests/helpers/task-run";

const exists = (relative: string) =>
  stat(resolveFile(relative)).then(
    () => true,
    () => false,
  );
const DAY = 86_400_000;

async function download(type: Exclude<DownloadType, "Unknown">, systemId: string | null, ageDays: number, now: Date) {
  const db = await getDb();
  const { download } = await writeArchive(db, {
    type,
    systemId,
    displayFileName: `${type}.zip`,
    externalId: `${type}:test:${systemId ?? "all"}`,
    entries: [{ name: "x", columns: ["n"], rows: [[[1]]] }],
  });
  await db
    .update(downloads)
    .set({ created: new Date(now.getTime() - ageDays * DAY) })
    .where(eq(downloads.id, download.id));
  return download;
}

describe("DownloadCleaner", () => {
  it("deletes the downloads of its type older than its days, row and file; a system's task only that system's", async () => {
    const db = await getDb();
    const now = new Date();
    const [a, b] = [await makeSystem(), await makeSystem()];
    const oldAudit = await download("AuditTrail", a.id, 40, now);
    const oldAuditB = await download("AuditTrail", b.id, 40, now);
    const oldAuditAll = await download("AuditTrail", null, 40, now);
    const oldMetric = await download("Metric", a.id, 40, now);
    const newAudit = await download("AuditTrail", a.id, 20, now);

    const own = await taskRun("DownloadCleaner", {
      systemId: a.id,
      now,
      configuration: { downloadType: "AuditTrail", cleanAfterCountOfDays: 30 },
    });
    expect((await runTask(own))?.message).toBe("1 download(s) older than 30 days deleted");
    const left = async () =>
      (
        await db
          .select({ id: downloads.id })
          .from(downloads)
          .where(
            inArray(
              downloads.id,
              [oldAudit, oldAuditB, oldAuditAll, oldMetric, newAudit].map((d) => d.id),
            ),
          )
      ).map((r) => r.id);
    expect((await left()).sort()).toEqual([oldAuditB.id, oldAuditAll.id, oldMetric.id, newAudit.id].sort());
    expect(await exists(oldAudit.path)).toBe(false);
    expect(await exists(newAudit.path)).toBe(true);

    // the global task: every system and the archives over all systems; "All" every type
    const global = await taskRun("DownloadCleaner", { now, configuration: { cleanAfterCountOfDays: 30 } });
    expect((await runTask(global))?.message).toBe("3 download(s) older than 30 days deleted");
    expect(await left()).toEqual([newAudit.id]);
    for (const d of [oldAuditB, oldAuditAll, oldMetric]) expect(await exists(d.path)).toBe(false);
  });

  it("the global task also removes files of archive runs that died: stale temporary files, zips without a row", async () => {
    const now = new Date();
    const kept = await download("Metric", null, 1, now);
    const staleTemp = downloadTempPath(crypto.randomUUID(), "zip");
    const freshTemp = downloadTempPath(crypto.randomUUID(), "entry");
    const orphan = `${DOWNLOADS_DIR}/${crypto.randomUUID()}.zip`;
    for (const f of [staleTemp, freshTemp, orphan]) await writeFile(resolveFile(f), "x");
    const twoHoursAgo = new Date(now.getTime() - 2 * 60 * 60 * 1000);
    for (const f of [staleTemp, orphan, kept.path]) await utimes(resolveFile(f), twoHoursAgo, twoHoursAgo);

    const global = await taskRun("DownloadCleaner", { now });
    expect((await runTask(global))?.message).toBe(
      "0 download(s) older than 365 days deleted, 2 file(s) of interrupted archive runs removed",
    );
    expect([await exists(staleTemp), await exists(orphan), await exists(freshTemp), await exists(kept.path)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
