import type { Worker } from "bullmq";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postJob } from "@/app/api/jobs/route";
import { POST as exportRoute } from "@/app/api/v3/learn/projects/[projectId]/export/route";
import { POST as runRoute } from "@/app/api/v3/learn/projects/[projectId]/run/route";
import { GET as runGet } from "@/app/api/v3/learn/projects/[projectId]/runs/[runId]/route";
import { GET as runsRoute } from "@/app/api/v3/learn/projects/[projectId]/runs/route";
import { POST as uploadLearnRoute } from "@/app/api/v3/learn/projects/[projectId]/upload/route";
import { POST as addLearnRoute } from "@/app/api/v3/learn/projects/route";
import { GET as getKey } from "@/app/api/v3/projects/[projectId]/submissionKey/route";
import { POST as uploadProjectRoute } from "@/app/api/v3/projects/[projectId]/upload/route";
import { POST as addProjectRoute } from "@/app/api/v3/projects/route";
import { auditTrail, jobFiles, jobs, learnClusters, learnDocuments, learnExports, learnRuns, projects } from "@/db/schema";
import { getDb } from "@/lib/db";
import { readStoredFile } from "@/lib/files/store";
import { redisConnection } from "@/lib/queue/redis";
import { patchSetting, SETTING_KEYS } from "@/lib/settings/store";
import { startInProcess, startWorkers, stopWorkers } from "@/workers/runtime";
import { learnDocuments as fixtureDocuments, type LearnKind, learnDocument } from "../fixtures/learn-documents";
import { sampleEsproject } from "../fixtures/project";
import { codes, supersystem, tokenOf } from "../helpers/api";
import { makeProject, makeSystem, makeUser, uniqueName } from "../helpers/factories";
import { call } from "../helpers/http";
import { clustersOf, kindOf, makeLearnProjectRow, until } from "../helpers/learn-runs";

// With REDIS_URL the jobs and the learn runs travel through BullMQ to the workers of this process; without, the
// in-process runner takes both: the same processors either way.
let workers: Worker[] = [];
beforeAll(() => {
  workers = redisConnection() ? startWorkers(2) : [];
  startInProcess();
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await stopWorkers();
});

const learnFile = () => sampleEsproject({ type: "Learn", documentClasses: [] });
const MEMO = "MEMORANDUM to all staff: the canteen closes early on Friday because of the summer party.";

function projectForm(file: Uint8Array, meta: unknown) {
  const form = new FormData();
  form.append("esproject", new File([new Uint8Array(file)], "p.esproject", { type: "application/zip" }));
  form.append("meta", JSON.stringify(meta));
  return form;
}

async function tenant(roles = ["ProjectManager", "JobCreator", "JobManager"]) {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles });
  return { system, user, token: await tokenOf(system.name, user.name) };
}

/** A job of text files posted with the project's submission key; answers once it has ended Ready. */
async function postDocuments(token: string, projectId: string, files: { name: string; text: string }[]) {
  const key = (await call(getKey, `/api/v3/projects/${projectId}/submissionKey`, { token })).json.submissionKey as string;
  const form = new FormData();
  for (const f of files) form.append("file", new File([f.text], f.name, { type: "text/plain" }));
  const posted = await call(postJob, `/api/jobs?auth=${key}`, { method: "POST", form });
  expect(posted.status, posted.text).toBe(200);
  const id = posted.json.id as number;
  const db = await getDb();
  let state = "";
  await until(async () => {
    [{ state = "" } = {}] = await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, id));
    return state === "Ready" || state === "Error";
  }, 120_000);
  expect(state).toBe("Ready");
  return id;
}

/** Asks for a run through the API and waits, polling its GET, until it has ended. */
async function learn(token: string, projectId: string, onlyChanged: boolean) {
  const asked = await call(runRoute, `/api/v3/learn/projects/${projectId}/run`, { method: "POST", token, body: { onlyChanged } });
  expect(asked.status, asked.text).toBe(200);
  let run = asked.json;
  await until(async () => {
    run = (await call(runGet, `/api/v3/learn/projects/${projectId}/runs/${asked.json.id}`, { token })).json;
    return run.state === "Ready" || run.state === "Error";
  }, 120_000);
  return { asked: asked.json, run };
}

async function resultOf(jobId: number) {
  const db = await getDb();
  const [file] = await db
    .select()
    .from(jobFiles)
    .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.kind, "result")));
  return JSON.parse((await readStoredFile(file?.path ?? "")).toString("utf8")) as {
    documents: { file: string; class: string; confidence: number; fields: Record<string, unknown> }[];
  };
}

const KINDS: LearnKind[] = ["invoice", "delivery", "application"];

describe(`learn runs (${process.env.REDIS_URL ? "BullMQ on Redis" : "in-process runner"})`, () => {
  it("documents posted to a learn project are clustered by a run, named clusters grow, and their export classifies", async () => {
    const db = await getDb();
    const { system, user, token } = await tenant();
    const added = await call(addLearnRoute, "/api/v3/learn/projects", {
      method: "POST",
      token,
      form: projectForm(learnFile(), { name: uniqueName("Mail room "), systemId: system.id }),
    });
    expect(added.status, added.text).toBe(200);
    const learnId = added.json.id as string;
    // one job per kind, six documents each, through the job pipeline
    for (const kind of KINDS) await postDocuments(token, learnId, fixtureDocuments([kind], 6));
    const pending = await db.select().from(learnDocuments).where(eq(learnDocuments.projectId, learnId));
    expect(pending.map((d) => d.learnedAt)).toEqual(Array(18).fill(null));

    // "learn now": a full run through the learn queue and worker; its progress is read until it ends
    const { asked, run } = await learn(token, learnId, false);
    expect(asked).toMatchObject({
      state: "Waiting",
      trigger: "Manual",
      onlyChanged: false,
      requestedBy: user.name,
      projectId: learnId,
    });
    expect(run).toMatchObject({
      state: "Ready",
      total: 54,
      done: 54,
      errorCode: null,
      summary: { documents: 18, placed: 18, newClusters: 3, changedClusters: 0, unclustered: 0 },
    });
    const list = await call(runsRoute, `/api/v3/learn/projects/${learnId}/runs`, { token });
    expect(list.json).toMatchObject({ totalCount: 1, items: [{ id: asked.id, state: "Ready" }] });
    const clusters = await clustersOf(learnId);
    expect(clusters.map((c) => [c.number, c.size, new Set(c.files.map(kindOf)).size])).toEqual([
      [1, 6, 1],
      [2, 6, 1],
      [3, 6, 1],
    ]);
    const of = (kind: string) => clusters.find((c) => kindOf(c.files[0] ?? "") === kind)?.id ?? "";

    // a person names and completes two clusters (the cluster services' work) and edits the third: no run meanwhile
    await db
      .update(learnClusters)
      .set({ name: "Invoices", complete: true })
      .where(eq(learnClusters.id, of("invoice")));
    await db
      .update(learnClusters)
      .set({ name: "Delivery notes", complete: true })
      .where(eq(learnClusters.id, of("delivery")));
    await db
      .update(learnClusters)
      .set({ lockedBy: user.id, lockedByName: user.name, lockedAt: new Date() })
      .where(eq(learnClusters.id, of("application")));
    const locked = await call(runRoute, `/api/v3/learn/projects/${learnId}/run`, { method: "POST", token, body: {} });
    expect([locked.status, codes(locked.json)]).toEqual([409, ["LearnClusterLocked"]]);
    expect(locked.json.errors[0].messageParameter).toMatchObject({ user: user.name });
    await db
      .update(learnClusters)
      .set({ lockedBy: null, lockedByName: null, lockedAt: null })
      .where(eq(learnClusters.projectId, learnId));

    // more documents: an incremental run (the default) places them into the named clusters
    await postDocuments(token, learnId, fixtureDocuments(["invoice", "delivery"], 2, 100));
    const more = await learn(token, learnId, true);
    expect(more.run).toMatchObject({ state: "Ready", onlyChanged: true, total: 8 });
    expect(more.run.summary).toMatchObject({ placed: 4, newClusters: 0, unclustered: 0 });
    const grown = await clustersOf(learnId);
    expect(grown.find((c) => c.name === "Invoices")?.files).toHaveLength(8);
    expect(grown.find((c) => c.name === "Delivery notes")?.files).toHaveLength(8);

    // the export: the complete named clusters become learned classes of an extraction project; its own classes stay
    const memoClass = { name: "Memo", keywords: ["memorandum"], patterns: [], fields: [] };
    const target = await call(addProjectRoute, "/api/v3/projects", {
      method: "POST",
      token,
      form: projectForm(sampleEsproject({ documentClasses: [memoClass] }), { name: uniqueName("Inbox "), systemId: system.id }),
    });
    expect(target.status, target.text).toBe(200);
    const targetId = target.json.id as string;
    const exported = await call(exportRoute, `/api/v3/learn/projects/${learnId}/export`, {
      method: "POST",
      token,
      body: { projectId: targetId },
    });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.json).toMatchObject({
      classes: ["Invoices", "Delivery notes"].sort(
        (a, b) => grown.findIndex((c) => c.name === a) - grown.findIndex((c) => c.name === b),
      ),
      learnProject: { id: learnId, type: "LinkedLearn", linkedProjectId: targetId },
      project: { id: targetId, type: "LinkedExtraction", version: 2 },
    });
    expect([...exported.json.project.documentClasses].sort()).toEqual(["Delivery notes", "Invoices", "Memo"]);

    // new documents to the extraction project: the rules first, else the nearest learned class above the similarity
    const jobId = await postDocuments(token, targetId, [
      { name: "invoice.txt", text: learnDocument("invoice", 200) },
      { name: "delivery.txt", text: learnDocument("delivery", 200) },
      { name: "application.txt", text: learnDocument("application", 200) },
      { name: "memo.txt", text: MEMO },
    ]);
    const result = await resultOf(jobId);
    expect(result.documents.map((d) => [d.file, d.class])).toEqual([
      ["invoice.txt", "Invoices"],
      ["delivery.txt", "Delivery notes"],
      ["application.txt", "Unknown"],
      ["memo.txt", "Memo"],
    ]);
    expect(result.documents[0]?.confidence).toBeGreaterThan(0.5);
    expect(result.documents[0]?.confidence).toBeLessThanOrEqual(1);
    expect(result.documents[3]?.confidence).toBe(1);

    // a new version of the extraction project's file keeps the learned classes and the link
    const upload = await call(uploadProjectRoute, `/api/v3/projects/${targetId}/upload`, {
      method: "POST",
      token,
      form: projectForm(sampleEsproject({ documentClasses: [memoClass] }), { version: 2 }),
    });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.json).toMatchObject({ type: "LinkedExtraction", version: 3 });
    expect([...upload.json.documentClasses].sort()).toEqual(["Delivery notes", "Invoices", "Memo"]);
    // … and the export again replaces the learned classes, once each; the same classes with the same model are no
    // change, so the version the upload made stays (clients uploading against it are not refused) and nothing is audited
    const again = await call(exportRoute, `/api/v3/learn/projects/${learnId}/export`, {
      method: "POST",
      token,
      body: { projectId: targetId },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.json.project).toMatchObject({ version: 3 });
    expect([...again.json.project.documentClasses].sort()).toEqual(["Delivery notes", "Invoices", "Memo"]);
    const [row] = await db.select().from(projects).where(eq(projects.id, targetId));
    expect(row?.documentClasses.filter((c) => c.learned).map((c) => [c.name, typeof c.centroid])).toHaveLength(2);
    expect(await db.select().from(learnExports).where(eq(learnExports.projectId, targetId))).toHaveLength(1);

    const audit = await db
      .select()
      .from(auditTrail)
      .where(inArray(auditTrail.projectId, [learnId, targetId]))
      .orderBy(auditTrail.id);
    const rows = audit.map((a) => [a.category, a.operation, a.projectId === learnId ? "learn" : "target", a.username]);
    expect(rows).toEqual([
      ["LearnProject", "Create", "learn", user.name],
      ["LearnProject", "Create", "learn", user.name],
      ["LearnProject", "Create", "learn", user.name],
      ["Project", "Create", "target", user.name],
      ["Project", "Update", "target", user.name],
      ["LearnProject", "Update", "learn", user.name],
      ["Project", "Update", "target", user.name],
    ]);
    expect(JSON.parse(audit[1]?.value ?? "{}")).toMatchObject({ id: learnId, learnRun: asked.id, trigger: "Manual" });
  });

  it("who may: ManageProjects of the project's system (or its deputy); others 403, foreign tenants 404", async () => {
    const { system, token } = await tenant(["ProjectManager"]);
    const project = await makeLearnProjectRow({ systemId: system.id });
    const base = `/api/v3/learn/projects/${project.id}`;
    const { token: jobManager } = await (async () => {
      const u = await makeUser({ systemId: system.id, roles: ["JobManager"] });
      return { token: await tokenOf(system.name, u.name) };
    })();
    const foreign = (await tenant(["Administrator"])).token;
    const { run } = await learn(token, project.id, true);
    expect(run).toMatchObject({ state: "Ready", summary: { documents: 0 } });
    const calls = (t: string) => [
      call(runRoute, `${base}/run`, { method: "POST", token: t, body: {} }),
      call(runsRoute, `${base}/runs`, { token: t }),
      call(runGet, `${base}/runs/${run.id}`, { token: t }),
      call(exportRoute, `${base}/export`, { method: "POST", token: t, body: { projectId: project.id } }),
    ];
    for (const res of await Promise.all(calls(jobManager)))
      expect([res.status, codes(res.json)]).toEqual([403, ["AccessDenied"]]);
    for (const res of await Promise.all(calls(foreign)))
      expect([res.status, codes(res.json)]).toEqual([404, ["ProjectNotFound"]]);
    const unknownRun = await call(runGet, `${base}/runs/987654321`, { token });
    expect([unknownRun.status, codes(unknownRun.json)]).toEqual([404, ["LearnRunNotFound"]]);
    const badRun = await call(runGet, `${base}/runs/abc`, { token });
    expect(badRun.status).toBe(400);
    // a run of another project is not found under this one
    const other = await makeLearnProjectRow({ systemId: system.id });
    const otherRun = await call(runGet, `/api/v3/learn/projects/${other.id}/runs/${run.id}`, { token });
    expect([otherRun.status, codes(otherRun.json)]).toEqual([404, ["LearnRunNotFound"]]);
    // the Supersystem's administrator as deputy
    const sup = await supersystem();
    const admin = await makeUser({ systemId: sup.id, roles: ["SuperAdmin"] });
    const deputy = await call(runsRoute, `${base}/runs`, { token: await tokenOf(sup.name, admin.name) });
    expect(deputy.json).toMatchObject({ totalCount: 1 });
  });

  it("refusals: a deleted project, its updating lock; a waiting or running run is the answer, not a second one", async () => {
    const db = await getDb();
    const { system, token } = await tenant(["ProjectManager"]);
    const project = await makeLearnProjectRow({ systemId: system.id });
    const base = `/api/v3/learn/projects/${project.id}`;
    await db.update(projects).set({ updating: true }).where(eq(projects.id, project.id));
    const updating = await call(runRoute, `${base}/run`, { method: "POST", token, body: {} });
    expect([updating.status, codes(updating.json)]).toEqual([409, ["LearnProjectUpdating"]]);
    await db.update(projects).set({ updating: false }).where(eq(projects.id, project.id));
    // a run another worker holds (fresh heartbeat): asking again answers it
    const [open] = await db
      .insert(learnRuns)
      .values({
        projectId: project.id,
        systemId: system.id,
        trigger: "Task",
        state: "Running",
        workerId: "elsewhere",
        heartbeat: new Date(),
      })
      .returning();
    const same = await call(runRoute, `${base}/run`, { method: "POST", token, body: { onlyChanged: false } });
    expect(same.json).toMatchObject({ id: open?.id, state: "Running", trigger: "Task" });
    expect(await db.select().from(learnRuns).where(eq(learnRuns.projectId, project.id))).toHaveLength(1);
    await db.update(learnRuns).set({ state: "Error" }).where(eq(learnRuns.projectId, project.id));
    await db.update(projects).set({ deletedAt: new Date() }).where(eq(projects.id, project.id));
    const deleted = await call(runRoute, `${base}/run`, { method: "POST", token, body: {} });
    expect([deleted.status, codes(deleted.json)]).toEqual([409, ["LearnProjectDeleted"]]);
    const invalid = await call(runRoute, `${base}/run`, { method: "POST", token, body: { onlyChanged: "yes" } });
    expect(invalid.status).toBe(400);
  });

  it("export refusals: nothing complete, another system's or a learn project as target, a target linked elsewhere", async () => {
    const db = await getDb();
    const { system, token } = await tenant(["ProjectManager"]);
    const learnProject = await makeLearnProjectRow({ systemId: system.id });
    const { project: target } = await makeProject({ systemId: system.id });
    const path = `/api/v3/learn/projects/${learnProject.id}/export`;
    const exportTo = (projectId: string) => call(exportRoute, path, { method: "POST", token, body: { projectId } });
    const nothing = await exportTo(target.id);
    expect([nothing.status, codes(nothing.json)]).toEqual([409, ["LearnNoCompleteClusters"]]);
    const { project: elsewhere } = await makeProject({ systemId: (await makeSystem()).id });
    for (const id of [elsewhere.id, learnProject.id, "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f"]) {
      const res = await exportTo(id);
      expect([res.status, codes(res.json)]).toEqual([404, ["ProjectNotFound"]]);
    }
    const other = await makeLearnProjectRow({ systemId: system.id });
    await db.update(projects).set({ linkedProjectId: target.id, type: "LinkedLearn" }).where(eq(projects.id, other.id));
    // a complete named cluster with a learned member, so that only the link refuses
    await postNamedCluster(learnProject);
    const linked = await exportTo(target.id);
    expect([linked.status, codes(linked.json)]).toEqual([409, ["LearnProjectLinked"]]);
    expect(linked.json.errors[0].messageParameter).toMatchObject({ name: target.name, learnProject: other.name });
  });

  it("an export into a project that has a class of a cluster's name teaches that class, never adds the name twice", async () => {
    const db = await getDb();
    const { system, token } = await tenant(["ProjectManager"]);
    const learnProject = await makeLearnProjectRow({ systemId: system.id });
    await postNamedCluster(learnProject);
    const invoiceRule = {
      name: "invoices",
      keywords: ["invoice"],
      patterns: [],
      fields: [{ name: "total", pattern: "Total (\\S+)", type: "string" as const }],
    };
    const memoClass = { name: "Memo", keywords: ["memorandum"], patterns: [], fields: [] };
    const target = await call(addProjectRoute, "/api/v3/projects", {
      method: "POST",
      token,
      form: projectForm(sampleEsproject({ documentClasses: [invoiceRule, memoClass] }), {
        name: uniqueName("Inbox "),
        systemId: system.id,
      }),
    });
    expect(target.status, target.text).toBe(200);
    const targetId = target.json.id as string;
    const path = `/api/v3/learn/projects/${learnProject.id}/export`;
    const exported = await call(exportRoute, path, { method: "POST", token, body: { projectId: targetId } });
    expect(exported.status, exported.text).toBe(200);
    // the cluster "Invoices" teaches the project's class "invoices": one class of the name, its rules and fields kept
    expect(exported.json.project.documentClasses).toEqual(["invoices", "Memo"]);
    expect(exported.json.changes).toEqual({ added: [], replaced: ["invoices"], unchanged: [], removed: [] });
    const classesOf = async () => (await db.select().from(projects).where(eq(projects.id, targetId)))[0]?.documentClasses ?? [];
    const [taught] = await classesOf();
    expect(taught).toMatchObject({ name: "invoices", keywords: ["invoice"], fields: [{ name: "total" }] });
    expect(typeof taught?.centroid).toBe("string");
    expect(taught?.learned).toBeUndefined();
    // again: nothing changes
    const again = await call(exportRoute, path, { method: "POST", token, body: { projectId: targetId } });
    expect(again.json.changes).toEqual({ added: [], replaced: [], unchanged: ["invoices"], removed: [] });
    expect(again.json.project.documentClasses).toEqual(["invoices", "Memo"]);
    // a new version of the project's file keeps what the class learned, still once
    const upload = await call(uploadProjectRoute, `/api/v3/projects/${targetId}/upload`, {
      method: "POST",
      token,
      form: projectForm(sampleEsproject({ documentClasses: [memoClass, invoiceRule] }), { version: again.json.project.version }),
    });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.json.documentClasses).toEqual(["Memo", "invoices"]);
    expect((await classesOf()).map((c) => [c.name, typeof c.centroid])).toEqual([
      ["Memo", "undefined"],
      ["invoices", "string"],
    ]);
  });

  it("a new version of the learn project's file asks for a full run (createLearnJobOnProjectChange), unless switched off", async () => {
    const db = await getDb();
    const { system, token } = await tenant(["ProjectManager"]);
    const added = await call(addLearnRoute, "/api/v3/learn/projects", {
      method: "POST",
      token,
      form: projectForm(learnFile(), { name: uniqueName("Post "), systemId: system.id }),
    });
    const id = added.json.id as string;
    const upload = (version: number) =>
      call(uploadLearnRoute, `/api/v3/learn/projects/${id}/upload`, {
        method: "POST",
        token,
        form: projectForm(learnFile(), { version }),
      });
    expect((await upload(1)).status).toBe(200);
    await until(async () => (await db.select().from(learnRuns).where(eq(learnRuns.projectId, id))).length === 1);
    const [run] = await db.select().from(learnRuns).where(eq(learnRuns.projectId, id));
    expect(run).toMatchObject({ trigger: "ProjectChange", onlyChanged: false });
    await until(
      async () =>
        (
          await db
            .select()
            .from(learnRuns)
            .where(eq(learnRuns.id, run?.id ?? 0))
        )[0]?.state === "Ready",
    );
    await patchSetting(db, SETTING_KEYS.learnConfig, { createLearnJobOnProjectChange: false });
    try {
      expect((await upload(2)).status).toBe(200);
      expect(await db.select().from(learnRuns).where(eq(learnRuns.projectId, id))).toHaveLength(1);
    } finally {
      await patchSetting(db, SETTING_KEYS.learnConfig, { createLearnJobOnProjectChange: true });
    }
  });
});

/** A complete named cluster with one learned document (vector of the right kind), made in the database. */
async function postNamedCluster(project: { id: string; systemId: string }) {
  const db = await getDb();
  const { fitModel, embed } = await import("@/lib/learn/engine");
  const { toVectorBytes } = await import("@/lib/learn/vector-bytes");
  const { learnModels } = await import("@/db/schema");
  const texts = fixtureDocuments(["invoice", "delivery"], 3).map((d) => d.text);
  const model = fitModel(texts);
  await db.insert(learnModels).values({ projectId: project.id, model, documents: texts.length });
  const [cluster] = await db
    .insert(learnClusters)
    .values({ projectId: project.id, systemId: project.systemId, number: 1, name: "Invoices", complete: true })
    .returning();
  await db.insert(learnDocuments).values({
    projectId: project.id,
    systemId: project.systemId,
    file: "invoice.txt",
    text: texts[0] ?? "",
    pages: 1,
    clusterId: cluster?.id,
    vector: toVectorBytes(embed(model, texts[0] ?? "")),
    learnedAt: new Date(),
  });
}
