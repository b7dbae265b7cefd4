import { and, eq, inArray } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { PATCH as patchJob } from "@/app/api/jobs/[jobId]/route";
import { POST as postJob } from "@/app/api/jobs/route";
import { GET as downloadProject } from "@/app/api/projects/[projectId]/download/route";
import { GET as projectNamesRoute } from "@/app/api/systems/[systemId]/projectNames/route";
import { GET as downloadLearn } from "@/app/api/v3/learn/projects/[projectId]/download/route";
import { DELETE as deleteLearnRoute, GET as getLearnRoute } from "@/app/api/v3/learn/projects/[projectId]/route";
import { POST as uploadLearnRoute } from "@/app/api/v3/learn/projects/[projectId]/upload/route";
import { POST as addLearnRoute, GET as learnProjectsRoute } from "@/app/api/v3/learn/projects/route";
import { PUT as putMetadata } from "@/app/api/v3/projects/[projectId]/metadata/route";
import { DELETE as deleteProjectRoute, GET as getProjectRoute } from "@/app/api/v3/projects/[projectId]/route";
import { GET as getKey, POST as newKey } from "@/app/api/v3/projects/[projectId]/submissionKey/route";
import { POST as uploadProjectRoute } from "@/app/api/v3/projects/[projectId]/upload/route";
import { POST as addProjectRoute } from "@/app/api/v3/projects/route";
import { GET as learnListRoute } from "@/app/api/v3/systems/[systemId]/learnProjects/route";
import { GET as projectsListRoute } from "@/app/api/v3/systems/[systemId]/projects/route";
import { auditTrail, jobFiles, jobs, learnDocuments, licenceUsage, projects, systems } from "@/db/schema";
import { getDb } from "@/lib/db";
import { readStoredFile } from "@/lib/files/store";
import { readEsproject } from "@/lib/projects/esproject-zip";
import type { ProjectDocument } from "@/lib/projects/schemas";
import { claimJob } from "@/workers/jobs/claim";
import { JobPipeline } from "@/workers/jobs/pipeline";
import { finishJobs } from "@/workers/jobs/process/finish";
import { prepareJob } from "@/workers/jobs/process/prepare";
import { startJobs } from "@/workers/jobs/process/start";
import { stopWorkers } from "@/workers/runtime";
import { textPng } from "../fixtures/ocr-images";
import { sampleEsproject } from "../fixtures/project";
import { codes, supersystem, tokenOf } from "../helpers/api";
import { makeLicence, makeProject, makeSystem, makeUser, uniqueName } from "../helpers/factories";
import { call } from "../helpers/http";

afterAll(async () => {
  await stopWorkers();
});

/** A learn project file: type Learn, no document classes, the learn settings of DESIGN.md "Learn". */
const learnFile = (overrides: Partial<ProjectDocument> = {}) =>
  sampleEsproject({ type: "Learn", documentClasses: [], learn: { minClusterSize: 4, similarity: 0.55 }, ...overrides });

function upload(bytes: Uint8Array | null, meta: unknown) {
  const form = new FormData();
  if (bytes) form.append("esproject", new File([new Uint8Array(bytes)], "mail.esproject", { type: "application/zip" }));
  form.append("meta", JSON.stringify(meta));
  return form;
}

async function tenant(roles = ["ProjectManager"]) {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles });
  return { system, token: await tokenOf(system.name, user.name) };
}

async function addLearn(token: string, systemId: string, name = uniqueName("Mail"), file = learnFile()) {
  const res = await call(addLearnRoute, "/api/v3/learn/projects", {
    method: "POST",
    token,
    form: upload(file, { name, systemId }),
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { id: string; name: string; version: number };
}

describe("learn projects through the API", () => {
  it("a ProjectManager adds, lists, renames, locks, uploads, downloads and soft-deletes a learn project", async () => {
    const { system, token } = await tenant();
    const added = await call(addLearnRoute, "/api/v3/learn/projects/", {
      method: "POST",
      token,
      form: upload(learnFile(), { name: "  Incoming mail ", systemId: system.id }),
    });
    expect(added.status, added.text).toBe(200);
    expect(added.json).toMatchObject({
      name: "Incoming mail",
      systemId: system.id,
      systemName: system.name,
      version: 1,
      type: "Learn",
      updating: false,
      deletedAt: null,
      linkedProjectId: null,
      learn: { minClusterSize: 4, similarity: 0.55 },
    });
    const id = added.json.id as string;
    const extraction = await call(addProjectRoute, "/api/v3/projects", {
      method: "POST",
      token,
      form: upload(sampleEsproject(), { name: "Invoices", systemId: system.id }),
    });
    expect(extraction.status, extraction.text).toBe(200);

    // each list shows its own kind; the job filter's names both
    const learnList = await call(learnListRoute, `/api/v3/systems/${system.id}/learnProjects`, { token });
    expect(learnList.json.map((p: { name: string }) => p.name)).toEqual(["Incoming mail"]);
    const ownList = await call(learnProjectsRoute, "/api/v3/learn/projects", { token });
    expect(ownList.json.map((p: { id: string }) => p.id)).toEqual([id]);
    const extractionList = await call(projectsListRoute, `/api/v3/systems/${system.id}/projects`, { token });
    expect(extractionList.json.map((p: { name: string }) => p.name)).toEqual(["Invoices"]);
    expect((await call(projectNamesRoute, `/api/systems/${system.id}/projectNames`, { token })).json).toEqual([
      "Incoming mail",
      "Invoices",
    ]);
    // one name space for both kinds (a job names its project by name)
    const sameName = await call(addLearnRoute, "/api/v3/learn/projects", {
      method: "POST",
      token,
      form: upload(learnFile(), { name: "INVOICES", systemId: system.id }),
    });
    expect([sameName.status, codes(sameName.json)]).toEqual([409, ["ProjectNameExists"]]);

    // metadata: the name and the updating lock
    const locked = await call(putMetadata, `/api/v3/projects/${id}/metadata`, {
      method: "PUT",
      token,
      body: { name: " Mail room ", updating: true },
    });
    expect(locked.status, locked.text).toBe(200);
    expect(locked.json).toMatchObject({ id, name: "Mail room", updating: true, type: "Learn", deletedAt: null });
    const renamedOnly = await call(putMetadata, `/api/v3/projects/${id}/metadata`, {
      method: "PUT",
      token,
      body: { name: "Mail" },
    });
    expect(renamedOnly.json).toMatchObject({ name: "Mail", updating: true });

    // a new version: the version must match; a file of another kind is refused
    const v2 = await call(uploadLearnRoute, `/api/v3/learn/projects/${id}/upload`, {
      method: "POST",
      token,
      form: upload(learnFile({ learn: { similarity: 0.7 } }), { version: 1 }),
    });
    expect(v2.status, v2.text).toBe(200);
    expect(v2.json).toMatchObject({ version: 2, type: "Learn", learn: { similarity: 0.7 }, name: "Mail" });
    const stale = await call(uploadLearnRoute, `/api/v3/learn/projects/${id}/upload`, {
      method: "POST",
      token,
      form: upload(learnFile(), { version: 1 }),
    });
    expect([stale.status, codes(stale.json)]).toEqual([409, ["ProjectVersionMismatch"]]);
    const wrongKind = await call(uploadLearnRoute, `/api/v3/learn/projects/${id}/upload`, {
      method: "POST",
      token,
      form: upload(sampleEsproject(), { version: 2 }),
    });
    expect([wrongKind.status, codes(wrongKind.json)]).toEqual([400, ["projects_error_invalidFile"]]);
    expect(wrongKind.json.errors[0].messageParameter).toMatchObject({ problem: "wrongType", type: "Extraction" });

    const file = await call(downloadLearn, `/api/v3/learn/projects/${id}/download`, { token });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("Mail.esproject");
    const stored = await readStoredFile(`systems/${system.id}/projects/${id}/v2.esproject`);
    expect(readEsproject(new Uint8Array(stored)).document.learn).toEqual({ similarity: 0.7 });

    // the soft delete: the current version, once
    const wrongVersion = await call(deleteLearnRoute, `/api/v3/learn/projects/${id}`, {
      method: "DELETE",
      token,
      body: { version: 1 },
    });
    expect([wrongVersion.status, codes(wrongVersion.json)]).toEqual([409, ["ProjectVersionMismatch"]]);
    const deleted = await call(deleteLearnRoute, `/api/v3/learn/projects/${id}`, {
      method: "DELETE",
      token,
      body: { version: 2 },
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(Date.parse(deleted.json.deletedAt)).toBeGreaterThan(Date.now() - 60_000);

    // gone from the list, back with includeDeleted; still readable, its file still there
    expect((await call(learnListRoute, `/api/v3/systems/${system.id}/learnProjects`, { token })).json).toEqual([]);
    const withDeleted = await call(learnListRoute, `/api/v3/systems/${system.id}/learnProjects?includeDeleted=true`, { token });
    expect(withDeleted.json).toMatchObject([{ id, deletedAt: deleted.json.deletedAt }]);
    expect((await call(learnProjectsRoute, "/api/v3/learn/projects?includeDeleted=true", { token })).json).toHaveLength(1);
    expect((await call(getLearnRoute, `/api/v3/learn/projects/${id}`, { token })).json).toMatchObject({ id, version: 2 });
    expect((await call(downloadLearn, `/api/v3/learn/projects/${id}/download`, { token })).status).toBe(200);

    // … but changed no more
    const again = await call(deleteLearnRoute, `/api/v3/learn/projects/${id}`, { method: "DELETE", token, body: { version: 2 } });
    const rename = await call(putMetadata, `/api/v3/projects/${id}/metadata`, { method: "PUT", token, body: { name: "Other" } });
    const newVersion = await call(uploadLearnRoute, `/api/v3/learn/projects/${id}/upload`, {
      method: "POST",
      token,
      form: upload(learnFile(), { version: 2 }),
    });
    const key = await call(newKey, `/api/v3/projects/${id}/submissionKey`, { method: "POST", token });
    for (const refused of [again, rename, newVersion, key]) {
      expect([refused.status, codes(refused.json)], refused.text).toEqual([409, ["LearnProjectDeleted"]]);
    }
    expect((await call(getLearnRoute, `/api/v3/learn/projects/${id}`, { token })).json).toMatchObject({
      name: "Mail",
      version: 2,
    });

    const db = await getDb();
    const audit = await db.select().from(auditTrail).where(eq(auditTrail.projectId, id)).orderBy(auditTrail.id);
    expect(audit.map((a) => [a.category, a.operation])).toEqual([
      ["LearnProject", "Create"],
      ["LearnProject", "Update"],
      ["LearnProject", "Update"],
      ["LearnProject", "Update"],
      ["LearnProject", "Delete"],
    ]);
  });

  it("is read, renamed and deleted through spec §7's v3/projects/{id} calls too, each kind in its own way", async () => {
    const { system, token } = await tenant();
    const learn = await addLearn(token, system.id, "Inbox");
    const read = await call(getProjectRoute, `/api/v3/projects/${learn.id}`, { token });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toEqual({
      id: learn.id,
      name: "Inbox",
      systemId: system.id,
      systemName: system.name,
      version: 1,
      type: "Learn",
      updating: false,
      deletedAt: null,
      linkedProjectId: null,
      learn: { minClusterSize: 4, similarity: 0.55 },
    });
    const renamed = await call(putMetadata, `/api/v3/projects/${learn.id}/metadata`, {
      method: "PUT",
      token,
      body: { name: "Inbox 2", updating: true },
    });
    expect(renamed.json).toMatchObject({ name: "Inbox 2", updating: true });

    // DELETE v3/projects/{id} with the body of spec §7 soft-deletes a learn project: the version must match, once
    const stale = await call(deleteProjectRoute, `/api/v3/projects/${learn.id}`, {
      method: "DELETE",
      token,
      body: { version: 2, versionProperties: [] },
    });
    expect([stale.status, codes(stale.json)]).toEqual([409, ["ProjectVersionMismatch"]]);
    const deleted = await call(deleteProjectRoute, `/api/v3/projects/${learn.id}`, {
      method: "DELETE",
      token,
      body: { version: 1, versionProperties: [] },
    });
    expect(deleted.status, deleted.text).toBe(204);
    const after = await call(getProjectRoute, `/api/v3/projects/${learn.id}`, { token });
    expect(after.json).toMatchObject({ id: learn.id, name: "Inbox 2", type: "Learn" });
    expect(Date.parse(after.json.deletedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(downloadLearn, `/api/v3/learn/projects/${learn.id}/download`, { token })).status).toBe(200);
    const again = await call(deleteProjectRoute, `/api/v3/projects/${learn.id}`, {
      method: "DELETE",
      token,
      body: { version: 1 },
    });
    expect([again.status, codes(again.json)]).toEqual([409, ["LearnProjectDeleted"]]);

    // an extraction project keeps its shape and its hard delete
    const { project: extraction } = await makeProject({ systemId: system.id });
    const extractionRead = await call(getProjectRoute, `/api/v3/projects/${extraction.id}`, { token });
    expect(extractionRead.json).toMatchObject({ id: extraction.id, type: "Extraction", properties: expect.any(Array) });
    expect(extractionRead.json).not.toHaveProperty("deletedAt");
    const gone = await call(deleteProjectRoute, `/api/v3/projects/${extraction.id}`, {
      method: "DELETE",
      token,
      body: { version: 1 },
    });
    expect(gone.status, gone.text).toBe(204);
    expect((await call(getProjectRoute, `/api/v3/projects/${extraction.id}`, { token })).status).toBe(404);

    const db = await getDb();
    const audit = await db.select().from(auditTrail).where(eq(auditTrail.projectId, learn.id)).orderBy(auditTrail.id);
    expect(audit.map((a) => [a.category, a.operation])).toEqual([
      ["LearnProject", "Create"],
      ["LearnProject", "Update"],
      ["LearnProject", "Delete"],
    ]);
  });

  it("validates like project add (spec operations §5) and keeps the two kinds apart", async () => {
    const { system, token } = await tenant();
    const add = (bytes: Uint8Array | null, meta: unknown) =>
      call(addLearnRoute, "/api/v3/learn/projects", { method: "POST", token, form: upload(bytes, meta) });
    expect(codes((await add(learnFile(), { systemId: system.id })).json)).toEqual(["missingName"]);
    expect(codes((await add(learnFile(), { name: "X" })).json)).toEqual(["missingSystemId"]);
    expect(codes((await add(null, { name: "X", systemId: system.id })).json)).toEqual(["missingEsproject"]);
    const notZip = await add(new TextEncoder().encode("no zip"), { name: "X", systemId: system.id });
    expect(notZip.json.errors[0]).toMatchObject({ code: "projects_error_invalidFile", messageParameter: { problem: "notZip" } });
    // the learn settings are checked: a similarity above 1, an unknown member
    for (const learn of [{ similarity: 1.5 }, { minClusterSize: 1 }, { minClusterSize: 3, speed: 2 }]) {
      const bad = await add(learnFile({ learn: learn as ProjectDocument["learn"] }), { name: "X", systemId: system.id });
      expect(bad.json.errors[0], JSON.stringify(learn)).toMatchObject({
        code: "projects_error_invalidFile",
        messageParameter: { problem: "content" },
      });
    }
    // a learn project comes from a learn project file, an extraction project from any other
    const extractionFile = await add(sampleEsproject(), { name: "X", systemId: system.id });
    expect(extractionFile.json.errors[0].messageParameter).toMatchObject({ problem: "wrongType", expected: "learn" });
    const learnAsExtraction = await call(addProjectRoute, "/api/v3/projects", {
      method: "POST",
      token,
      form: upload(learnFile(), { name: "X", systemId: system.id }),
    });
    expect(learnAsExtraction.json.errors[0].messageParameter).toMatchObject({ problem: "wrongType", expected: "extraction" });
    expect(
      (await call(learnListRoute, `/api/v3/systems/${system.id}/learnProjects?includeDeleted=true`, { token })).json,
    ).toEqual([]);

    const learn = await addLearn(token, system.id);
    const { project: extraction } = await makeProject({ systemId: system.id });
    // the extraction project's own calls do not know learn projects, the learn calls not extraction projects
    const extractionUpload = await call(uploadProjectRoute, `/api/v3/projects/${learn.id}/upload`, {
      method: "POST",
      token,
      form: upload(learnFile(), { version: 1 }),
    });
    expect(codes(extractionUpload.json)).toEqual(["ProjectNotFound"]);
    expect((await call(downloadProject, `/api/projects/${learn.id}/download`, { token })).status).toBe(404);
    expect(codes((await call(getLearnRoute, `/api/v3/learn/projects/${extraction.id}`, { token })).json)).toEqual([
      "ProjectNotFound",
    ]);
    const softDeleteExtraction = await call(deleteLearnRoute, `/api/v3/learn/projects/${extraction.id}`, {
      method: "DELETE",
      token,
      body: { version: 1 },
    });
    expect(codes(softDeleteExtraction.json)).toEqual(["ProjectNotFound"]);
    // only learn projects have the updating lock
    const lockExtraction = await call(putMetadata, `/api/v3/projects/${extraction.id}/metadata`, {
      method: "PUT",
      token,
      body: { name: extraction.name, updating: true },
    });
    expect([lockExtraction.status, lockExtraction.json.errors[0].messageParameter]).toEqual([
      400,
      { field: "updating", reason: "only learn projects have an updating lock" },
    ]);
    // both kinds have a submission key
    expect((await call(getKey, `/api/v3/projects/${learn.id}/submissionKey`, { token })).json.submissionKey).toEqual(
      expect.any(String),
    );
  });

  it("is refused to other roles (403) and other tenants (404, as if unknown); a deputy may", async () => {
    const { system, token } = await tenant(["Administrator"]);
    const learn = await addLearn(token, system.id);
    const jobCreator = await makeUser({ systemId: system.id, roles: ["JobCreator", "JobManager"] });
    const own = await tokenOf(system.name, jobCreator.name);
    const foreign = (await tenant(["Administrator"])).token;
    const calls = [
      { handler: learnListRoute, path: `/api/v3/systems/${system.id}/learnProjects`, notFound: "SystemNotFound" },
      { handler: learnProjectsRoute, path: `/api/v3/learn/projects?systemId=${system.id}`, notFound: "SystemNotFound" },
      { handler: getLearnRoute, path: `/api/v3/learn/projects/${learn.id}`, notFound: "ProjectNotFound" },
      { handler: getProjectRoute, path: `/api/v3/projects/${learn.id}`, notFound: "ProjectNotFound" },
      {
        handler: deleteProjectRoute,
        path: `/api/v3/projects/${learn.id}`,
        method: "DELETE",
        body: { version: 1 },
        notFound: "ProjectNotFound",
      },
      { handler: downloadLearn, path: `/api/v3/learn/projects/${learn.id}/download`, notFound: "ProjectNotFound" },
      {
        handler: deleteLearnRoute,
        path: `/api/v3/learn/projects/${learn.id}`,
        method: "DELETE",
        body: { version: 1 },
        notFound: "ProjectNotFound",
      },
      {
        handler: putMetadata,
        path: `/api/v3/projects/${learn.id}/metadata`,
        method: "PUT",
        body: { name: "Taken over", updating: true },
        notFound: "ProjectNotFound",
      },
      {
        handler: uploadLearnRoute,
        path: `/api/v3/learn/projects/${learn.id}/upload`,
        method: "POST",
        form: () => upload(learnFile(), { version: 1 }),
        notFound: "ProjectNotFound",
      },
      {
        handler: addLearnRoute,
        path: "/api/v3/learn/projects",
        method: "POST",
        form: () => upload(learnFile(), { name: "Intruder", systemId: system.id }),
        notFound: "SystemNotFound",
      },
    ] as const;
    for (const c of calls) {
      const options = (t: string) => ({
        method: "method" in c ? c.method : "GET",
        token: t,
        ...("body" in c ? { body: c.body } : {}),
        ...("form" in c ? { form: c.form() } : {}),
      });
      const asOwn = await call(c.handler, c.path, options(own));
      expect([asOwn.status, codes(asOwn.json)], `${c.path} as JobCreator`).toEqual([403, ["AccessDenied"]]);
      const asForeign = await call(c.handler, c.path, options(foreign));
      expect([asForeign.status, codes(asForeign.json)], `${c.path} from another system`).toEqual([404, [c.notFound]]);
      expect(asForeign.text).not.toContain(system.name);
    }
    // nothing changed; a SuperAdmin of the Supersystem works in the tenant as its deputy
    expect((await call(getLearnRoute, `/api/v3/learn/projects/${learn.id}`, { token })).json).toMatchObject({
      name: learn.name,
      version: 1,
      updating: false,
      deletedAt: null,
    });
    const sup = await supersystem();
    const admin = await makeUser({ systemId: sup.id, roles: ["SuperAdmin"] });
    const deputy = await tokenOf(sup.name, admin.name);
    const list = await call(learnProjectsRoute, `/api/v3/learn/projects?systemId=${system.id}`, { token: deputy });
    expect(list.json.map((p: { id: string }) => p.id)).toEqual([learn.id]);
    const deleted = await call(deleteLearnRoute, `/api/v3/learn/projects/${learn.id}`, {
      method: "DELETE",
      token: deputy,
      body: { version: 1 },
    });
    expect(deleted.status, deleted.text).toBe(200);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.projectId, learn.id), eq(auditTrail.operation, "Delete")));
    expect(row).toMatchObject({ category: "LearnProject", username: admin.name, deputy: system.name });
  });
});

/** A two-page PDF with a text layer (pdf-lib's standard font). */
async function letterPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText("Dear Sir or Madam, your parcel arrives tomorrow.", { x: 50, y: 780, size: 12, font });
  pdf.addPage([595, 842]).drawText("Yours sincerely, the parcel service", { x: 50, y: 780, size: 12, font });
  return pdf.save();
}

function jobForm(files: File[], meta?: unknown) {
  const form = new FormData();
  for (const f of files) form.append("file", f);
  if (meta) form.append("meta", JSON.stringify(meta));
  return form;
}

describe("jobs posted to a learn project", () => {
  it("are extracted as usual but not classified; each document is kept for learning with the job's end", async () => {
    const db = await getDb();
    const { system, token } = await tenant(["ProjectManager", "JobCreator", "JobManager"]);
    const learn = await addLearn(token, system.id, "Post", learnFile({ documentClasses: sampleDocumentClasses() }));
    const key = (await call(getKey, `/api/v3/projects/${learn.id}/submissionKey`, { token })).json.submissionKey as string;
    const posted = await call(postJob, `/api/jobs?auth=${key}`, {
      method: "POST",
      form: jobForm([
        new File(["INVOICE\nInvoice No. INV-7\nAmount due\nTotal: EUR 12,00\n"], "invoice.txt", { type: "text/plain" }),
        new File([new Uint8Array(await letterPdf())], "letter.pdf", { type: "application/pdf" }),
        new File([new Uint8Array(textPng(["PARCEL NOTICE", "Collect at the depot"]))], "notice.png", { type: "image/png" }),
      ]),
    });
    expect(posted.status, posted.text).toBe(200);
    const jobId = posted.json.id as number;
    const pipeline = new JobPipeline("learn-test-worker");
    expect(await pipeline.deliver(db, jobId)).toBe("Ready");
    await pipeline.idle();

    const kept = await db.select().from(learnDocuments).where(eq(learnDocuments.jobId, jobId)).orderBy(learnDocuments.id);
    expect(kept.map((d) => [d.file, d.pages, d.projectId, d.systemId, d.learnedAt, d.clusterId, d.vector])).toEqual([
      ["invoice.txt", 1, learn.id, system.id, null, null, null],
      ["letter.pdf", 2, learn.id, system.id, null, null, null],
      ["notice.png", 1, learn.id, system.id, null, null, null],
    ]);
    // the text as read: from the text file, the PDF's text layer and the image's OCR
    expect(kept[0]?.text).toBe("INVOICE\nInvoice No. INV-7\nAmount due\nTotal: EUR 12,00\n");
    expect(kept[1]?.text).toContain("your parcel arrives tomorrow");
    expect(kept[2]?.text.toUpperCase()).toContain("PARCEL NOTICE");

    // result.json: extracted, not classified (the file's classes would have made the invoice an Invoice)
    const files = await db.select().from(jobFiles).where(eq(jobFiles.jobId, jobId));
    const result = JSON.parse((await readStoredFile(files.find((f) => f.kind === "result")?.path ?? "")).toString("utf8")) as {
      learn: boolean;
      documents: { file: string; class: string | null; confidence: number | null; fields: object }[];
    };
    expect(result.learn).toBe(true);
    expect(result.documents.map((d) => [d.file, d.class, d.confidence, d.fields])).toEqual([
      ["invoice.txt", null, null, {}],
      ["letter.pdf", null, null, {}],
      ["notice.png", null, null, {}],
    ]);
    // each document's reading-order text and layout text
    expect(files.filter((f) => f.kind === "work")).toHaveLength(6);

    // a restart replaces the job's documents (as it replaces its work and result files)
    const restart = await call(patchJob, `/api/jobs/${jobId}`, { method: "PATCH", token, body: { state: "Waiting" } });
    expect(restart.status, restart.text).toBe(200);
    expect(await pipeline.deliver(db, jobId, 1)).toBe("Ready");
    await pipeline.idle();
    const again = await db.select().from(learnDocuments).where(eq(learnDocuments.jobId, jobId));
    expect(again.map((d) => d.file).sort()).toEqual(["invoice.txt", "letter.pdf", "notice.png"]);
    expect(again.some((d) => kept.some((k) => k.id === d.id))).toBe(false);

    // the documents outlive their job (CleanUpLearnJobs may purge it)
    await db.delete(jobs).where(eq(jobs.id, jobId));
    const orphans = await db
      .select()
      .from(learnDocuments)
      .where(
        inArray(
          learnDocuments.id,
          again.map((d) => d.id),
        ),
      );
    expect(orphans.map((d) => d.jobId)).toEqual([null, null, null]);
    // … and go with their project (here: with its system)
    const { system: other } = await tenant();
    const { project } = await makeProject({ systemId: other.id, type: "Learn" });
    const [written] = await db
      .insert(learnDocuments)
      .values({
        projectId: project.id,
        systemId: other.id,
        file: "a.txt",
        text: "a",
        pages: 1,
        vector: new Uint8Array([1, 2, 250]),
      })
      .returning();
    expect(Array.from(written?.vector ?? [])).toEqual([1, 2, 250]);
    await db.delete(projects).where(eq(projects.id, project.id));
    expect(await db.select().from(learnDocuments).where(eq(learnDocuments.projectId, project.id))).toEqual([]);
  }, 120_000);

  it("count LearnDocuments against the licence: a job beyond the limit ends in Error, keeps nothing, takes no pages", async () => {
    const db = await getDb();
    const { system, token } = await tenant(["ProjectManager", "JobCreator", "JobManager"]);
    const licence = await makeLicence({
      features: [
        { id: "Pages", status: "Limited", limit: 1000, expiration: null },
        { id: "LearnDocuments", status: "Limited", limit: 3, expiration: null },
      ],
    });
    await db.update(systems).set({ licenceId: licence?.id }).where(eq(systems.id, system.id));
    const learn = await addLearn(token, system.id);
    const key = (await call(getKey, `/api/v3/projects/${learn.id}/submissionKey`, { token })).json.submissionKey as string;
    const letters = (n: number) =>
      Array.from({ length: n }, (_, i) => new File([`Dear customer ${i}, thank you.`], `letter${i}.txt`, { type: "text/plain" }));
    const usage = async () =>
      Object.fromEntries(
        (
          await db
            .select()
            .from(licenceUsage)
            .where(eq(licenceUsage.licenceId, licence?.id ?? ""))
        ).map((u) => [u.featureId, u.count]),
      );
    const pipeline = new JobPipeline("learn-test-licence");

    const first = (await call(postJob, `/api/jobs?auth=${key}`, { method: "POST", form: jobForm(letters(2)) })).json.id as number;
    expect(await pipeline.deliver(db, first)).toBe("Ready");
    expect(await usage()).toEqual({ LearnDocuments: 2, Pages: 2 });

    // two more documents would make four of three
    const second = (await call(postJob, `/api/jobs?auth=${key}`, { method: "POST", form: jobForm(letters(2)) })).json
      .id as number;
    expect(await pipeline.deliver(db, second)).toBe("Error");
    await pipeline.idle();
    const [job] = await db.select().from(jobs).where(eq(jobs.id, second));
    expect([job?.errorCode, job?.errorParams]).toEqual(["LicenceLimitReached", { feature: "LearnDocuments" }]);
    expect(await db.select().from(learnDocuments).where(eq(learnDocuments.jobId, second))).toEqual([]);
    expect(await usage()).toEqual({ LearnDocuments: 2, Pages: 2 });

    // one more fits
    const third = (await call(postJob, `/api/jobs?auth=${key}`, { method: "POST", form: jobForm(letters(1)) })).json.id as number;
    expect(await pipeline.deliver(db, third)).toBe("Ready");
    await pipeline.idle();
    expect(await usage()).toEqual({ LearnDocuments: 3, Pages: 3 });
  }, 120_000);

  it("a soft-deleted learn project takes no jobs; jobs it had taken end in Error, its documents stay", async () => {
    const db = await getDb();
    const { system, token } = await tenant(["ProjectManager", "JobCreator", "JobManager"]);
    const learn = await addLearn(token, system.id);
    const key = (await call(getKey, `/api/v3/projects/${learn.id}/submissionKey`, { token })).json.submissionKey as string;
    const text = () => [new File(["Dear customer, thank you."], "letter.txt", { type: "text/plain" })];
    const done = (await call(postJob, `/api/jobs?auth=${key}`, { method: "POST", form: jobForm(text()) })).json.id as number;
    const pipeline = new JobPipeline("learn-test-deleted");
    expect(await pipeline.deliver(db, done)).toBe("Ready");
    await pipeline.idle();
    const before = await db.select().from(learnDocuments).where(eq(learnDocuments.jobId, done));
    expect(before.map((d) => d.text)).toEqual(["Dear customer, thank you."]);
    // taken, not yet worked on when the project is deleted
    const byName = await call(postJob, "/api/jobs", {
      method: "POST",
      token,
      form: jobForm(text(), { projectName: learn.name }),
    });
    expect(byName.status, byName.text).toBe(200);
    const waiting = byName.json.id as number;

    const deleted = await call(deleteLearnRoute, `/api/v3/learn/projects/${learn.id}`, {
      method: "DELETE",
      token,
      body: { version: 1 },
    });
    expect(deleted.status, deleted.text).toBe(200);
    for (const refused of [
      await call(postJob, `/api/jobs?auth=${key}`, { method: "POST", form: jobForm(text()) }),
      await call(postJob, "/api/jobs", { method: "POST", token, form: jobForm(text(), { projectId: learn.id }) }),
      await call(postJob, "/api/jobs", { method: "POST", token, form: jobForm(text(), { projectName: learn.name }) }),
    ]) {
      expect([refused.status, codes(refused.json)]).toEqual([409, ["LearnProjectDeleted"]]);
    }

    expect(await pipeline.deliver(db, waiting)).toBe("Error");
    await pipeline.idle();
    const [job] = await db.select().from(jobs).where(eq(jobs.id, waiting));
    expect(job).toMatchObject({ state: "Error", errorCode: "LearnProjectDeleted", errorParams: { name: learn.name } });
    expect(await db.select().from(learnDocuments).where(eq(learnDocuments.jobId, waiting))).toEqual([]);
    // a restart of a job it had finished ends in Error too, and leaves the documents it kept
    const restart = await call(patchJob, `/api/jobs/${done}`, { method: "PATCH", token, body: { state: "Waiting" } });
    expect(restart.status, restart.text).toBe(200);
    expect(await pipeline.deliver(db, done, 1)).toBe("Error");
    await pipeline.idle();
    expect(await db.select().from(learnDocuments).where(eq(learnDocuments.projectId, learn.id))).toEqual(before);
  });

  it("a learn project deleted while its job is worked on takes no documents: the job ends in Error", async () => {
    const db = await getDb();
    const { system, token } = await tenant(["ProjectManager", "JobCreator", "JobManager"]);
    const learn = await addLearn(token, system.id);
    const posted = await call(postJob, "/api/jobs", {
      method: "POST",
      token,
      form: jobForm([new File(["Dear customer"], "a.txt", { type: "text/plain" })], { projectId: learn.id, priority: 10 }),
    });
    const claim = await claimJob(db, { workerId: "learn-race", jobId: posted.json.id });
    if (!claim) throw new Error("no claim");
    const prepared = await prepareJob(claim, await startJobs(db, [claim]));
    expect(prepared).toMatchObject({ state: "Ready", kept: [{ file: "a.txt", text: "Dear customer", pages: 1 }] });
    expect((await readStoredFile(`${prepared.attemptDir}/result-result.json`)).byteLength).toBeGreaterThan(0);
    const deleted = await call(deleteLearnRoute, `/api/v3/learn/projects/${learn.id}`, {
      method: "DELETE",
      token,
      body: { version: 1 },
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await finishJobs(db, [prepared])).toEqual(["Error"]);
    const [job] = await db.select().from(jobs).where(eq(jobs.id, claim.job.id));
    expect(job).toMatchObject({ state: "Error", errorCode: "LearnProjectDeleted" });
    expect(await db.select().from(learnDocuments).where(eq(learnDocuments.jobId, claim.job.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(jobFiles)
        .where(and(eq(jobFiles.jobId, claim.job.id), eq(jobFiles.kind, "result"))),
    ).toEqual([]);
    await expect(readStoredFile(`${prepared.attemptDir}/result-result.json`)).rejects.toThrow();
  });
});

function sampleDocumentClasses(): ProjectDocument["documentClasses"] {
  return [{ name: "Invoice", keywords: ["invoice", "amount due"], patterns: ["invoice\\s+no"], fields: [] }];
}
