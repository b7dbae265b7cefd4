import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as postJob } from "@/app/api/jobs/route";
import { jobs } from "@/db/schema";
import { getDb } from "@/lib/db";
import { bullmqPriority, deliveryId, jobsQueue } from "@/lib/queue/jobs";
import { redisConnection } from "@/lib/queue/redis";
import { claimJob, claimWaiting, fairQueue } from "@/workers/jobs/claim";
import { stopWorkers } from "@/workers/runtime";
import { makeJob, makeProject, makeSystem } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * Issue 26 §5, fair share: workers take Waiting jobs by priority and, within a priority, round robin over the systems,
 * so one system's backlog does not hold back another's few jobs; with Redis the deliveries carry the same order in
 * their BullMQ priority.
 */

afterAll(async () => {
  await stopWorkers();
});

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 8, minutes));

async function backlogs() {
  const [big, small, urgent] = [await makeSystem(), await makeSystem(), await makeSystem()];
  const a = [];
  for (let i = 0; i < 10; i++) a.push(await makeJob({ systemId: big.id, created: at(i) }));
  const b = [];
  for (let i = 0; i < 3; i++) b.push(await makeJob({ systemId: small.id, created: at(20 + i) }));
  const c = await makeJob({ systemId: urgent.id, created: at(30), priority: 8 });
  return { a: a.map((j) => j.id), b: b.map((j) => j.id), c: c.id };
}

describe("fair share", () => {
  it("the queue: priority first, then each system's first job, then each one's second …, older first", async () => {
    const { a, b, c } = await backlogs();
    const queue = await fairQueue(await getDb(), 10);
    expect(queue).toEqual([c, a[0], b[0], a[1], b[1], a[2], b[2], a[3], a[4], a[5]]);
  });

  it("claims follow it: a batch and single claims; a later system's jobs are not behind the whole backlog", async () => {
    const db = await getDb();
    await db.update(jobs).set({ state: "Removed" }).where(eq(jobs.state, "Waiting"));
    const { a, b, c } = await backlogs();
    const batch = await claimWaiting(db, { workerId: "fair-1", limit: 4 });
    expect(batch.map((claim) => claim.job.id)).toEqual([c, a[0], b[0], a[1]]);
    const next = [];
    for (let i = 0; i < 4; i++) next.push((await claimJob(db, { workerId: "fair-2" }))?.job.id);
    expect(next).toEqual([b[1], a[2], b[2], a[3]]);
    const states = await db
      .select({ state: jobs.state })
      .from(jobs)
      .where(inArray(jobs.id, [...b]));
    expect(states.every((s) => s.state === "Assigned")).toBe(true);
  });

  it("a BullMQ delivery's priority: the job's priority first, then its turn in its system", () => {
    expect(bullmqPriority(5, 0)).toBeLessThan(bullmqPriority(5, 1));
    expect(bullmqPriority(6, 5000)).toBeLessThan(bullmqPriority(5, 0));
    expect(bullmqPriority(10, 0)).toBeGreaterThan(0);
    expect(bullmqPriority(1, 10 ** 9)).toBeLessThanOrEqual(2 ** 21);
  });

  it.skipIf(!process.env.REDIS_URL)("with Redis, posted jobs get their turn in their system as the BullMQ priority", async () => {
    const db = await getDb();
    await db.update(jobs).set({ state: "Removed" }).where(eq(jobs.state, "Waiting"));
    const [big, small] = [await makeSystem(), await makeSystem()];
    const [pa, pb] = [await makeProject({ systemId: big.id }), await makeProject({ systemId: small.id })];
    // connected, as a server is from its start on (workers/server.ts): a post while Redis is not connected leaves its
    // delivery to the workers' sweep
    await redisConnection()?.ping();
    const post = async (key: string) => {
      const form = new FormData();
      form.append("file", new File([new TextEncoder().encode("INVOICE")], "a.txt", { type: "text/plain" }));
      const res = await call(postJob, `/api/jobs?auth=${key}`, { method: "POST", form });
      expect(res.status, res.text).toBe(200);
      return res.json.id as number;
    };
    const ids = [
      await post(pa.submissionKey),
      await post(pa.submissionKey),
      await post(pa.submissionKey),
      await post(pb.submissionKey),
    ];
    const priorities = [];
    for (const id of ids) priorities.push((await jobsQueue.bullmq().getJob(deliveryId(id, 0)))?.opts.priority);
    // the small system's first job shares the big one's first turn, before the big one's second and third
    expect(priorities).toEqual([bullmqPriority(5, 0), bullmqPriority(5, 1), bullmqPriority(5, 2), bullmqPriority(5, 0)]);
  });
});
