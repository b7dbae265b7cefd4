import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { schedulerTaskRuns, schedulerTasks } from "@/db/schema";
import { getDb } from "@/lib/db";
import { redisConnection } from "@/lib/queue/redis";
import { schedulerQueue } from "@/lib/queue/scheduler";
import { startInProcess, startWorkers, stopWorkers } from "@/workers/runtime";
import { makeSystem, makeUser } from "../helpers/factories";

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in time");
}

afterAll(async () => {
  await stopWorkers();
});

// With REDIS_URL the job travels through BullMQ on Redis to a worker; without, lib/queue's in-process transport
// hands it to this process's consumer (workers/transport/in-process.ts), which runs the same processor. Either way the lock
// that ran out is cleared.
describe(`queue (${process.env.REDIS_URL ? "BullMQ on Redis" : "in-process runner"})`, () => {
  it("an enqueued scheduler tick runs a forced task", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const [task] = await db
      .insert(schedulerTasks)
      .values({ systemId: system.id, name: "forced", function: "LoginMaintenance", onStart: true, forceTrigger: true })
      .returning();
    if (!task) throw new Error("no task");
    const workers = redisConnection() ? startWorkers(1) : [];
    try {
      await schedulerQueue.enqueue({ tick: true });
      // without Redis the message waits until this process's consumer attaches (as the server's does at start-up)
      startInProcess();
      await until(async () => {
        const runs = await db.select().from(schedulerTaskRuns).where(eq(schedulerTaskRuns.taskId, task.id));
        return runs.length === 1;
      });
      const [after] = await db.select().from(schedulerTasks).where(eq(schedulerTasks.id, task.id));
      expect(after).toMatchObject({ forceTrigger: false, lockedBy: null });
    } finally {
      await Promise.all(workers.map((w) => w.close()));
    }
  });

  it("refuses a payload that does not fit its queue", async () => {
    await expect(schedulerQueue.enqueue({ tick: false } as never)).rejects.toThrow();
  });
});

describe(`jobs through the ${process.env.REDIS_URL ? "BullMQ workers" : "in-process runner"}`, () => {
  it("a posted job is processed to Ready without anyone calling the processor", async () => {
    const { POST: postJob } = await import("@/app/api/jobs/route");
    const { GET: getJob } = await import("@/app/api/jobs/[jobId]/route");
    const { makeProject } = await import("../helpers/factories");
    const { tokenOf } = await import("../helpers/api");
    const { call } = await import("../helpers/http");
    const { stopJobRunner } = await import("@/workers/jobs/in-process-runner");
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id, roles: ["JobCreator"] });
    const { project } = await makeProject({ systemId: system.id });
    const workers = redisConnection() ? startWorkers(2) : [];
    startInProcess();
    try {
      const form = new FormData();
      form.append("file", new File(["Invoice No. Q-7\nTotal: 12.50"], "q.txt", { type: "text/plain" }));
      form.append("meta", JSON.stringify({ projectId: project.id }));
      const created = await call(postJob, "/api/jobs", { method: "POST", token: await tokenOf(system.name, user.name), form });
      expect(created.status, created.text).toBe(200);
      let state = "";
      await until(async () => {
        state = (await call(getJob, `/api/jobs/${created.json.id}?auth=${created.json.auth}`)).json.state;
        return state === "Ready" || state === "Error";
      }, 30_000);
      expect(state).toBe("Ready");
    } finally {
      await stopJobRunner();
      await Promise.all(workers.map((w) => w.close()));
    }
  });
});

describe.runIf(process.env.REDIS_URL)("job deliveries lost in Redis", () => {
  it("the workers' sweep delivers a waiting job again whose delivery is gone, once", async () => {
    const { POST: postJob } = await import("@/app/api/jobs/route");
    const { GET: getJob } = await import("@/app/api/jobs/[jobId]/route");
    const { makeProject } = await import("../helpers/factories");
    const { tokenOf } = await import("../helpers/api");
    const { call } = await import("../helpers/http");
    const { Queue } = await import("bullmq");
    const { deliveryId } = await import("@/lib/queue/jobs");
    const { redeliverWaitingJobs } = await import("@/workers/jobs/redeliver");
    const db = await getDb();
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id, roles: ["JobCreator"] });
    const { project } = await makeProject({ systemId: system.id });
    const form = new FormData();
    form.append("file", new File(["Invoice No. Q-8\nTotal: 12.50"], "q.txt", { type: "text/plain" }));
    form.append("meta", JSON.stringify({ projectId: project.id }));
    const created = await call(postJob, "/api/jobs", { method: "POST", token: await tokenOf(system.name, user.name), form });
    expect(created.status, created.text).toBe(200);
    const id = created.json.id as number;

    const redis = redisConnection();
    if (!redis) throw new Error("REDIS_URL is set, so there is a connection");
    const connection = redis.duplicate();
    const queue = new Queue("jobs", { connection, prefix: process.env.QUEUE_PREFIX });
    try {
      // the delivery is lost (as if Redis had lost it); nothing would ever work on the job
      await (await queue.getJob(deliveryId(id, 0)))?.remove();
      expect(await queue.getJob(deliveryId(id, 0))).toBeUndefined();
      expect(await redeliverWaitingJobs(db, { olderThanMs: 0 })).toBeGreaterThanOrEqual(1);
      expect(await queue.getJob(deliveryId(id, 0))).toBeDefined();
      // a delivery that is waiting is left alone
      const before = (await queue.getJobCounts("prioritized", "wait")) as Record<string, number>;
      await redeliverWaitingJobs(db, { olderThanMs: 0 });
      expect(await queue.getJobCounts("prioritized", "wait")).toEqual(before);
    } finally {
      await queue.close();
      await connection.quit();
    }
    const workers = startWorkers(2);
    try {
      await until(async () => (await call(getJob, `/api/jobs/${id}?auth=${created.json.auth}`)).json.state === "Ready", 30_000);
    } finally {
      await Promise.all(workers.map((w) => w.close()));
    }
  });
});
