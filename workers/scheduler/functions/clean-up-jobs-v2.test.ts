import { existsSync } from "node:fs";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { jobs } from "@/db/schema";
import { getDb } from "@/lib/db";
import { resolveFile } from "@/lib/files/store";
import { jobDir } from "@/lib/jobs/files";
import { DEFAULT_SERVICE_CONFIG, patchServiceConfig } from "@/lib/settings/store";
import { makeJob, makeSystem } from "@/tests/helpers/factories";
import { runTask, taskRun } from "@/tests/helpers/task-run";

const DAY = 86_400_000;
const NOW = new Date("2030-06-15T12:00:00Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

async function states(ids: number[]) {
  const db = await getDb();
  const rows = await db.select({ id: jobs.id, state: jobs.state, deleted: jobs.deleted }).from(jobs).where(inArray(jobs.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

afterEach(async () => {
  const { deleteNew, deleteExtracted, deleteDeleted, deleteError } = DEFAULT_SERVICE_CONFIG;
  await patchServiceConfig(await getDb(), { deleteNew, deleteExtracted, deleteDeleted, deleteError });
});

describe("CleanUpJobsV2", () => {
  it("removes jobs past their state's days, purges removed ones with their files, keeps protected and young ones", async () => {
    await patchServiceConfig(await getDb(), { deleteNew: 10, deleteExtracted: 20, deleteError: 5, deleteDeleted: 3 });
    const { id: systemId } = await makeSystem();
    const waitingOld = await makeJob({ systemId, state: "Waiting", created: ago(11) });
    const waitingYoung = await makeJob({ systemId, state: "Waiting", created: ago(9) });
    const readyOld = await makeJob({ systemId, state: "Ready", created: ago(40), finished: ago(21) });
    const readyYoung = await makeJob({ systemId, state: "Ready", created: ago(40), finished: ago(19) });
    const errorOld = await makeJob({ systemId, state: "Error", created: ago(9), finished: ago(6) });
    const protectedOld = await makeJob({ systemId, state: "Ready", finished: ago(100), preventDelete: true });
    const processing = await makeJob({ systemId, state: "Processing", created: ago(100) });
    const removedOld = await makeJob({ systemId, state: "Removed", deleted: ago(4), withFile: true });
    const removedYoung = await makeJob({ systemId, state: "Removed", deleted: ago(2), withFile: true });
    expect(existsSync(resolveFile(jobDir(systemId, removedOld.id)))).toBe(true);

    const outcome = await runTask(await taskRun("CleanUpJobsV2", { now: NOW }));
    expect(outcome?.details).toMatchObject({ removed: 3, purged: 1, kept: 1 });
    expect(outcome?.message).toBe("3 job(s) removed, 1 purged with their files, 1 kept (protected)");

    const after = await states([
      waitingOld.id,
      waitingYoung.id,
      readyOld.id,
      readyYoung.id,
      errorOld.id,
      protectedOld.id,
      processing.id,
      removedOld.id,
      removedYoung.id,
    ]);
    for (const j of [waitingOld, readyOld, errorOld]) {
      expect(after.get(j.id)?.state).toBe("Removed");
      expect(after.get(j.id)?.deleted?.toISOString()).toBe(NOW.toISOString());
    }
    expect(after.get(waitingYoung.id)?.state).toBe("Waiting");
    expect(after.get(readyYoung.id)?.state).toBe("Ready");
    expect(after.get(protectedOld.id)?.state).toBe("Ready");
    expect(after.get(processing.id)?.state).toBe("Processing");
    expect(after.has(removedOld.id)).toBe(false);
    expect(existsSync(resolveFile(jobDir(systemId, removedOld.id)))).toBe(false);
    expect(after.get(removedYoung.id)?.state).toBe("Removed");
    expect(existsSync(resolveFile(jobDir(systemId, removedYoung.id)))).toBe(true);

    // the jobs removed now are purged deleteDeleted days later
    const later = await runTask(await taskRun("CleanUpJobsV2", { now: new Date(NOW.getTime() + 4 * DAY) }));
    expect(later?.details).toMatchObject({ purged: 4 });
    const left = await states([waitingOld.id, readyOld.id, errorOld.id, removedYoung.id, protectedOld.id]);
    expect([...left.keys()]).toEqual([protectedOld.id]);
  });

  it("keeps every state for ever whose days are 0", async () => {
    await patchServiceConfig(await getDb(), { deleteNew: 0, deleteExtracted: 0, deleteError: 0, deleteDeleted: 0 });
    const { id: systemId } = await makeSystem();
    const ids = [
      (await makeJob({ systemId, state: "New", created: ago(5000) })).id,
      (await makeJob({ systemId, state: "Ready", finished: ago(5000) })).id,
      (await makeJob({ systemId, state: "Error", finished: ago(5000) })).id,
      (await makeJob({ systemId, state: "Removed", deleted: ago(5000) })).id,
    ];
    const outcome = await runTask(await taskRun("CleanUpJobsV2", { now: NOW }));
    expect(outcome?.details).toMatchObject({ removed: 0, purged: 0 });
    expect([...(await states(ids)).values()].map((r) => r.state).sort()).toEqual(["Error", "New", "Ready", "Removed"]);
  });

  it("a system's run touches only that system's jobs", async () => {
    await patchServiceConfig(await getDb(), { deleteExtracted: 1 });
    const a = await makeSystem();
    const b = await makeSystem();
    const jobA = await makeJob({ systemId: a.id, state: "Ready", finished: ago(2) });
    const jobB = await makeJob({ systemId: b.id, state: "Ready", finished: ago(2) });
    await runTask(await taskRun("CleanUpJobsV2", { now: NOW, systemId: a.id }));
    const db = await getDb();
    const [ra] = await db.select().from(jobs).where(eq(jobs.id, jobA.id));
    const [rb] = await db.select().from(jobs).where(eq(jobs.id, jobB.id));
    expect(ra?.state).toBe("Removed");
    expect(rb?.state).toBe("Ready");
  });
});
