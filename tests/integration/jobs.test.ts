import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as getFile } from "@/app/api/jobs/[jobId]/files/[kind]/[fileName]/route";
import { GET as getJob } from "@/app/api/jobs/[jobId]/route";
import { POST as postJob } from "@/app/api/jobs/route";
import { jobLogs, jobMetrics, jobs } from "@/db/schema";
import { getDb } from "@/lib/db";
import { patchServiceConfig } from "@/lib/settings/store";
import { claimJob } from "@/workers/jobs/claim";
import { JobPipeline } from "@/workers/jobs/pipeline";
import { finishJobs } from "@/workers/jobs/process/finish";
import { prepareJob } from "@/workers/jobs/process/prepare";
import { startJobs } from "@/workers/jobs/process/start";
import { stopWorkers } from "@/workers/runtime";
import { codes, tokenOf } from "../helpers/api";
import { makeLicence, makeProject, makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

const INVOICE = "INVOICE\nInvoice No. INV-2024-001\nAmount due\nTotal: EUR 1.234,56\nDate: 2025-03-15\n";
const LETTER = "Dear Mrs Smith,\nSubject: Your order\nthank you for your letter.\nYours sincerely\nJohn";

afterAll(async () => {
  await stopWorkers();
});

function order(files: { name: string; text: string; type?: string }[], meta?: unknown) {
  const form = new FormData();
  for (const f of files) form.append("file", new File([f.text], f.name, { type: f.type ?? "text/plain" }));
  if (meta !== undefined) form.append("meta", JSON.stringify(meta));
  return form;
}

async function setup(roles = ["JobCreator"]) {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles });
  const { project, submissionKey } = await makeProject({ systemId: system.id });
  return { system, user, project, submissionKey, token: await tokenOf(system.name, user.name) };
}

/** Runs the queue in this process until it is empty: the job pipeline of a worker, as the in-process runner drives it. */
async function drain() {
  const db = await getDb();
  const pipeline = new JobPipeline("test-worker");
  while (await pipeline.runNext(db)) {
    // each round works on the claimed jobs or claims the next
  }
  await pipeline.idle();
}

describe("POST /api/jobs", () => {
  it("a JobCreator posts text documents; the job ends Ready with result.json and the extracted text", async () => {
    const { project, token } = await setup();
    const res = await call(postJob, "/api/jobs", {
      method: "POST",
      token,
      form: order(
        [
          { name: "invoice.txt", text: INVOICE },
          { name: "letter.txt", text: LETTER },
        ],
        { projectName: project.name.toUpperCase(), client: "erp", priority: 7 },
      ),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ state: "Waiting", project: project.name, client: "erp", priority: 7 });
    expect(res.json.orderFiles.map((f: { name: string }) => f.name)).toEqual(["invoice.txt", "letter.txt"]);
    expect(res.json.auth).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await drain();
    const job = await call(getJob, `/api/jobs/${res.json.id}?auth=${res.json.auth}`);
    expect(job.status).toBe(200);
    expect(job.json.state).toBe("Ready");
    expect(job.json.resultFiles.map((f: { name: string }) => f.name)).toEqual(["result.json"]);
    // the work file of a text order file keeps its name (not invoice.txt.txt)
    expect(job.json.workFiles.map((f: { name: string }) => f.name).sort()).toEqual([
      "invoice.layout.txt",
      "invoice.txt",
      "letter.layout.txt",
      "letter.txt",
    ]);

    const result = await call(getFile, `/api/jobs/${res.json.id}/files/result/result.json?auth=${res.json.auth}`);
    expect(result.status).toBe(200);
    const docs = result.json.documents as {
      file: string;
      workFile: string;
      class: string;
      fields: Record<string, unknown>;
      pages: number;
    }[];
    expect(docs.find((d) => d.file === "invoice.txt")).toMatchObject({
      class: "Invoice",
      pages: 1,
      fields: { invoiceNumber: "INV-2024-001", total: 1234.56 },
    });
    expect(docs.find((d) => d.file === "letter.txt")).toMatchObject({ class: "Letter", fields: { subject: "Your order" } });
    // result.json names each document's work file, and that file holds its text
    expect(docs.map((d) => [d.file, d.workFile]).sort()).toEqual([
      ["invoice.txt", "invoice.txt"],
      ["letter.txt", "letter.txt"],
    ]);
    const text = await call(getFile, `/api/jobs/${res.json.id}/files/work/invoice.txt?auth=${res.json.auth}`);
    expect(text.text).toContain("INV-2024-001");

    const db = await getDb();
    const [metrics] = await db.select().from(jobMetrics).where(eq(jobMetrics.jobId, res.json.id));
    expect(metrics).toMatchObject({ documents: 2, pages: 2, success: true });
    expect(metrics?.bytesIn).toBe(Buffer.byteLength(INVOICE) + Buffer.byteLength(LETTER));
    expect(await db.select().from(jobLogs).where(eq(jobLogs.jobId, res.json.id))).not.toHaveLength(0);
  });

  it("takes the project's submission key instead of a token; a wrong key is 401 InvalidAuthKey", async () => {
    const { submissionKey, project } = await setup();
    const ok = await call(postJob, `/api/jobs?auth=${submissionKey}`, {
      method: "POST",
      form: order([{ name: "a.txt", text: INVOICE }]),
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.project).toBe(project.name);
    const bad = await call(postJob, "/api/jobs?auth=wrong-key", {
      method: "POST",
      form: order([{ name: "a.txt", text: INVOICE }]),
    });
    expect(bad.status).toBe(401);
    expect(codes(bad.json)).toEqual(["InvalidAuthKey"]);
  });

  it("refuses users without JobCreator or ManageJobs, foreign projects, no files, no project and bad meta", async () => {
    const { project, token } = await setup(["MonitorUser"]);
    expect(
      (
        await call(postJob, "/api/jobs", {
          method: "POST",
          token,
          form: order([{ name: "a.txt", text: "x" }], { projectId: project.id }),
        })
      ).status,
    ).toBe(403);
    const other = await setup();
    const foreign = await call(postJob, "/api/jobs", {
      method: "POST",
      token: other.token,
      form: order([{ name: "a.txt", text: "x" }], { projectId: project.id }),
    });
    expect(foreign.status).toBe(404);
    expect(codes(foreign.json)).toEqual(["ProjectNotFound"]);
    const none = await call(postJob, "/api/jobs", {
      method: "POST",
      token: other.token,
      form: order([], { projectId: other.project.id }),
    });
    expect(codes(none.json)).toEqual(["JobNoOrderFiles"]);
    const noProject = await call(postJob, "/api/jobs", {
      method: "POST",
      token: other.token,
      form: order([{ name: "a.txt", text: "x" }]),
    });
    expect(codes(noProject.json)).toEqual(["MissingProject"]);
    const badMeta = await call(postJob, "/api/jobs", {
      method: "POST",
      token: other.token,
      form: order([{ name: "a.txt", text: "x" }], { projectId: other.project.id, priority: 11 }),
    });
    expect(badMeta.status).toBe(400);
    const notMultipart = await call(postJob, "/api/jobs", {
      method: "POST",
      token: other.token,
      body: { projectId: other.project.id },
    });
    expect(codes(notMultipart.json)).toEqual(["InvalidMultipart"]);
    expect((await call(postJob, "/api/jobs", { method: "POST", form: order([{ name: "a.txt", text: "x" }]) })).status).toBe(401);
  });
});

describe("reading a job", () => {
  it("its auth key or a job manager of its system read it; others get 404", async () => {
    const { project, token, system } = await setup();
    const created = await call(postJob, "/api/jobs", {
      method: "POST",
      token,
      form: order([{ name: "a.txt", text: INVOICE }], { projectId: project.id }),
    });
    const id = created.json.id as number;
    expect((await call(getJob, `/api/jobs/${id}?auth=${created.json.auth}`)).status).toBe(200);
    expect((await call(getJob, `/api/jobs/${id}?auth=nope`)).status).toBe(404);
    const manager = await makeUser({ systemId: system.id, roles: ["JobManager"] });
    expect((await call(getJob, `/api/jobs/${id}`, { token: await tokenOf(system.name, manager.name) })).status).toBe(200);
    const stranger = await setup(["JobManager"]);
    expect((await call(getJob, `/api/jobs/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await call(getJob, `/api/jobs/${id}`)).status).toBe(401);
    expect((await call(getJob, "/api/jobs/abc", { token })).status).toBe(400);
    const missingFile = await call(getFile, `/api/jobs/${id}/files/order/nope.txt?auth=${created.json.auth}`);
    expect(missingFile.status).toBe(404);
  });
});

describe("the queue", () => {
  it("claims by priority, then age; a claim is taken once; an expired lease is taken again and its late result refused", async () => {
    const db = await getDb();
    const { project, token } = await setup();
    const post = (priority: number) =>
      call(postJob, "/api/jobs", {
        method: "POST",
        token,
        form: order([{ name: "a.txt", text: INVOICE }], { projectId: project.id, priority }),
      });
    await drain();
    const low = (await post(2)).json.id as number;
    const high = (await post(9)).json.id as number;
    const first = await claimJob(db, { workerId: "w1" });
    expect(first?.job.id).toBe(high);
    const second = await claimJob(db, { workerId: "w2" });
    expect(second?.job.id).toBe(low);
    expect(await claimJob(db, { workerId: "w3" })).toBeNull();

    // w1 "dies": its lease runs out, w3 takes the job again and finishes it; w1's late end is refused
    await db
      .update(jobs)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, high));
    expect(await new JobPipeline("w3").deliver(db, high)).toBe("Ready");
    if (!first) throw new Error("no claim");
    expect(await finishJobs(db, [await prepareJob(first, await startJobs(db, [first]))])).toEqual(["lost"]);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, high));
    expect(row).toMatchObject({ state: "Ready", workerProcessId: "w3", attempts: 2 });
    await db
      .update(jobs)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, low));
    await drain();
  });

  it("maintenance mode stops claiming without a restart", async () => {
    const db = await getDb();
    const { project, token } = await setup();
    await drain();
    const created = await call(postJob, "/api/jobs", {
      method: "POST",
      token,
      form: order([{ name: "a.txt", text: INVOICE }], { projectId: project.id }),
    });
    await patchServiceConfig(db, { isMaintenanceModeEnabled: true });
    try {
      expect(await new JobPipeline("w").runNext(db)).toBe(false);
      expect((await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, created.json.id)))[0]?.state).toBe("Waiting");
    } finally {
      await patchServiceConfig(db, { isMaintenanceModeEnabled: false });
    }
    expect(await new JobPipeline("w").deliver(db, created.json.id)).toBe("Ready");
  });

  it("a job beyond the system's licence limit ends in Error with LicenceLimitReached", async () => {
    const db = await getDb();
    const licence = await makeLicence({ features: [{ id: "Pages", status: "Limited", limit: 1, expiration: null }] });
    const system = await makeSystem({ licenceId: licence?.id });
    const user = await makeUser({ systemId: system.id, roles: ["JobCreator"] });
    const { project } = await makeProject({ systemId: system.id });
    const token = await tokenOf(system.name, user.name);
    await drain();
    const post = () =>
      call(postJob, "/api/jobs", {
        method: "POST",
        token,
        form: order([{ name: "a.txt", text: INVOICE }], { projectId: project.id }),
      });
    const one = (await post()).json.id as number;
    expect(await new JobPipeline("w").deliver(db, one)).toBe("Ready");
    const two = (await post()).json.id as number;
    expect(await new JobPipeline("w").deliver(db, two)).toBe("Error");
    const [row] = await db.select().from(jobs).where(eq(jobs.id, two));
    expect(row).toMatchObject({ state: "Error", errorCode: "LicenceLimitReached", errorParams: { feature: "Pages" } });
    // the log keeps each line as a code with parameters (the portal translates it) and as English text
    const lines = (id: number) => db.select().from(jobLogs).where(eq(jobLogs.jobId, id)).orderBy(jobLogs.id);
    expect((await lines(one)).map((l) => l.code)).toEqual(["JobStarted", "JobReady"]);
    expect((await lines(one))[1]).toMatchObject({
      params: { documents: 1, pages: 1 },
      message: "ready: 1 document(s), 1 page(s)",
    });
    expect((await lines(two)).at(-1)).toMatchObject({
      level: "Error",
      code: "JobFailed",
      params: { code: "LicenceLimitReached", feature: "Pages" },
      message: "LicenceLimitReached: The licence does not allow more of Pages.",
    });
    const answered = await call(getJob, `/api/jobs/${two}`, { token });
    expect(answered.json).toMatchObject({ errorCode: "LicenceLimitReached", errorParams: { feature: "Pages" } });
  });
});

describe("the job list and job changes", () => {
  it("searches by the parameters of spec operations §3, sorts, pages, and hides removed jobs", async () => {
    const { GET: searchRoute } = await import("@/app/api/v3/systems/[systemId]/jobs/route");
    const { GET: oldList } = await import("@/app/api/systems/[systemId]/jobs/route");
    const { DELETE: deleteJob, PATCH: patchJob } = await import("@/app/api/jobs/[jobId]/route");
    const { PATCH: patchMany, DELETE: deleteMany } = await import("@/app/api/jobs/route");
    const { system, project, user } = await setup(["JobManager"]);
    const token = await tokenOf(system.name, user.name);
    const ids: number[] = [];
    for (const [client, priority] of [
      ["alpha", 3],
      ["beta", 8],
      ["alphabet", 5],
    ] as const) {
      const res = await call(postJob, "/api/jobs", {
        method: "POST",
        token,
        form: order([{ name: "a.txt", text: INVOICE }], { projectId: project.id, client, priority }),
      });
      ids.push(res.json.id);
    }
    const search = (q: string) => call(searchRoute, `/api/v3/systems/${system.id}/jobs?${q}`, { token });
    const all = (await search("")).json;
    expect(all).toMatchObject({ totalCount: 3, totalCountExact: true });
    // each item carries its system and its files (read in the page's own statement)
    expect(all.items[0]).toMatchObject({
      system: system.name,
      orderFiles: [{ name: "a.txt", mediaType: "text/plain", size: INVOICE.length, isMultiPageFile: false }],
      resultFiles: [],
      workFiles: [],
    });
    expect((await search("client=alpha")).json.items.map((j: { id: number }) => j.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect((await search("orderBy=Priority:DESC")).json.items.map((j: { priority: number }) => j.priority)).toEqual([8, 5, 3]);
    expect((await search("state=Waiting,Ready&pageSize=2&page=1")).json).toMatchObject({
      totalCount: 3,
      items: [expect.any(Object)],
    });
    expect((await search("state=Bogus")).status).toBe(400);
    expect((await search(`id=${ids[1]}`)).json.items[0].client).toBe("beta");
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await search(`createdStart=${encodeURIComponent(future)}`)).json.totalCount).toBe(0);

    // a waiting job cannot be removed or restarted; once Ready it can; a protected one cannot be removed
    expect((await call(deleteJob, `/api/jobs/${ids[0]}`, { method: "DELETE", token })).status).toBe(409);
    await drain();
    const locked = await call(patchJob, `/api/jobs/${ids[0]}`, { method: "PATCH", token, body: { preventDeletion: true } });
    expect(locked.json.preventDelete).toBe(true);
    const refused = await call(deleteJob, `/api/jobs/${ids[0]}`, { method: "DELETE", token });
    expect(codes(refused.json)).toEqual(["jobMonitor_text_delete_locked"]);
    expect((await call(deleteJob, `/api/jobs/${ids[1]}`, { method: "DELETE", token })).status).toBe(204);
    expect((await search("")).json.totalCount).toBe(2);
    expect((await search("includeDeleted=true")).json.totalCount).toBe(3);
    expect(
      (await call(oldList, `/api/systems/${system.id}/jobs?count=10&includeRemoved=true`, { token })).json.totalJobCount,
    ).toBe(3);

    const restarted = await call(patchMany, "/api/jobs", {
      method: "PATCH",
      token,
      body: { jobIds: [ids[0], ids[2]], state: "Waiting" },
    });
    expect(restarted.json.sort()).toEqual([ids[0], ids[2]].sort());
    expect((await search("state=Waiting")).json.totalCount).toBe(2);
    await drain();
    const level = await call(patchJob, `/api/jobs/${ids[2]}`, { method: "PATCH", token, body: { logLevel: "Debug" } });
    expect(level.json).toMatchObject({ logLevel: "Debug", useDefaultLogLevel: false, state: "Ready" });
    expect((await call(deleteMany, "/api/jobs", { method: "DELETE", token, body: [ids[2]] })).json).toEqual([ids[2]]);
    // a removed job takes no further change (lib/jobs/rules.ts)
    const again = await call(deleteJob, `/api/jobs/${ids[2]}`, { method: "DELETE", token });
    expect([again.status, codes(again.json)]).toEqual([409, ["InvalidJobState"]]);

    const stranger = await setup(["JobManager"]);
    expect((await call(searchRoute, `/api/v3/systems/${system.id}/jobs`, { token: stranger.token })).status).toBe(404);
    expect(
      (await call(patchJob, `/api/jobs/${ids[0]}`, { method: "PATCH", token: stranger.token, body: { preventDeletion: false } }))
        .status,
    ).toBe(404);
    const creator = await setup(["JobCreator"]);
    expect((await call(searchRoute, `/api/v3/systems/${creator.system.id}/jobs`, { token: creator.token })).status).toBe(403);
  });

  it("downloads a job's files as a zip", async () => {
    const { GET: download } = await import("@/app/api/jobs/[jobId]/download/route");
    const { unzipSync } = await import("fflate");
    const { project, token } = await setup();
    const created = await call(postJob, "/api/jobs", {
      method: "POST",
      token,
      form: order(
        [
          { name: "inv.txt", text: INVOICE },
          { name: "inv.csv", text: "no;total\n1;12.50\n", type: "text/csv" },
        ],
        { projectId: project.id },
      ),
    });
    await drain();
    const res = await fetchBytes(download, `/api/jobs/${created.json.id}/download?auth=${created.json.auth}`);
    // a work file is named after its order file: ".txt" added unless it ends so already
    expect(Object.keys(unzipSync(res)).sort()).toEqual([
      "order/inv.csv",
      "order/inv.txt",
      "result/result.json",
      "work/inv.csv.layout.txt",
      "work/inv.csv.txt",
      "work/inv.layout.txt",
      "work/inv.txt",
    ]);
  });
});

async function fetchBytes(
  handler: (req: import("next/server").NextRequest) => Promise<Response>,
  path: string,
): Promise<Uint8Array> {
  const { NextRequest } = await import("next/server");
  const res = await handler(new NextRequest(new URL(path, "http://localhost")));
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe("job search at scale", () => {
  it("counts up to 1 000 matches, then says 'more' and still pages to the end", async () => {
    const { GET: searchRoute } = await import("@/app/api/v3/systems/[systemId]/jobs/route");
    const { system, project, user } = await setup(["JobManager"]);
    const token = await tokenOf(system.name, user.name);
    const db = await getDb();
    // 1 030 jobs of this system, the newest with the highest number
    await db.execute(sql`insert into jobs (auth_hash, system_id, project_id, project_name, state, client, created)
      select 'x' || g, ${system.id}::uuid, ${project.id}::uuid, ${project.name}, 'Ready', 'client ' || g,
             now() - (1030 - g) * interval '1 second'
      from generate_series(1, 1030) g`);
    const search = async (q: string) => (await call(searchRoute, `/api/v3/systems/${system.id}/jobs?${q}`, { token })).json;

    const first = await search("pageSize=25");
    expect(first).toMatchObject({ totalCount: 1000, totalCountExact: false });
    expect(first.items.map((j: { client: string }) => j.client).slice(0, 2)).toEqual(["client 1030", "client 1029"]);
    // a page beyond the cap counts up to its own end
    const deep = await search("pageSize=25&page=40");
    expect(deep).toMatchObject({ totalCount: 1025, totalCountExact: false });
    expect(deep.items).toHaveLength(25);
    expect(deep.items[0].client).toBe("client 30");
    const last = await search("pageSize=25&page=41");
    expect(last).toMatchObject({ totalCount: 1030, totalCountExact: true });
    expect(last.items.map((j: { client: string }) => j.client)).toEqual([
      "client 5",
      "client 4",
      "client 3",
      "client 2",
      "client 1",
    ]);
    // a narrow filter is counted exactly: client 100 and 1000–1009
    expect(await search("client=client%20100")).toMatchObject({ totalCount: 11, totalCountExact: true });
  });
});
