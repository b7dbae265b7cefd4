import { type ChildProcess, spawn } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { workerProcesses } from "@/db/schema";
import { connectedWorkers, WORKER_CONNECTED_MS, WORKER_STALE_MS } from "@/lib/dashboard/worker-registry";
import { getDb } from "@/lib/db";
import { patchServiceConfig } from "@/lib/settings/store";
import { startJobRunner, stopJobRunner } from "@/workers/jobs/in-process-runner";
import { registerWorkerProcess } from "@/workers/jobs/registry";
import { stopWorkers } from "@/workers/runtime";

const children: ChildProcess[] = [];

afterAll(async () => {
  await stopWorkers();
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
});

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in time");
}

const rowOf = async (id: string) => (await connectedWorkers(await getDb())).processes.find((p) => p.id === id);

describe("the worker registry (worker_processes)", () => {
  it("a process registers, its busy slots follow the heartbeat, a graceful stop removes it", async () => {
    let busy = 0;
    let slots = 4;
    const registration = registerWorkerProcess({ kind: "bullmq", id: "test-host:101", slots: () => slots, busy: () => busy });
    await registration.beat();
    expect(await rowOf("test-host:101")).toMatchObject({ kind: "bullmq", slots: 4, busy: 0 });

    busy = 3;
    slots = 6;
    await registration.beat();
    expect(await rowOf("test-host:101")).toMatchObject({ slots: 6, busy: 3 });
    const summary = await connectedWorkers(await getDb());
    expect(summary.connected).toBe(summary.processes.length);
    expect(summary.slots).toBe(summary.processes.reduce((n, p) => n + p.slots, 0));

    await registration.stop();
    expect(await rowOf("test-host:101")).toBeUndefined();
    expect(await (await getDb()).select().from(workerProcesses).where(eq(workerProcesses.id, "test-host:101"))).toEqual([]);
  });

  it("a row not seen for a few heartbeats is not shown, and an old one is removed by the next heartbeat", async () => {
    const db = await getDb();
    const secondsAgo = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;
    await db.insert(workerProcesses).values([
      { id: "gone:1", host: "gone", pid: 1, kind: "bullmq", slots: 8, busy: 8, lastSeen: secondsAgo(WORKER_CONNECTED_MS + 1000) },
      { id: "dead:2", host: "dead", pid: 2, kind: "bullmq", slots: 8, busy: 8, lastSeen: secondsAgo(WORKER_STALE_MS + 1000) },
    ]);
    expect(await rowOf("gone:1")).toBeUndefined();
    expect(await rowOf("dead:2")).toBeUndefined();

    const registration = registerWorkerProcess({ kind: "bullmq", id: "alive:3", slots: () => 1, busy: () => 0 });
    await registration.beat();
    const ids = (await db.select({ id: workerProcesses.id }).from(workerProcesses)).map((r) => r.id);
    expect(ids).toContain("gone:1");
    expect(ids).not.toContain("dead:2");
    expect(ids).toContain("alive:3");
    await registration.stop();
    await db.delete(workerProcesses).where(eq(workerProcesses.id, "gone:1"));
  });

  it("the in-process runner registers with maxWorkerCount slots and deregisters when it stops", async () => {
    const db = await getDb();
    await patchServiceConfig(db, { maxWorkerCount: 3 });
    startJobRunner();
    await until(async () => (await connectedWorkers(db)).processes.some((p) => p.kind === "in-process" && p.slots === 3));
    const [runner] = (await connectedWorkers(db)).processes.filter((p) => p.kind === "in-process");
    expect(runner).toMatchObject({ pid: process.pid, slots: 3, busy: 0 });
    await stopJobRunner();
    expect((await connectedWorkers(db)).processes.filter((p) => p.kind === "in-process")).toEqual([]);
  });
});

// a real `npm run worker` process on this file's PostgreSQL database and Redis: it shows while it runs and goes at SIGTERM
describe.runIf(!!process.env.DATABASE_URL && !!process.env.REDIS_URL)("a BullMQ worker process", () => {
  it("registers with its concurrency and removes itself at a graceful stop", async () => {
    const db = await getDb();
    await patchServiceConfig(db, { maxWorkerCount: 2 });
    const child = spawn(process.execPath, ["--import", "tsx", "workers/index.ts"], {
      env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(child);
    const id = `${(await import("node:os")).hostname()}:${child.pid}`;
    await until(async () => (await rowOf(id))?.slots === 2, 30_000);
    expect(await rowOf(id)).toMatchObject({ kind: "bullmq", pid: child.pid, busy: 0 });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    expect(await rowOf(id)).toBeUndefined();
  });
});
