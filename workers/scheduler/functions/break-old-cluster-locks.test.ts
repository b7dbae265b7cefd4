import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditTrail, learnClusters } from "@/db/schema";
import { getDb } from "@/lib/db";
import { makeLearnProject, makeSystem, makeUser } from "@/tests/helpers/factories";
import { runTask, taskRun } from "@/tests/helpers/task-run";

const HOUR = 3_600_000;
const NOW = new Date("2030-06-15T12:00:00Z");
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);

async function locks(projectId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(learnClusters)
    .where(eq(learnClusters.projectId, projectId))
    .orderBy(asc(learnClusters.number));
  return rows.map((r) => (r.lockedAt ? r.lockedByName : null));
}

describe("BreakOldClusterLocks", () => {
  it("releases locks older than 12 hours with an audit row each; younger locks and other systems stay", async () => {
    const system = await makeSystem();
    const anna = await makeUser({ systemId: system.id, roles: ["ProjectManager"] });
    // seen a minute ago: held (the page's heartbeat), not lapsed
    const holder = (hours: number) => ({ id: anna.id, name: anna.name, at: ago(hours), seen: ago(1 / 60) });
    const { project, clusters } = await makeLearnProject({
      systemId: system.id,
      clusters: [
        { documents: 1, lockedBy: holder(13) },
        { documents: 1, lockedBy: holder(11.9) },
        { documents: 1, name: "Old", lockedBy: holder(48) },
        { documents: 1 },
      ],
    });
    const other = await makeSystem();
    const elsewhere = await makeLearnProject({
      systemId: other.id,
      clusters: [{ documents: 1, lockedBy: holder(20) }],
    });

    // a system's run covers its own clusters only
    const own = await runTask(await taskRun("BreakOldClusterLocks", { systemId: system.id, now: NOW }));
    expect(own?.details).toEqual({ broken: 2, lapsed: 0 });
    expect(own?.message).toBe("2 cluster lock(s) older than 12 hours broken, 0 lapsed lock(s) ended");
    expect(await locks(project.id)).toEqual([null, anna.name, null, null]);
    expect(await locks(elsewhere.project.id)).toEqual([anna.name]);

    const db = await getDb();
    const rows = await db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.projectId, project.id), eq(auditTrail.category, "LearnProject")))
      .orderBy(asc(auditTrail.id));
    expect(rows.map((r) => [r.operation, r.username, r.systemId])).toEqual([
      ["Update", "system", system.id],
      ["Update", "system", system.id],
    ]);
    const values = rows.map((r) => JSON.parse(r.value)).sort((a, b) => a.cluster.number - b.cluster.number);
    expect(values[1]).toEqual({
      id: project.id,
      cluster: { id: clusters[2]?.id, number: 3, name: "Old" },
      lock: "broken",
      lockedBy: anna.name,
      lockedAt: ago(48).toISOString(),
      reason: "olderThan12Hours",
    });

    // the global run covers every system; a second run finds nothing more
    const global = await runTask(await taskRun("BreakOldClusterLocks", { now: NOW }));
    expect(global?.details).toMatchObject({ broken: expect.any(Number) });
    expect(await locks(elsewhere.project.id)).toEqual([null]);
    expect((await runTask(await taskRun("BreakOldClusterLocks", { systemId: system.id, now: NOW })))?.details).toEqual({
      broken: 0,
      lapsed: 0,
    });
  });

  it("ends a lock whose holder was not seen for the lapse (a browser that died), naming when it was last seen", async () => {
    const system = await makeSystem();
    const anna = await makeUser({ systemId: system.id, roles: ["ProjectManager"] });
    const minutes = (m: number) => new Date(NOW.getTime() - m * 60_000);
    const { project } = await makeLearnProject({
      systemId: system.id,
      clusters: [
        { documents: 1, lockedBy: { id: anna.id, name: anna.name, at: minutes(30), seen: minutes(10) } },
        { documents: 1, lockedBy: { id: anna.id, name: anna.name, at: minutes(30), seen: minutes(1) } },
      ],
    });
    const run = await runTask(await taskRun("BreakOldClusterLocks", { systemId: system.id, now: NOW }));
    expect(run?.details).toEqual({ broken: 0, lapsed: 1 });
    expect(await locks(project.id)).toEqual([null, anna.name]);
    const db = await getDb();
    const [row] = await db.select().from(auditTrail).where(eq(auditTrail.projectId, project.id));
    expect(JSON.parse(row?.value ?? "{}")).toMatchObject({
      lock: "lapsed",
      lockedBy: anna.name,
      lockedAt: minutes(30).toISOString(),
      seen: minutes(10).toISOString(),
    });
  });
});
