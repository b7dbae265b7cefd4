import { describe, expect, it } from "vitest";
import { expectReadyOnce, installForThisFile, keepPosting } from "./installation";
import { sleep } from "./services";

// issue 14 §4: Redis restarts without persistence (every delivery lost). Intake keeps accepting, and every accepted
// job ends Ready within the sweep period, none twice.

const installation = installForThisFile({ workers: 1 });

describe("Redis restart without persistence", () => {
  it("keeps accepting jobs and ends every accepted one Ready once", async () => {
    const inst = installation();
    const posting = keepPosting(inst, 4);
    await sleep(3000);
    const down = Date.now();
    await inst.redis.stop();
    await sleep(5000);
    // no job is posted after the outage: the jobs stored meanwhile reach a worker by the sweep alone
    await posting.stop();
    const back = Date.now();
    await inst.redis.start();

    const answers = posting.answers;
    const during = answers.filter((a) => a.at >= down && a.at < back);
    const summary = {
      requests: answers.length,
      duringOutage: during.length,
      acceptedDuringOutage: during.filter((a) => a.status === 200).length,
      byStatus: Object.fromEntries(
        [...new Set(answers.map((a) => a.status))].map((s) => [s, answers.filter((a) => a.status === s).length]),
      ),
      slowestMs: Math.round(Math.max(...answers.map((a) => a.ms))),
      accepted: posting.accepted.length,
    };
    console.info(`redis restart: ${JSON.stringify(summary)}`);
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
    expect(summary.acceptedDuringOutage).toBeGreaterThan(0);
    // intake does not wait for Redis (before: up to 3 s a job); a bound against a hang, not a speed
    expect(summary.slowestMs).toBeLessThan(10_000);

    await expectReadyOnce(posting.accepted);
  });
});
