import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditTrail, learnClusters, learnExports, learnModels, projects } from "@/db/schema";
import { getDb } from "@/lib/db";
import { writeStoredFile } from "@/lib/files/store";
import { exportLearnClusters } from "@/lib/learn/services/export-learn-clusters";
import { requestLearnRun } from "@/lib/learn/services/request-learn-run";
import { projectFilePath } from "@/lib/projects/queries";
import { sampleEsproject } from "@/tests/fixtures/project";
import { makeProject, makeSystem } from "@/tests/helpers/factories";
import { addLearnDocuments, clustersOf, kindOf, makeLearnProjectRow } from "@/tests/helpers/learn-runs";
import { runTask, taskRun } from "@/tests/helpers/task-run";
import { processLearnDelivery } from "@/workers/learn/processor";

async function learnNow(projectId: string, onlyChanged: boolean) {
  const db = await getDb();
  const run = await requestLearnRun(db, { caller: null, projectId, trigger: "Task", onlyChanged });
  await processLearnDelivery(db, { runId: run.id });
}

async function target(systemId: string) {
  const db = await getDb();
  const { project } = await makeProject({ systemId });
  await writeStoredFile(projectFilePath(systemId, project.id, 1), sampleEsproject());
  const [row] = await db.select().from(projects).where(eq(projects.id, project.id));
  if (!row) throw new Error("no project");
  return row;
}

async function version(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ version: projects.version, classes: projects.documentClasses })
    .from(projects)
    .where(eq(projects.id, id));
  return { version: row?.version, learned: row?.classes.filter((c) => c.learned).map((c) => c.name) };
}

describe("LearnCompleteCluster", () => {
  it("renews the export of a linked learn project once its clusters changed after it, and only then", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const learn = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(learn, ["invoice", "delivery", "application"], 6);
    await learnNow(learn.id, false);
    const invoices = (await clustersOf(learn.id)).find((c) => kindOf(c.files[0] ?? "") === "invoice");
    await db
      .update(learnClusters)
      .set({ name: "Invoices", complete: true })
      .where(eq(learnClusters.id, invoices?.id ?? ""));
    const extraction = await target(system.id);
    await exportLearnClusters(db, { caller: null, id: learn.id, input: { projectId: extraction.id } });
    expect(await version(extraction.id)).toEqual({ version: 2, learned: ["Invoices"] });

    const tick = async () => runTask(await taskRun("LearnCompleteCluster", { systemId: system.id }));
    expect((await tick())?.details).toEqual({ exported: 0, unchanged: 0, kept: 0 });

    // a run that grows only a cluster nobody completed: the export would be the same, so the project, its version (which
    // API clients upload against) and the audit trail stay as they are; the export's time moves on, so it is not tried again
    const audited = async () => (await db.select().from(auditTrail).where(eq(auditTrail.projectId, extraction.id))).length;
    const auditedBefore = await audited();
    const [first] = await db.select().from(learnExports).where(eq(learnExports.projectId, extraction.id));
    await addLearnDocuments(learn, ["application"], 2, 50);
    await learnNow(learn.id, true);
    const same = await tick();
    expect(same?.details).toEqual({ exported: 0, unchanged: 1, kept: 0 });
    expect(same?.message).toBe("0 learn project export(s) renewed, 1 unchanged, 0 kept");
    expect(await version(extraction.id)).toEqual({ version: 2, learned: ["Invoices"] });
    expect(await audited()).toBe(auditedBefore);
    const [noted] = await db.select().from(learnExports).where(eq(learnExports.projectId, extraction.id));
    expect(noted?.exported.getTime()).toBeGreaterThan(first?.exported.getTime() ?? 0);
    expect((await tick())?.details).toEqual({ exported: 0, unchanged: 0, kept: 0 });

    // the same classes with another model are a change: the classifier embeds with the exported copy
    const [fitted] = await db.select().from(learnModels).where(eq(learnModels.projectId, learn.id));
    await db
      .update(learnModels)
      .set({ model: { ...(fitted?.model as object), refitted: true } })
      .where(eq(learnModels.projectId, learn.id));
    await db
      .update(learnClusters)
      .set({ updated: new Date() })
      .where(eq(learnClusters.id, invoices?.id ?? ""));
    expect((await tick())?.details).toEqual({ exported: 1, unchanged: 0, kept: 0 });
    expect(await version(extraction.id)).toEqual({ version: 3, learned: ["Invoices"] });
    expect(await audited()).toBe(auditedBefore + 1);

    // a person completes another cluster: the export follows
    const delivery = (await clustersOf(learn.id)).find((c) => kindOf(c.files[0] ?? "") === "delivery");
    await db
      .update(learnClusters)
      .set({ name: "Delivery notes", complete: true, updated: new Date() })
      .where(eq(learnClusters.id, delivery?.id ?? ""));
    expect((await tick())?.message).toBe("1 learn project export(s) renewed, 0 unchanged, 0 kept");
    expect(await version(extraction.id)).toEqual({ version: 4, learned: ["Invoices", "Delivery notes"] });
    expect(await audited()).toBe(auditedBefore + 2);
    expect((await tick())?.details).toEqual({ exported: 0, unchanged: 0, kept: 0 });

    // a full run refits the learn project's model: the export takes the new model with the new centroids
    const [before] = await db.select().from(learnExports).where(eq(learnExports.projectId, extraction.id));
    await addLearnDocuments(learn, ["invoice"], 2, 50);
    await learnNow(learn.id, false);
    expect((await tick())?.details).toEqual({ exported: 1, unchanged: 0, kept: 0 });
    expect((await version(extraction.id)).version).toBe(5);
    const [after] = await db.select().from(learnExports).where(eq(learnExports.projectId, extraction.id));
    // 18 of the first run, 2 applications, 2 invoices
    expect((after?.model as { documents: number } | undefined)?.documents).toBe(22);
    expect(after?.exported.getTime()).toBeGreaterThan(before?.exported.getTime() ?? 0);

    // no complete named cluster left: the last export stays
    await db
      .update(learnClusters)
      .set({ complete: false, name: null, updated: new Date() })
      .where(eq(learnClusters.projectId, learn.id));
    expect((await tick())?.details).toEqual({ exported: 0, unchanged: 0, kept: 1 });
    expect((await version(extraction.id)).learned).toEqual(["Invoices", "Delivery notes"]);
  });

  it("an export into another extraction project moves the link: the first one loses its learned classes", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const learn = await makeLearnProjectRow({ systemId: system.id });
    await addLearnDocuments(learn, ["invoice", "delivery"], 6);
    await learnNow(learn.id, false);
    for (const c of await clustersOf(learn.id)) {
      await db
        .update(learnClusters)
        .set({ name: `Kind ${c.number}`, complete: true })
        .where(eq(learnClusters.id, c.id));
    }
    const first = await target(system.id);
    const second = await target(system.id);
    await exportLearnClusters(db, { caller: null, id: learn.id, input: { projectId: first.id } });
    const moved = await exportLearnClusters(db, { caller: null, id: learn.id, input: { projectId: second.id } });
    expect(moved.learnProject.linkedProjectId).toBe(second.id);
    const [a] = await db.select().from(projects).where(eq(projects.id, first.id));
    expect(a).toMatchObject({ type: "Extraction", version: 3 });
    expect(a?.documentClasses.map((c) => c.name)).toEqual(["Invoice", "Letter"]);
    expect(await db.select().from(learnExports).where(eq(learnExports.projectId, first.id))).toHaveLength(0);
    expect(await db.select().from(learnExports).where(eq(learnExports.projectId, second.id))).toHaveLength(1);

    // the extraction project is deleted: the learn project is a Learn project again, without a link
    const { deleteProject } = await import("@/lib/projects/services/delete-project");
    const { makeUser } = await import("@/tests/helpers/factories");
    const { callerFromToken } = await import("@/lib/auth/sessions");
    const { tokenOf } = await import("@/tests/helpers/api");
    const admin = await makeUser({ systemId: system.id, roles: ["Administrator"] });
    const caller = await callerFromToken(db, await tokenOf(system.name, admin.name));
    await deleteProject(db, { caller, id: second.id, input: { version: 2 } });
    const [after] = await db.select().from(projects).where(eq(projects.id, learn.id));
    expect(after).toMatchObject({ type: "Learn", linkedProjectId: null });
    expect(await db.select().from(learnExports).where(eq(learnExports.projectId, second.id))).toHaveLength(0);
  });
});
