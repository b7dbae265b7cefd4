import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { POST as postJob } from "@/app/api/jobs/route";
import { POST as addProjectRoute } from "@/app/api/v3/projects/route";
import { jobFiles, jobs } from "@/db/schema";
import { getDb } from "@/lib/db";
import { readStoredFile } from "@/lib/files/store";
import { writeEsproject } from "@/lib/projects/esproject-zip";
import type { ProjectDocument } from "@/lib/projects/schemas";
import { JobPipeline } from "@/workers/jobs/pipeline";
import { tokenOf } from "./api";
import { makeSystem, makeUser } from "./factories";
import { call } from "./http";

/** A new system with a user who may add projects and post jobs, and that user's token. */
export async function projectTenant() {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles: ["ProjectManager", "JobCreator"] });
  return { system, token: await tokenOf(system.name, user.name) };
}

/** The form of POST v3/projects (and of a new version's upload): the project file written from `document`, `meta`. */
export function projectForm(document: unknown, meta: unknown, fileName = "project.esproject"): FormData {
  const form = new FormData();
  const bytes = writeEsproject(document as ProjectDocument);
  form.append("esproject", new File([new Uint8Array(bytes)], fileName, { type: "application/zip" }));
  form.append("meta", JSON.stringify(meta));
  return form;
}

/**
 * A new tenant (projectTenant) adds a project of `document` through POST v3/projects: the answer, the tenant's token and
 * its system. `name` is the project's (a random one by default).
 */
export async function addedProject(document: unknown, name = `Invoices ${Math.random().toString(36).slice(2, 8)}`) {
  const { system, token } = await projectTenant();
  const added = await call(addProjectRoute, "/api/v3/projects", {
    method: "POST",
    token,
    form: projectForm(document, { name, systemId: system.id }),
  });
  return { token, added, system };
}

type Posted = { token: string; projectId: string; file: File; worker?: string };

/**
 * A job of one file posted through POST /api/jobs and processed by a pipeline of its own: its result.json and a reader
 * of its files by kind and name. Jobs other tests left waiting are removed first, so the pipeline takes this one.
 */
export async function processedJob({ token, projectId, file, worker = "test-worker" }: Posted) {
  const db = await getDb();
  await db.update(jobs).set({ state: "Removed", deleted: new Date() }).where(eq(jobs.state, "Waiting"));
  const form = new FormData();
  form.append("file", file);
  form.append("meta", JSON.stringify({ projectId }));
  const posted = await call(postJob, "/api/jobs", { method: "POST", token, form });
  expect(posted.status, posted.text).toBe(200);
  const pipeline = new JobPipeline(worker);
  await pipeline.deliver(db, posted.json.id);
  await pipeline.idle();
  const files = await db.select().from(jobFiles).where(eq(jobFiles.jobId, posted.json.id));
  const read = async (kind: string, name: string) => {
    const found = files.find((f) => f.kind === kind && f.name === name);
    if (!found) throw new Error(`no ${kind} file ${name} among ${files.map((f) => f.name).join(", ")}`);
    return (await readStoredFile(found.path)).toString("utf8");
  };
  return { result: JSON.parse(await read("result", "result.json")), files, read };
}

/** The first document of the result.json of one file posted and processed (processedJob). */
export async function processedDocument(posted: Posted) {
  return (await processedJob(posted)).result.documents[0];
}
