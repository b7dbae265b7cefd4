import { eq, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { learnClusters, learnDocuments, learnModels, learnRuns, projects } from "@/db/schema";
import { getDb } from "@/lib/db";
import { CLUSTER_LOCK_LAPSE_MS } from "@/lib/learn/clusters/rules";
import { listLearnRuns } from "@/lib/learn/runs/queries";
import { requestLearnRun } from "@/lib/learn/services/request-learn-run";
import { afterClusterChange } from "@/lib/learn/services/trigger-learn-run";
import { fromVectorBytes } from "@/lib/learn/vector-bytes";
import { learnDeliveryId, learnQueue } from "@/lib/queue/learn";
import { redisConnection } from "@/lib/queue/redis";
import { patchSetting, SETTING_KEYS } from "@/lib/settings/store";
import { makeSystem, makeUser } from "@/tests/helpers/factories";
import { addLearnDocuments, clustersOf, kindOf, makeLearnProjectRow, runRow } from "@/tests/helpers/learn-runs";
import { claimLearnRun, LEARN_LEASE_MS } from "./claim";
import { processLearnDelivery } from "./processor";
import { sweepLearnRuns } from "./sweep";

const KINDS = ["invoice", "delivery", "application"] as const;

async function learnNow(projectId: string, onlyChanged: boolean) {
  const run = await requestLearnRun(await getDb(), { caller: null, projectId, trigger: "Task", onlyChanged });
  return { run, outcome: await processLearnDelivery(await getDb(), { runId: run.id }) };
}

describe("the learn worker", () => {
  it("a full run fits the model, embeds every document and makes one cluster per kind, numbered from 1", async () => {
    const system = await makeSystem();
    const project = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(project, [...KINDS], 6);
    const { run, outcome } = await learnNow(project.id, true);
    expect(outcome).toMatchObject({ outcome: "Ready" });
    const ended = await runRow(run.id);
    expect(ended).toMatchObject({ state: "Ready", onlyChanged: true, errorCode: null, attempts: 1 });
    expect(ended.done).toBe(ended.total);
    // no model yet: the run was a full one (three units per document)
    expect(ended.total).toBe(3 * 18);
    expect(ended.summary).toEqual({ documents: 18, placed: 18, newClusters: 3, changedClusters: 0, unclustered: 0 });

    const clusters = await clustersOf(project.id);
    expect(clusters.map((c) => c.number)).toEqual([1, 2, 3]);
    for (const c of clusters) {
      expect(new Set(c.files.map(kindOf)).size, c.files.join()).toBe(1);
      expect(c.size).toBe(6);
      expect(c.keywords.length).toBeGreaterThan(0);
      expect(c.sampleIds).toHaveLength(3);
      expect(c.centroid?.byteLength).toBeGreaterThan(0);
      expect(c.updated.getTime()).toBe(ended.finished?.getTime());
    }
    const db = await getDb();
    const docs = await db.select().from(learnDocuments).where(eq(learnDocuments.projectId, project.id));
    expect(docs.every((d) => d.learnedAt && d.vector && d.clusterId)).toBe(true);
    const [model] = await db.select().from(learnModels).where(eq(learnModels.projectId, project.id));
    expect(model?.documents).toBe(18);
    // the samples are members
    const members = new Set(docs.map((d) => d.id));
    expect(clusters.flatMap((c) => c.sampleIds).every((id) => members.has(id))).toBe(true);
  });

  it("is deterministic: a second full run over the same documents gives the same clusters, keys and centroids", async () => {
    const system = await makeSystem();
    const project = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(project, [...KINDS], 7);
    await learnNow(project.id, false);
    const first = await clustersOf(project.id);
    const { run } = await learnNow(project.id, false);
    const second = await clustersOf(project.id);
    expect(second.map((c) => [c.id, c.number, c.files, c.keywords, c.sampleIds])).toEqual(
      first.map((c) => [c.id, c.number, c.files, c.keywords, c.sampleIds]),
    );
    expect(second.map((c) => Buffer.from(c.centroid ?? []).toString("hex"))).toEqual(
      first.map((c) => Buffer.from(c.centroid ?? []).toString("hex")),
    );
    expect((await runRow(run.id)).summary).toEqual({
      documents: 21,
      placed: 0,
      newClusters: 0,
      changedClusters: 0,
      unclustered: 0,
    });

    // the same documents in another project, inserted in another order, cluster the same way
    const other = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(other, ["application", "delivery", "invoice"], 7);
    await learnNow(other.id, false);
    const partition = (cs: { files: string[] }[]) => cs.map((c) => c.files.join()).sort();
    expect(partition(await clustersOf(other.id))).toEqual(partition(first));
  });

  it("an incremental run embeds only the pending documents and places them into the clusters, named ones kept", async () => {
    const system = await makeSystem();
    const project = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(project, [...KINDS], 6);
    await learnNow(project.id, false);
    const db = await getDb();
    const before = await clustersOf(project.id);
    const invoices = before.find((c) => kindOf(c.files[0] ?? "") === "invoice");
    if (!invoices) throw new Error("no invoice cluster");
    await db.update(learnClusters).set({ name: "Invoices", complete: true }).where(eq(learnClusters.id, invoices.id));
    const vectorsBefore = await db
      .select({ id: learnDocuments.id, vector: learnDocuments.vector })
      .from(learnDocuments)
      .where(eq(learnDocuments.projectId, project.id));
    const added = await addLearnDocuments(project, ["invoice", "delivery"], 2, 100);
    const { run } = await learnNow(project.id, true);
    const ended = await runRow(run.id);
    expect(ended.total).toBe(2 * 4);
    expect(ended.summary).toEqual({ documents: 22, placed: 4, newClusters: 0, changedClusters: 2, unclustered: 0 });
    const after = await clustersOf(project.id);
    expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id));
    for (const c of after) expect(new Set(c.files.map(kindOf)).size).toBe(1);
    expect(after.find((c) => c.id === invoices.id)?.files).toHaveLength(8);
    expect(after.find((c) => c.id === invoices.id)?.name).toBe("Invoices");
    // the learned documents kept their vectors byte for byte; the new ones have theirs
    const vectorsAfter = await db
      .select({ id: learnDocuments.id, vector: learnDocuments.vector, learnedAt: learnDocuments.learnedAt })
      .from(learnDocuments)
      .where(eq(learnDocuments.projectId, project.id));
    for (const v of vectorsBefore) {
      const now = vectorsAfter.find((a) => a.id === v.id);
      expect(Buffer.from(now?.vector ?? []).equals(Buffer.from(v.vector ?? []))).toBe(true);
    }
    for (const a of added) {
      const now = vectorsAfter.find((v) => v.id === a.id);
      expect(now?.learnedAt).toEqual(ended.finished);
      expect(fromVectorBytes(now?.vector ?? new Uint8Array()).length).toBeGreaterThan(0);
    }
  });

  it("a run of a project with no documents is Ready with nothing; fixed clusters stay, others go", async () => {
    const system = await makeSystem();
    const project = await makeLearnProjectRow({ systemId: system.id });
    const db = await getDb();
    await db.insert(learnClusters).values([
      { projectId: project.id, systemId: system.id, number: 1, name: "Kept" },
      { projectId: project.id, systemId: system.id, number: 2 },
    ]);
    const { run } = await learnNow(project.id, false);
    expect((await runRow(run.id)).summary).toEqual({
      documents: 0,
      placed: 0,
      newClusters: 0,
      changedClusters: 0,
      unclustered: 0,
    });
    expect((await clustersOf(project.id)).map((c) => [c.number, c.name, c.size])).toEqual([[1, "Kept", 0]]);
  });

  it("refuses at its start a project under its updating lock (its reason kept to be told in any language); a locked cluster makes it wait", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const project = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(project, ["invoice"], 6);
    const db = await getDb();
    const asked = await requestLearnRun(db, { caller: null, projectId: project.id, trigger: "Task", onlyChanged: true });
    await db.update(projects).set({ updating: true }).where(eq(projects.id, project.id));
    expect(await processLearnDelivery(db, { runId: asked.id })).toMatchObject({ outcome: "Error", code: "LearnProjectUpdating" });
    expect(await runRow(asked.id)).toMatchObject({
      state: "Error",
      errorCode: "LearnProjectUpdating",
      errorParameter: { name: project.name },
    });
    expect((await runRow(asked.id)).errorMessage).toContain("updating lock");
    await db.update(projects).set({ updating: false }).where(eq(projects.id, project.id));

    // a person holds a cluster's lock: the run goes back to Waiting (no attempt spent) and says what it waits for
    const again = await requestLearnRun(db, { caller: null, projectId: project.id, trigger: "Task", onlyChanged: true });
    const [locked] = await db
      .insert(learnClusters)
      .values({
        projectId: project.id,
        systemId: system.id,
        number: 9,
        lockedBy: user.id,
        lockedByName: user.name,
        lockedAt: new Date(),
        lockSeen: new Date(),
      })
      .returning();
    expect(await processLearnDelivery(db, { runId: again.id })).toMatchObject({ outcome: "deferred" });
    expect(await runRow(again.id)).toMatchObject({ state: "Waiting", attempts: 0, started: null, errorCode: null });
    const [listed] = (await listLearnRuns(db, { projectId: project.id, page: 0, pageSize: 1 })).items;
    expect(listed).toMatchObject({ id: again.id, state: "Waiting", waitingFor: { cluster: "Cluster 9", user: user.name } });
    // the documents stay pending
    const pending = await db.select().from(learnDocuments).where(eq(learnDocuments.projectId, project.id));
    expect(pending.every((d) => d.learnedAt === null)).toBe(true);
    // the lock lapses (its holder not seen for CLUSTER_LOCK_LAPSE_MS): the next delivery runs it
    await db
      .update(learnClusters)
      .set({ lockSeen: new Date(Date.now() - CLUSTER_LOCK_LAPSE_MS - 1000) })
      .where(eq(learnClusters.id, locked?.id ?? ""));
    expect(await processLearnDelivery(db, { runId: again.id })).toMatchObject({ outcome: "Ready" });
    expect(await runRow(again.id)).toMatchObject({ state: "Ready", attempts: 1 });
  });

  it("a delivery of an ended run, of an unknown run or a second one at once does nothing; a dead worker's run is taken over", async () => {
    const system = await makeSystem();
    const project = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(project, ["invoice", "delivery"], 6);
    const db = await getDb();
    const asked = await requestLearnRun(db, { caller: null, projectId: project.id, trigger: "Manual", onlyChanged: false });
    // two deliveries at once (BullMQ redelivers, a sweep): one run
    const [a, b] = await Promise.all([
      processLearnDelivery(db, { runId: asked.id }),
      processLearnDelivery(db, { runId: asked.id }),
    ]);
    expect([a.outcome, b.outcome].sort()).toEqual(["Ready", "ended"]);
    expect(await processLearnDelivery(db, { runId: asked.id })).toMatchObject({ outcome: "ended" });
    expect(await processLearnDelivery(db, { runId: 987_654_321 })).toMatchObject({ outcome: "missing" });
    await expect(processLearnDelivery(db, { runId: 0 })).rejects.toThrow();

    // a worker claimed the next run and died: another delivery finds it busy, later takes it over
    const next = await requestLearnRun(db, { caller: null, projectId: project.id, trigger: "Manual", onlyChanged: false });
    const dead = await claimLearnRun(db, next.id, "dead-worker");
    expect(dead).toMatchObject({ run: { state: "Running", attempts: 1 } });
    expect(await claimLearnRun(db, next.id, "other-worker")).toBe("busy");
    await db
      .update(learnRuns)
      .set({ heartbeat: new Date(Date.now() - LEARN_LEASE_MS - 1000) })
      .where(eq(learnRuns.id, next.id));
    expect(await processLearnDelivery(db, { runId: next.id })).toMatchObject({ outcome: "Ready" });
    expect(await runRow(next.id)).toMatchObject({ state: "Ready", attempts: 2 });
  });

  it("a failure ends the run in Error with its code and message, and the worker goes on with the next", async () => {
    const system = await makeSystem();
    const project = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(project, ["invoice", "delivery"], 6);
    const db = await getDb();
    await learnNow(project.id, false);
    // a model that is not one (a damaged row): the incremental run cannot embed with it
    const [stored] = await db.select().from(learnModels).where(eq(learnModels.projectId, project.id));
    await db
      .update(learnModels)
      .set({ model: { ...(stored?.model as object), format: "learn-model/0" } })
      .where(eq(learnModels.projectId, project.id));
    await addLearnDocuments(project, ["invoice"], 1, 50);
    const { run, outcome } = await learnNow(project.id, true);
    expect(outcome).toMatchObject({ outcome: "Error", code: "LearnRunFailed" });
    expect((await runRow(run.id)).errorMessage).toBeTruthy();
    // the documents are as they were; a full run refits and goes on
    expect(await db.select().from(learnDocuments).where(isNull(learnDocuments.learnedAt))).not.toHaveLength(0);
    const { outcome: full } = await learnNow(project.id, false);
    expect(full).toMatchObject({ outcome: "Ready" });
    const left = await db
      .select()
      .from(learnDocuments)
      .where(inArray(learnDocuments.projectId, [project.id]));
    expect(left.every((d) => d.learnedAt !== null)).toBe(true);
  });

  it("afterClusterChange asks for an incremental run with the setting on; while a lock is held it waits", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const project = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(project, ["invoice", "delivery"], 6);
    await learnNow(project.id, false);
    const [cluster] = await clustersOf(project.id);
    await db
      .update(learnClusters)
      .set({ name: "Invoices", lockedAt: new Date(), lockedBy: user.id, lockedByName: user.name })
      .where(eq(learnClusters.id, cluster?.id ?? ""));
    await patchSetting(db, SETTING_KEYS.learnConfig, { createLearnJobOnClusterChange: false });
    try {
      expect(await afterClusterChange(db, project.id)).toBeNull();
    } finally {
      await patchSetting(db, SETTING_KEYS.learnConfig, { createLearnJobOnClusterChange: true });
    }
    // the person still edits: the run is asked and waits for the lock
    const run = await afterClusterChange(db, project.id);
    expect(run).toMatchObject({
      trigger: "ClusterChange",
      onlyChanged: true,
      state: "Waiting",
      requestedBy: null,
      waitingFor: { cluster: "Invoices", user: user.name },
    });
    expect(await processLearnDelivery(db, { runId: run?.id })).toMatchObject({ outcome: "deferred" });
    await db
      .update(learnClusters)
      .set({ lockedAt: null, lockedBy: null, lockedByName: null })
      .where(eq(learnClusters.projectId, project.id));
    expect(await processLearnDelivery(db, { runId: run?.id })).toMatchObject({ outcome: "Ready" });
  });

  it("the sweep delivers again a run left Waiting and one whose worker stopped answering", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const project = await makeLearnProjectRow({ systemId: system.id });
    const run = await requestLearnRun(db, { caller: null, projectId: project.id, trigger: "Manual", onlyChanged: true });
    // others of this file are done by now; this one has waited two minutes without a worker
    await db
      .update(learnRuns)
      .set({ state: "Error" })
      .where(inArray(learnRuns.state, ["Waiting", "Running"]));
    await db
      .update(learnRuns)
      .set({ state: "Waiting", created: new Date(Date.now() - 120_000) })
      .where(eq(learnRuns.id, run.id));
    if (redisConnection()) {
      // its delivery is still queued: nothing to do until it is lost
      expect(await sweepLearnRuns(db)).toBe(0);
      await (await learnQueue.bullmq().getJob(learnDeliveryId(run.id)))?.remove();
    }
    expect(await sweepLearnRuns(db)).toBe(1);
    if (redisConnection()) expect(await learnQueue.bullmq().getJob(learnDeliveryId(run.id))).toBeDefined();
    // a Running run whose heartbeat is older than the lease
    await db
      .update(learnRuns)
      .set({ state: "Running", workerId: "gone", heartbeat: new Date(Date.now() - LEARN_LEASE_MS - 1000) })
      .where(eq(learnRuns.id, run.id));
    if (redisConnection()) await (await learnQueue.bullmq().getJob(learnDeliveryId(run.id)))?.remove();
    expect(await sweepLearnRuns(db)).toBe(1);
    expect(await processLearnDelivery(db, { runId: run.id })).toMatchObject({ outcome: "Ready" });
    expect(await sweepLearnRuns(db)).toBe(0);
  });
});
