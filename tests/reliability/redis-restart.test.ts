import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, type Installation, install, postJob } from "./installation";
import { sleep, until } from "./services";

// issue 14 §4: Redis restarts without persistence (every delivery lost). Intake keeps accepting, and every accepted
// job ends Ready within the sweep period, none twice.

let inst: Installation;

beforeAll(async () => {
  inst = await install({ workers: 1 });
});

afterAll(async () => {
  await inst?.close();
});

describe("Redis restart without persistence", () => {
  it("keeps accepting jobs and ends every accepted one Ready once", async () => {
    const answers: Answer[] = [];
    const accepted: number[] = [];
    let running = true;
    let n = 0;
    const posters = Array.from({ length: 4 }, async () => {
      while (running) {
        const answer = await postJob(inst, n++);
        answers.push(answer);
        if (answer.id) accepted.push(answer.id);
        else await sleep(100);
      }
    });
    await sleep(3000);
    const down = Date.now();
    await inst.redis.stop();
    await sleep(5000);
    // no job is posted after the outage: the jobs stored meanwhile reach a worker by the sweep alone
    running = false;
    await Promise.all(posters);
    const back = Date.now();
    await inst.redis.start();
    const recovered = Date.now();

    const during = answers.filter((a) => a.at >= down && a.at < back);
    const summary = {
      requests: answers.length,
      duringOutage: during.length,
      acceptedDuringOutage: during.filter((a) => a.status === 200).length,
      byStatus: Object.fromEntries(
        [...new Set(answers.map((a) => a.status))].map((s) => [s, answers.filter((a) => a.status === s).length]),
      ),
      slowestMs: Math.round(Math.max(...answers.map((a) => a.ms))),
      accepted: accepted.length,
    };
    console.info(`redis restart: ${JSON.stringify(summary)}`);
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
    expect(summary.acceptedDuringOutage).toBeGreaterThan(0);
    // intake does not wait for Redis (before: up to 3 s a job); a bound against a hang, not a speed
    expect(summary.slowestMs).toBeLessThan(10_000);

    const { getDb } = await import("@/lib/setup/bootstrap");
    const { jobs, jobFiles, jobMetrics } = await import("@/db/schema");
    const db = await getDb();
    const states = () => db.select({ id: jobs.id, state: jobs.state }).from(jobs).where(inArray(jobs.id, accepted));
    try {
      await until(
        "every accepted job Ready",
        async () => {
          const rows = await states();
          return rows.length === accepted.length && rows.every((r) => r.state === "Ready");
        },
        240_000,
        500,
      );
    } finally {
      const left = (await states()).filter((r) => r.state !== "Ready");
      console.info(`after ${Date.now() - recovered} ms: ${left.length} of ${accepted.length} not Ready`);
    }
    const results = await db.select({ kind: jobFiles.kind }).from(jobFiles).where(inArray(jobFiles.jobId, accepted));
    const metrics = await db.select({ jobId: jobMetrics.jobId }).from(jobMetrics).where(inArray(jobMetrics.jobId, accepted));
    expect(results.filter((r) => r.kind === "result")).toHaveLength(accepted.length);
    expect(metrics).toHaveLength(accepted.length);
  });
});
