import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { learnClusters, learnDocuments, learnRuns } from "@/db/schema";
import { getDb } from "@/lib/db";
import { GROUP_QUIET_MS } from "@/lib/learn/runs/rules";
import { requestLearnRun } from "@/lib/learn/services/request-learn-run";
import { patchSetting, SETTING_KEYS } from "@/lib/settings/store";
import { makeSystem, makeUser } from "@/tests/helpers/factories";
import { addLearnDocuments, makeLearnProjectRow } from "@/tests/helpers/learn-runs";
import { runTask, taskRun } from "@/tests/helpers/task-run";
import { processLearnDelivery } from "@/workers/learn/processor";

const MINUTE = 60_000;

async function runsOf(projectId: string) {
  const db = await getDb();
  return db.select().from(learnRuns).where(eq(learnRuns.projectId, projectId)).orderBy(learnRuns.id);
}

describe("GroupPendingDocuments", () => {
  it("groups the documents posted since the last run into one run once they stop arriving", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const project = await makeLearnProjectRow({ systemId: system.id });
    const docs = await addLearnDocuments(project, ["invoice", "delivery"], 6);
    const now = new Date();
    // the newest document came a minute ago: more may follow
    await db
      .update(learnDocuments)
      .set({ created: new Date(now.getTime() - MINUTE) })
      .where(
        inArray(
          learnDocuments.id,
          docs.map((d) => d.id),
        ),
      );
    expect((await runTask(await taskRun("GroupPendingDocuments", { systemId: system.id, now })))?.details).toMatchObject({
      pendingDocuments: 0,
    });
    expect(await runsOf(project.id)).toHaveLength(0);
    // quiet for long enough: one run for all twelve
    const later = new Date(now.getTime() + GROUP_QUIET_MS);
    const outcome = await runTask(await taskRun("GroupPendingDocuments", { systemId: system.id, now: later }));
    expect(outcome?.message).toBe("1 learn run(s) for pending documents, 0 for changed clusters, 0 refused");
    const [asked] = await runsOf(project.id);
    expect(asked).toMatchObject({ trigger: "PendingDocuments", onlyChanged: true, state: "Waiting" });
    // while it is open, nothing more; once it has run, nothing is pending
    expect((await runTask(await taskRun("GroupPendingDocuments", { systemId: system.id, now: later })))?.details).toMatchObject({
      pendingDocuments: 0,
    });
    await processLearnDelivery(db, { runId: asked?.id });
    expect((await runTask(await taskRun("GroupPendingDocuments", { systemId: system.id, now: later })))?.details).toMatchObject({
      pendingDocuments: 0,
      clusterChange: 0,
    });
  });

  it("clusters people changed since the last run get an incremental run (createLearnJobOnClusterChange); a held lock makes it wait", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const project = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(project, ["invoice", "delivery"], 6);
    const full = await requestLearnRun(db, { caller: null, projectId: project.id, trigger: "Manual", onlyChanged: false });
    await processLearnDelivery(db, { runId: full.id });
    const [first] = await runsOf(project.id);
    const later = new Date((first?.finished?.getTime() ?? Date.now()) + 10 * MINUTE);
    const tick = async () => runTask(await taskRun("GroupPendingDocuments", { systemId: system.id, now: later }));
    expect((await tick())?.details).toMatchObject({ pendingDocuments: 0, clusterChange: 0 });

    // a person renamed a cluster: with the setting off, nothing
    const [cluster] = await db.select().from(learnClusters).where(eq(learnClusters.projectId, project.id));
    await db
      .update(learnClusters)
      .set({ name: "Invoices", updated: new Date() })
      .where(eq(learnClusters.id, cluster?.id ?? ""));
    await patchSetting(db, SETTING_KEYS.learnConfig, { createLearnJobOnClusterChange: false });
    try {
      expect((await tick())?.details).toMatchObject({ clusterChange: 0 });
    } finally {
      await patchSetting(db, SETTING_KEYS.learnConfig, { createLearnJobOnClusterChange: true });
    }
    // with it on, while the person still holds the cluster's lock: the run is asked all the same and waits for the lock
    await db
      .update(learnClusters)
      .set({ lockedAt: new Date(), lockSeen: new Date(), lockedBy: user.id, lockedByName: user.name })
      .where(eq(learnClusters.id, cluster?.id ?? ""));
    expect((await tick())?.details).toMatchObject({ clusterChange: 1 });
    const runs = await runsOf(project.id);
    const waiting = runs.at(-1);
    expect(waiting).toMatchObject({ trigger: "ClusterChange", onlyChanged: true, state: "Waiting" });
    expect(await processLearnDelivery(db, { runId: waiting?.id })).toMatchObject({ outcome: "deferred" });
    expect((await runsOf(project.id)).at(-1)).toMatchObject({ state: "Waiting", attempts: 0, started: null, workerId: null });
    // the lock is released: the run goes
    await db
      .update(learnClusters)
      .set({ lockedAt: null, lockSeen: null, lockedBy: null, lockedByName: null })
      .where(eq(learnClusters.id, cluster?.id ?? ""));
    expect(await processLearnDelivery(db, { runId: waiting?.id })).toMatchObject({ outcome: "Ready" });
    // the run brought the clusters up to date: nothing more to do
    expect((await tick())?.details).toMatchObject({ clusterChange: 0 });
  });

  it("a failed run pauses the project's triggered runs for an hour", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const project = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(project, ["invoice"], 3);
    const now = new Date(Date.now() + 10 * MINUTE);
    await db.insert(learnRuns).values({
      projectId: project.id,
      systemId: system.id,
      trigger: "PendingDocuments",
      state: "Error",
      errorCode: "LearnRunFailed",
      finished: new Date(now.getTime() - 5 * MINUTE),
    });
    const tick = async (at: Date) => runTask(await taskRun("GroupPendingDocuments", { systemId: system.id, now: at }));
    expect((await tick(now))?.details).toMatchObject({ pendingDocuments: 0 });
    expect((await tick(new Date(now.getTime() + 60 * MINUTE)))?.details).toMatchObject({ pendingDocuments: 1 });
  });
});
