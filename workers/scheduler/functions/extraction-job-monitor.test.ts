import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "@/db/schema";
import { getDb } from "@/lib/db";
import { JOB_MAX_ATTEMPTS } from "@/lib/jobs/rules";
import { patchJobs } from "@/lib/jobs/services/patch-jobs";
import { deliveryId, jobsQueue } from "@/lib/queue/jobs";
import { redisConnection } from "@/lib/queue/redis";
import { makeJob, makeSystem } from "@/tests/helpers/factories";
import { runTask, taskRun } from "@/tests/helpers/task-run";
import { claimJob } from "@/workers/jobs/claim";
import { ATTEMPTS_EXHAUSTED } from "./extraction-job-monitor";

const NOW = new Date("2030-06-15T12:00:00Z");
const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000);

async function job(id: number) {
  const [row] = await (await getDb()).select().from(jobs).where(eq(jobs.id, id));
  return row;
}

describe("ExtractionJobMonitor", () => {
  it("puts a job stuck past its lease back to Waiting and queues it again; a live lease stays", async () => {
    const { id: systemId } = await makeSystem();
    const stuck = await makeJob({
      systemId,
      state: "Processing",
      attempts: 1,
      workerProcessId: "dead-worker",
      leaseUntil: minutes(-5),
      assigned: minutes(-10),
      started: minutes(-10),
      restarts: 2,
      attemptsBefore: 0,
    });
    const live = await makeJob({ systemId, state: "Assigned", attempts: 1, workerProcessId: "w", leaseUntil: minutes(5) });

    const outcome = await runTask(await taskRun("ExtractionJobMonitor", { now: NOW }));
    expect(outcome?.details).toMatchObject({ stuck: 1, requeued: 1, failed: 0 });
    expect(outcome?.message).toBe("1 stuck job(s): 1 queued again, 0 given up (attempts used up)");
    const back = await job(stuck.id);
    expect(back).toMatchObject({ state: "Waiting", workerProcessId: null, leaseUntil: null, started: null, attempts: 1 });
    expect(back?.queuedAt.toISOString()).toBe(NOW.toISOString());
    expect((await job(live.id))?.state).toBe("Assigned");
    if (redisConnection()) {
      const delivery = await jobsQueue.bullmq().getJob(deliveryId(stuck.id, 2));
      expect(delivery?.data).toMatchObject({ jobId: stuck.id, restarts: 2 });
    }
    // a worker claims it again: its next attempt
    const claim = await claimJob(await getDb(), { workerId: "w2", jobId: stuck.id });
    expect(claim?.attempt).toBe(2);
  });

  it("gives a stuck job up once its run's attempts are used up: Error JobAttemptsExhausted", async () => {
    const { id: systemId } = await makeSystem();
    const spent = await makeJob({
      systemId,
      state: "Assigned",
      attempts: 7,
      attemptsBefore: 7 - JOB_MAX_ATTEMPTS,
      workerProcessId: "dead",
      leaseUntil: minutes(-1),
    });
    // attempts of earlier runs (before a restart) do not count
    const restarted = await makeJob({
      systemId,
      state: "Processing",
      attempts: 7,
      attemptsBefore: 6,
      workerProcessId: "dead",
      leaseUntil: minutes(-1),
    });
    const outcome = await runTask(await taskRun("ExtractionJobMonitor", { now: NOW, systemId }));
    expect(outcome?.details).toMatchObject({ stuck: 2, requeued: 1, failed: 1 });
    expect(await job(spent.id)).toMatchObject({
      state: "Error",
      errorCode: ATTEMPTS_EXHAUSTED,
      errorParams: { attempts: JOB_MAX_ATTEMPTS },
      leaseUntil: null,
    });
    expect((await job(spent.id))?.finished?.toISOString()).toBe(NOW.toISOString());
    expect((await job(restarted.id))?.state).toBe("Waiting");
    // the lost worker cannot finish the job any more: nothing is stuck now
    const again = await runTask(await taskRun("ExtractionJobMonitor", { now: NOW, systemId }));
    expect(again?.details).toMatchObject({ stuck: 0 });
  });

  it("a restart starts a new run: its attempts and its wait count afresh", async () => {
    const system = await makeSystem();
    const failed = await makeJob({
      systemId: system.id,
      state: "Error",
      attempts: 3,
      created: new Date(Date.now() - 36_000_000),
      queuedAt: new Date(Date.now() - 36_000_000),
    });
    await patchJobs(await getDb(), {
      caller: {
        sessionId: "s",
        userId: "00000000-0000-4000-8000-000000000000",
        userName: "admin",
        fullName: "",
        systemId: system.id,
        systemName: system.name,
        roles: ["Administrator"],
        language: "en-US",
        requiresPasswordChange: false,
      },
      ids: [failed.id],
      input: { state: "Waiting" },
    });
    const row = await job(failed.id);
    expect(row).toMatchObject({ state: "Waiting", attempts: 3, attemptsBefore: 3, restarts: 1, priorityRaisedAt: null });
    expect(row!.queuedAt.getTime()).toBeGreaterThan(failed.queuedAt.getTime());
  });
});
