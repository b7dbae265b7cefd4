import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "@/db/schema";
import { getDb } from "@/lib/db";
import { deliveryId, jobsQueue } from "@/lib/queue/jobs";
import { redisConnection } from "@/lib/queue/redis";
import { makeJob, makeSystem } from "@/tests/helpers/factories";
import { runTask, taskRun } from "@/tests/helpers/task-run";
import { claimWaiting } from "@/workers/jobs/claim";

const HOUR = 3_600_000;
const NOW = new Date("2030-06-15T12:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * HOUR);

async function priorities(ids: number[]) {
  const db = await getDb();
  const rows = await db.select({ id: jobs.id, priority: jobs.priority }).from(jobs).where(inArray(jobs.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.priority]));
}

describe("IncreaseJobPriority", () => {
  it("raises jobs waiting longer than increaseAfterHours by one, at most 10, once per increaseAfterHours", async () => {
    const { id: systemId } = await makeSystem();
    const waiting = await makeJob({ systemId, priority: 5, created: hoursAgo(5), queuedAt: hoursAgo(5) });
    const top = await makeJob({ systemId, priority: 10, created: hoursAgo(5), queuedAt: hoursAgo(5) });
    const fresh = await makeJob({ systemId, priority: 5, created: hoursAgo(1), queuedAt: hoursAgo(1) });
    const ready = await makeJob({ systemId, state: "Ready", priority: 5, created: hoursAgo(50), queuedAt: hoursAgo(50) });
    // restarted an hour ago: its wait counts from then, not from its creation
    const restarted = await makeJob({ systemId, priority: 5, created: hoursAgo(50), queuedAt: hoursAgo(1) });
    const ids = [waiting.id, top.id, fresh.id, ready.id, restarted.id];

    const first = await runTask(await taskRun("IncreaseJobPriority", { systemId, now: NOW }));
    expect(first?.message).toBe("1 waiting job(s) raised by one priority (after 4 h)");
    expect(await priorities(ids)).toEqual({ [waiting.id]: 6, [top.id]: 10, [fresh.id]: 5, [ready.id]: 5, [restarted.id]: 5 });

    // an hour later: the raised job's next increase counts from its raise; the fresh one has waited 2 h
    await runTask(await taskRun("IncreaseJobPriority", { systemId, now: new Date(NOW.getTime() + HOUR) }));
    expect((await priorities(ids))[waiting.id]).toBe(6);
    expect((await priorities(ids))[fresh.id]).toBe(5);

    // four hours after the raise: up again; the fresh one (5 h) and the restarted one (5 h) too
    const later = await runTask(await taskRun("IncreaseJobPriority", { systemId, now: new Date(NOW.getTime() + 4 * HOUR) }));
    expect(later?.details).toMatchObject({ raised: 3 });
    expect(await priorities(ids)).toEqual({ [waiting.id]: 7, [top.id]: 10, [fresh.id]: 6, [ready.id]: 5, [restarted.id]: 6 });
  });

  it("the configured hours count, and a system's run leaves other systems' jobs alone", async () => {
    const a = await makeSystem();
    const b = await makeSystem();
    const jobA = await makeJob({ systemId: a.id, priority: 3, queuedAt: hoursAgo(2) });
    const jobB = await makeJob({ systemId: b.id, priority: 3, queuedAt: hoursAgo(2) });
    await runTask(await taskRun("IncreaseJobPriority", { systemId: a.id, now: NOW, configuration: { increaseAfterHours: 1 } }));
    expect(await priorities([jobA.id, jobB.id])).toEqual({ [jobA.id]: 4, [jobB.id]: 3 });
  });

  it("the queue learns the new priority: the raised job is claimed first (and its BullMQ delivery changes with Redis)", async () => {
    const { id: systemId } = await makeSystem();
    const db = await getDb();
    // every other waiting job of this file out of the way
    await db
      .update(jobs)
      .set({ priority: 1 })
      .where(inArray(jobs.state, ["Waiting"]));
    const older = await makeJob({ systemId, priority: 5, created: hoursAgo(3), queuedAt: hoursAgo(3) });
    const raised = await makeJob({ systemId, priority: 5, created: hoursAgo(2), queuedAt: hoursAgo(5) });
    for (const j of [older, raised]) await jobsQueue.enqueue({ jobId: j.id, priority: j.priority, restarts: 0 });
    await runTask(await taskRun("IncreaseJobPriority", { systemId, now: NOW }));
    if (redisConnection()) {
      const delivery = await jobsQueue.bullmq().getJob(deliveryId(raised.id, 0));
      expect(delivery?.priority).toBe(11 - 6);
      expect(delivery?.data).toMatchObject({ jobId: raised.id, priority: 6 });
    }
    const [first] = await claimWaiting(db, { workerId: "test-worker", limit: 1 });
    expect(first?.job.id).toBe(raised.id);
  });
});
