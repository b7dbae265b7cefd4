import { type ChildProcess, spawn } from "node:child_process";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { jobFiles, jobMetrics, jobs } from "@/db/schema";
import { getDb } from "@/lib/db";
import { stopWorkers } from "@/workers/runtime";
import { invoiceLinesPdf } from "../fixtures/scans";
import { tokenOf } from "../helpers/api";
import { makeProject, makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

// Needs the scale-out parts: worker processes share the work through BullMQ on Redis and PostgreSQL.
const scaleOut = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;
const LEASE_MS = "3000";
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  // one process (node --import tsx), so SIGKILL really kills the worker and not just a wrapper
  const child = spawn(process.execPath, ["--import", "tsx", "workers/index.ts"], {
    env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, JOB_LEASE_MS: LEASE_MS, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return child;
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("condition not met in time");
}

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await stopWorkers();
});

describe.runIf(scaleOut)("a worker process killed mid-run", () => {
  it("leaves no job stuck and no result twice", async () => {
    const { POST: postJob } = await import("@/app/api/jobs/route");
    const db = await getDb();
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id, roles: ["JobCreator"] });
    const { project } = await makeProject({ systemId: system.id });
    const token = await tokenOf(system.name, user.name);
    const bytes = await invoiceLinesPdf(60);
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(bytes)], `big-${i}.pdf`, { type: "application/pdf" }));
      form.append("meta", JSON.stringify({ projectId: project.id }));
      const res = await call(postJob, "/api/jobs", { method: "POST", token, form });
      expect(res.status, res.text).toBe(200);
      ids.push(res.json.id);
    }

    const first = startWorker();
    await until(async () => (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.state, "Processing"))).length > 0, 60_000);
    first.kill("SIGKILL");
    const killedWhile = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(inArray(jobs.state, ["Assigned", "Processing"]));
    expect(killedWhile.length).toBeGreaterThan(0);

    startWorker();
    await until(async () => {
      const rows = await db.select({ state: jobs.state }).from(jobs).where(inArray(jobs.id, ids));
      return rows.every((r) => r.state === "Ready");
    }, 120_000);

    for (const id of ids) {
      const results = await db.select().from(jobFiles).where(eq(jobFiles.jobId, id));
      expect(
        results.filter((f) => f.kind === "result").map((f) => f.name),
        `job ${id}`,
      ).toEqual(["result.json"]);
      // the reading-order text and the layout text of its one document
      expect(results.filter((f) => f.kind === "work")).toHaveLength(2);
      expect(await db.select().from(jobMetrics).where(eq(jobMetrics.jobId, id))).toHaveLength(1);
    }
    const retaken = await db
      .select({ attempts: jobs.attempts })
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          killedWhile.map((k) => k.id),
        ),
      );
    expect(retaken.every((r) => r.attempts >= 2)).toBe(true);
  }, 240_000);
});
