import { type ChildProcess, spawn } from "node:child_process";
import { Queue } from "bullmq";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { schedulers, schedulerTaskRuns, schedulerTasks, systems } from "@/db/schema";
import { getDb } from "@/lib/db";
import { redisConnection } from "@/lib/queue/redis";
import { forceTask } from "@/lib/scheduler/services/force-task";
import { TASK_FUNCTION_IMPLS } from "@/workers/scheduler/functions";
import { makeUser } from "../helpers/factories";

// Two `npm run worker` processes (node --import tsx workers/index.ts) on this file's PostgreSQL database and queue
// prefix: the scheduler's ticks reach both through BullMQ, and extra tick deliveries added at once make them claim
// concurrently (without the claim's lockedBy condition this test sees double runs). Each due task and each force start must run exactly once; onStart runs at each process start,
// onStop at each graceful stop (SIGTERM). Needs the scale-out parts.
const scaleOut = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "workers/index.ts"], {
    env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return child;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not met in time`);
}

const stopped = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", resolve)));

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  await Promise.all(children.map(stopped));
});

describe.runIf(scaleOut)("the scheduler in two worker processes (PostgreSQL + Redis)", () => {
  it("runs each due task and each force start once; onStart per process start, onStop per graceful stop", async () => {
    const db = await getDb();
    // a real, cheap global function (no test hook in the workers: they run the registered functions)
    const fn = (["LoginMaintenance", "ConfigurationExport"] as const).find((f) => f in TASK_FUNCTION_IMPLS);
    if (!fn) throw new Error("no cheap global task function registered");
    const [superSystem] = await db.select().from(systems).where(eq(systems.type, "Super"));
    if (!superSystem) throw new Error("no Supersystem");
    // ticks every second (the job scheduler is registered by the workers at start with this interval)
    await db.update(schedulers).set({ checkInterval: 1 });

    const future = new Date(Date.now() + 86_400_000);
    const make = (name: string, values: Partial<typeof schedulerTasks.$inferInsert>) => ({
      systemId: superSystem.id,
      name,
      function: fn,
      ...values,
    });
    const rows = await db
      .insert(schedulerTasks)
      .values([
        make("on start", { onStart: true }),
        make("on stop", { onStop: true }),
        ...Array.from({ length: 24 }, (_, i) =>
          make(`due ${i}`, { continuouslyIsActive: true, continuouslyMinutes: 60, nextDateTime: future }),
        ),
        ...Array.from({ length: 6 }, (_, i) =>
          make(`forced ${i}`, { dailyIsActive: true, dailyDateTime: "03:00", nextDateTime: future }),
        ),
      ])
      .returning();
    const byName = (prefix: string) => rows.filter((r) => r.name.startsWith(prefix));
    const [startTask] = byName("on start");
    const [stopTask] = byName("on stop");
    const due = byName("due ");
    const forced = byName("forced ");
    if (!startTask || !stopTask) throw new Error("tasks missing");

    const runsOf = async (ids: string[]) => {
      const runs = await db.select().from(schedulerTaskRuns).where(inArray(schedulerTaskRuns.taskId, ids));
      const count = new Map(ids.map((id) => [id, 0]));
      for (const r of runs) count.set(r.taskId, (count.get(r.taskId) ?? 0) + 1);
      return { runs, count: (id: string) => count.get(id) ?? 0 };
    };

    // each process start runs the onStart tasks
    const a = startWorker();
    await until(async () => (await runsOf([startTask.id])).runs.length === 1, 60_000, "onStart of the first worker");
    const b = startWorker();
    await until(async () => (await runsOf([startTask.id])).runs.length === 2, 60_000, "onStart of the second worker");
    const startRuns = (await runsOf([startTask.id])).runs;
    expect(new Set(startRuns.map((r) => r.workerId)).size).toBe(2);

    // due now, and forced: the job scheduler's ticks plus bursts of extra tick deliveries that both workers take at once
    await db
      .update(schedulerTasks)
      .set({ nextDateTime: new Date(Date.now() - 60_000) })
      .where(
        inArray(
          schedulerTasks.id,
          due.map((t) => t.id),
        ),
      );
    const admin = await makeUser({ systemId: superSystem.id, roles: ["SuperAdmin"] });
    const caller = {
      userId: admin.id,
      userName: admin.name,
      systemId: superSystem.id,
      systemName: superSystem.name,
      roles: ["SuperAdmin"],
    };
    for (const t of forced) await forceTask(db, { caller: caller as never, id: t.id });
    const connection = redisConnection();
    if (!connection) throw new Error("no Redis connection");
    const queue = new Queue("scheduler", { connection, prefix: process.env.QUEUE_PREFIX });
    const burst = () => queue.addBulk(Array.from({ length: 8 }, () => ({ name: "scheduler", data: { tick: true } })));
    await burst();

    const all = [...due, ...forced].map((t) => t.id);
    await until(
      async () => {
        const { count } = await runsOf(all);
        return all.every((id) => count(id) >= 1);
      },
      120_000,
      "every due and forced task ran",
    );
    // more ticks from both workers, then nothing may have run twice
    await burst();
    await new Promise((r) => setTimeout(r, 3000));
    await burst();
    await until(async () => (await queue.getJobCounts("waiting", "active")).waiting === 0, 30_000, "ticks taken");
    await new Promise((r) => setTimeout(r, 1500));
    const after = await runsOf(all);
    expect(all.filter((id) => after.count(id) !== 1)).toEqual([]);
    const tasksNow = await db.select().from(schedulerTasks).where(inArray(schedulerTasks.id, all));
    expect(tasksNow.every((t) => !t.forceTrigger && t.lockedBy === null && t.nextDateTime && t.nextDateTime > new Date())).toBe(
      true,
    );

    // a second force of the same task: exactly one more run
    const again = forced[0];
    if (!again) throw new Error("no forced task");
    await forceTask(db, { caller: caller as never, id: again.id });
    await burst();
    await until(async () => (await runsOf([again.id])).runs.length >= 2, 30_000, "second force ran");
    await burst();
    await new Promise((r) => setTimeout(r, 2000));
    expect((await runsOf([again.id])).runs).toHaveLength(2);

    // each graceful stop runs the onStop tasks once
    expect((await runsOf([stopTask.id])).runs).toHaveLength(0);
    a.kill("SIGTERM");
    expect(await stopped(a)).toBe(0);
    expect((await runsOf([stopTask.id])).runs).toHaveLength(1);
    b.kill("SIGTERM");
    expect(await stopped(b)).toBe(0);
    const stopRuns = (await runsOf([stopTask.id])).runs;
    expect(stopRuns).toHaveLength(2);
    expect(new Set(stopRuns.map((r) => r.workerId)).size).toBe(2);
    await queue.close();
  }, 240_000);
});
