import { describe, expect, it } from "vitest";
import { type Answer, expectReadyOnce, installForThisFile, keepPosting, ready, searchJobs } from "./installation";
import { sleep, until } from "./services";

// issue 14 §4: PostgreSQL restarts under traffic. Requests during the outage get 503 in the error envelope with
// Retry-After (never a 500, never a hang), the readiness probe says 503 while the database is away and 200 within
// 5 s of its return, and no accepted job is lost or run twice.

const installation = installForThisFile({ workers: 1 });

describe("PostgreSQL restart under traffic", () => {
  it("answers 503 with Retry-After while the database is away, is ready again within 5 s, and loses no job", async () => {
    const inst = installation();
    const posting = keepPosting(inst, 4);
    const answers = posting.answers;
    let running = true;
    const searchers = Array.from({ length: 2 }, async () => {
      while (running) {
        const answer = await searchJobs(inst);
        answers.push(answer);
        if (answer.status !== 200) await sleep(100);
      }
    });
    const probes: Answer[] = [];
    const prober = (async () => {
      while (running) {
        probes.push(await ready(inst));
        await sleep(200);
      }
    })();

    await sleep(3000);
    const down = Date.now();
    inst.pg.stop();
    await sleep(10_000);
    const back = Date.now();
    inst.pg.start();
    await until(
      "the readiness probe says 200",
      () => (probes.at(-1)?.status ?? 0) === 200 && (probes.at(-1)?.at ?? 0) > back,
      30_000,
      50,
    );
    const readyAgain = (probes.find((p) => p.at > back && p.status === 200)?.at ?? Number.POSITIVE_INFINITY) - back;
    await sleep(5000);
    running = false;
    await Promise.all([posting.stop(), ...searchers, prober]);

    // sent while the database was away: from its stop (pg_ctl returns once it is down; the test's loop is blocked
    // meanwhile, so nothing is sent during the stop) to a second before its start. A request sent just before the
    // start can reach the server's database after it (pg_ctl start blocks this loop, not the busy server), so it may
    // rightly succeed: CI of c1d948f saw one such 200. The probes are counted the same way.
    const during = answers.filter((a) => a.at >= down && a.at < back - 1000);
    const summary = {
      requests: answers.length,
      duringOutage: during.length,
      byStatus: Object.fromEntries(
        [...new Set(answers.map((a) => a.status))].map((s) => [s, answers.filter((a) => a.status === s).length]),
      ),
      slowestDuringOutageMs: Math.round(Math.max(0, ...during.map((a) => a.ms))),
      readyAgainMs: readyAgain,
      accepted: posting.accepted.length,
    };
    console.info(`postgres restart: ${JSON.stringify(summary)}`);

    // every answer: a success, or 503 ServiceUnavailable in the envelope with Retry-After
    const wrong = answers.filter(
      (a) =>
        a.status !== 200 &&
        !(a.status === 503 && a.retryAfter !== null && JSON.parse(a.body).errors?.[0]?.code === "ServiceUnavailable"),
    );
    expect(wrong.map((a) => `${a.kind} ${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    expect(
      during.filter((a) => a.status !== 503).map((a) => `${a.kind} ${a.status} sent ${a.at - down} ms after the stop`),
    ).toEqual([]);
    // no request hangs on the lost database (before: up to 20 s, postgres.js's reconnect backoff); a bound, not a speed
    expect(summary.slowestDuringOutageMs).toBeLessThan(10_000);
    // the probe: 503 while away, 200 within 5 s of the database's return
    expect(
      probes
        .filter((p) => p.at > down + 1000 && p.at < back - 1000 && p.status !== 503)
        .map((p) => `ready ${p.status} sent ${p.at - down} ms after the stop`),
    ).toEqual([]);
    expect(readyAgain).toBeLessThanOrEqual(5000);

    await expectReadyOnce(posting.accepted);
  });
});
