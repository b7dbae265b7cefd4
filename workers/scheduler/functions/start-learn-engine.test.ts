import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { learnClusters, learnRuns, projects } from "@/db/schema";
import { getDb } from "@/lib/db";
import { makeSystem, makeUser } from "@/tests/helpers/factories";
import { addLearnDocuments, makeLearnProjectRow } from "@/tests/helpers/learn-runs";
import { runTask, taskRun } from "@/tests/helpers/task-run";

async function runsOf(ids: string[]) {
  const db = await getDb();
  const rows = await db.select().from(learnRuns).where(inArray(learnRuns.projectId, ids));
  return Object.fromEntries(
    ids.map((id) => [id, rows.filter((r) => r.projectId === id).map((r) => [r.trigger, r.onlyChanged, r.state])]),
  );
}

describe("StartLearnEngine", () => {
  it("onlyChanged: a run for each learn project of the system with pending documents; the others are left out", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const withNew = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(withNew, ["invoice"], 2);
    const empty = await makeLearnProjectRow({ systemId: system.id });
    const updating = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(updating, ["invoice"], 2);
    await db.update(projects).set({ updating: true }).where(eq(projects.id, updating.id));
    const deleted = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(deleted, ["invoice"], 2);
    await db.update(projects).set({ deletedAt: new Date() }).where(eq(projects.id, deleted.id));
    const locked = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(locked, ["invoice"], 2);
    await db.insert(learnClusters).values({
      projectId: locked.id,
      systemId: system.id,
      number: 1,
      lockedAt: new Date(),
      lockSeen: new Date(),
      lockedBy: user.id,
      lockedByName: user.name,
    });
    const otherSystem = await makeLearnProjectRow({ systemId: (await makeSystem()).id });
    await addLearnDocuments(otherSystem, ["invoice"], 2);

    const outcome = await runTask(await taskRun("StartLearnEngine", { systemId: system.id }));
    // a project with a locked cluster gets its run too: it waits for the lock (the learn worker defers it)
    expect(outcome?.message).toBe("2 learn run(s) asked for (new documents), 0 skipped");
    const ids = [withNew.id, empty.id, updating.id, deleted.id, locked.id, otherSystem.id];
    expect(await runsOf(ids)).toEqual({
      [withNew.id]: [["Task", true, "Waiting"]],
      [empty.id]: [],
      [updating.id]: [],
      [deleted.id]: [],
      [locked.id]: [["Task", true, "Waiting"]],
      [otherSystem.id]: [],
    });
    // again: the open run is not asked for twice
    const again = await runTask(await taskRun("StartLearnEngine", { systemId: system.id }));
    expect(again?.details).toMatchObject({ asked: 0 });
    expect((await runsOf([withNew.id]))[withNew.id]).toHaveLength(1);
  });

  it("a full run (onlyChanged false) for every live learn project, of every system when global", async () => {
    const a = await makeLearnProjectRow({ systemId: (await makeSystem()).id });
    const b = await makeLearnProjectRow({ systemId: (await makeSystem()).id });
    const outcome = await runTask(await taskRun("StartLearnEngine", { configuration: { onlyChanged: false } }));
    expect(outcome?.details?.asked).toBeGreaterThanOrEqual(2);
    expect(await runsOf([a.id, b.id])).toEqual({ [a.id]: [["Task", false, "Waiting"]], [b.id]: [["Task", false, "Waiting"]] });
  });
});
