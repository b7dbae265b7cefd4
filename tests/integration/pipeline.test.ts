import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PATCH as patchJob } from "@/app/api/jobs/[jobId]/route";
import { POST as postJob } from "@/app/api/jobs/route";
import { jobFiles, jobLogs, jobMetrics, jobs } from "@/db/schema";
import { getDb } from "@/lib/db";
import { patchServiceConfig } from "@/lib/settings/store";
import { claimJob } from "@/workers/jobs/claim";
import { JobPipeline } from "@/workers/jobs/pipeline";
import { stopWorkers } from "@/workers/runtime";
import { RetryLater } from "@/workers/transport/retry-later";
import { tokenOf } from "../helpers/api";
import { makeLicence, makeProject, makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

const INVOICE = "INVOICE\nInvoice No. INV-2024-001\nAmount due\nTotal: EUR 1.234,56\nDate: 2025-03-15\n";

afterAll(async () => {
  await stopWorkers();
});

async function tenant(opts: { licenceId?: string } = {}) {
  const system = await makeSystem({ licenceId: opts.licenceId });
  const user = await makeUser({ systemId: system.id, roles: ["JobCreator", "JobManager"] });
  const { project } = await makeProject({ systemId: system.id });
  return { system, user, project, token: await tokenOf(system.name, user.name) };
}

/** `n` jobs posted through the API (nobody processes them here: no runner is started in tests). */
async function post(t: Awaited<ReturnType<typeof tenant>>, n: number, priority = 5): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const form = new FormData();
    form.append("file", new File([INVOICE], `invoice-${i}.txt`, { type: "text/plain" }));
    form.append("meta", JSON.stringify({ projectId: t.project.id, priority }));
    const res = await call(postJob, "/api/jobs", { method: "POST", token: t.token, form });
    expect(res.status, res.text).toBe(200);
    ids.push(res.json.id);
  }
  return ids;
}

async function rows(ids: number[]) {
  const db = await getDb();
  return db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.id);
}

/** Ends every job still waiting in this test file's database, so the next test starts from an empty queue. */
async function clearQueue() {
  const db = await getDb();
  await db.update(jobs).set({ state: "Removed", deleted: new Date() }).where(eq(jobs.state, "Waiting"));
}

describe("the job pipeline of a worker process", () => {
  it("one delivery also works on waiting jobs ahead; their later deliveries find them done", async () => {
    await clearQueue();
    const db = await getDb();
    const t = await tenant();
    const ids = await post(t, 6);
    const pipeline = new JobPipeline("worker-a");
    expect(await pipeline.deliver(db, ids[0] ?? 0)).toBe("Ready");
    await pipeline.idle();
    // taken ahead: the delivered job and the next ones of the queue, all ended by this worker
    const after = await rows(ids);
    const ready = after.filter((j) => j.state === "Ready");
    expect(ready.length).toBeGreaterThan(1);
    expect(new Set(ready.map((j) => j.workerProcessId))).toEqual(new Set(["worker-a"]));
    // each has its result, its text, its log lines and its metrics, once
    const readyIds = ready.map((j) => j.id);
    const outputs = await db.select().from(jobFiles).where(inArray(jobFiles.jobId, readyIds));
    expect(outputs.filter((f) => f.kind === "result")).toHaveLength(ready.length);
    // its two texts: in reading order and the layout text (issue 24 §1)
    expect(outputs.filter((f) => f.kind === "work")).toHaveLength(2 * ready.length);
    const metrics = await db.select().from(jobMetrics).where(inArray(jobMetrics.jobId, readyIds));
    expect(metrics.map((m) => [m.documents, m.pages, m.success])).toEqual(ready.map(() => [1, 1, true]));
    expect((await db.select().from(jobLogs).where(inArray(jobLogs.jobId, readyIds))).length).toBeGreaterThanOrEqual(
      2 * ready.length,
    );
    // the later deliveries of jobs already ended here change nothing; the rest are worked on
    for (const id of ids.slice(1)) {
      const outcome = await pipeline.deliver(db, id);
      expect(readyIds.includes(id) ? outcome === "done" : outcome === "Ready" || outcome === "done").toBe(true);
    }
    expect((await rows(ids)).map((j) => [j.state, j.attempts])).toEqual(ids.map(() => ["Ready", 1]));
  });

  it("two slots delivering at once share the jobs taken ahead: each job ends once", async () => {
    await clearQueue();
    const db = await getDb();
    const t = await tenant();
    const ids = await post(t, 24);
    const pipeline = new JobPipeline("worker-g");
    // as BullMQ with concurrency 2: two deliveries in flight, each slot takes the next when it is free
    const deliveries = [...ids];
    const outcomes: string[] = [];
    await Promise.all(
      [0, 1].map(async () => {
        for (let id = deliveries.shift(); id !== undefined; id = deliveries.shift())
          outcomes.push(await pipeline.deliver(db, id));
      }),
    );
    expect(outcomes.every((o) => o === "Ready" || o === "done")).toBe(true);
    expect((await rows(ids)).map((j) => [j.state, j.attempts])).toEqual(ids.map(() => ["Ready", 1]));
    const metrics = await db.select().from(jobMetrics).where(inArray(jobMetrics.jobId, ids));
    expect(metrics).toHaveLength(ids.length);
    const results = await db.select().from(jobFiles).where(inArray(jobFiles.jobId, ids));
    expect(results.filter((f) => f.kind === "result")).toHaveLength(ids.length);
  });

  it("works on a restarted job again when its new delivery comes, even in the process that ended it before", async () => {
    await clearQueue();
    const db = await getDb();
    const t = await tenant();
    const [id = 0] = await post(t, 1);
    const pipeline = new JobPipeline("worker-b");
    expect(await pipeline.deliver(db, id)).toBe("Ready");
    const restart = await call(patchJob, `/api/jobs/${id}`, { method: "PATCH", token: t.token, body: { state: "Waiting" } });
    expect(restart.status, restart.text).toBe(200);
    // the old delivery (restarts 0) is done; the restart's delivery (restarts 1) is worked on
    expect(await pipeline.deliver(db, id, 0)).toBe("done");
    expect((await rows([id]))[0]?.state).toBe("Waiting");
    expect(await pipeline.deliver(db, id, 1)).toBe("Ready");
    expect((await rows([id]))[0]).toMatchObject({ state: "Ready", attempts: 2, restarts: 1 });
    const results = await db.select().from(jobFiles).where(eq(jobFiles.jobId, id));
    expect(results.filter((f) => f.kind === "result")).toHaveLength(1);
  });

  it("a delivery of a job leased by another live worker, or in maintenance mode, comes again later", async () => {
    await clearQueue();
    const db = await getDb();
    const t = await tenant();
    const [leased = 0, other = 0] = await post(t, 2);
    expect(await claimJob(db, { workerId: "someone-else", jobId: leased })).not.toBeNull();
    const pipeline = new JobPipeline("worker-c");
    await expect(pipeline.deliver(db, leased)).rejects.toBeInstanceOf(RetryLater);

    await patchServiceConfig(db, { isMaintenanceModeEnabled: true });
    try {
      const inMaintenance = new JobPipeline("worker-d");
      await expect(inMaintenance.deliver(db, other)).rejects.toMatchObject({ delayMs: 10_000 });
      expect(await inMaintenance.runNext(db)).toBe(false);
      expect((await rows([other]))[0]).toMatchObject({ state: "Waiting", workerProcessId: null });
    } finally {
      await patchServiceConfig(db, { isMaintenanceModeEnabled: false });
    }
    expect(await new JobPipeline("worker-e").deliver(db, other)).toBe("Ready");
  });

  it("counts the pages of a batch in order: the job the licence cannot serve ends in Error", async () => {
    await clearQueue();
    const db = await getDb();
    const licence = await makeLicence({ features: [{ id: "Pages", status: "Limited", limit: 2, expiration: null }] });
    const t = await tenant({ licenceId: licence?.id });
    const ids = await post(t, 3);
    const pipeline = new JobPipeline("worker-f");
    // the in-process runner's way: claim, take ahead, work until nothing is left
    while (await pipeline.runNext(db)) {
      // each round works on the queued jobs or claims the next
    }
    await pipeline.idle();
    const after = await rows(ids);
    expect(after.map((j) => j.state)).toEqual(["Ready", "Ready", "Error"]);
    expect(after[2]).toMatchObject({ errorCode: "LicenceLimitReached" });
    expect(
      await db
        .select()
        .from(jobFiles)
        .where(eq(jobFiles.jobId, ids[2] ?? 0)),
    ).toHaveLength(1); // its order file only
  });
});
