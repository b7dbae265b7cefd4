import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as jobStates } from "@/app/api/jobs/jobstates/route";
import { getDb } from "@/lib/db";
import { countCall } from "@/lib/limits";
import { redisConnection } from "@/lib/queue/redis";
import { tokenOf } from "../helpers/api";
import { makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * Issue 26 §4: sign-in attempts and API calls are limited per client address and per user; beyond a limit 429
 * TooManyRequests in the envelope with Retry-After and the RateLimit headers. The limits are environment settings
 * (lib/limits), set low here. On PGlite the counters are the process's; with DATABASE_URL (and REDIS_URL) the same
 * tests count in PostgreSQL (Redis), as CI's second pass runs them.
 */

const saved = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) if (key.startsWith("RATE_LIMIT_")) delete process.env[key];
  Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([k]) => k.startsWith("RATE_LIMIT_"))));
});

const PASSWORD = "Limit-Passw0rd!";

/** The counters count per minute: a test starts with 10 s of its minute left at least, so no window turns mid-test. */
async function awayFromMinuteEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
/** A token of a new system's job manager. */
async function jobManagerToken(): Promise<string> {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles: ["JobManager"] });
  return tokenOf(system.name, user.name);
}
const address = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe("limits", () => {
  it("a user's API calls beyond the limit answer 429 with Retry-After; another user goes on", async () => {
    await awayFromMinuteEdge();
    const system = await makeSystem();
    const [a, b] = [
      await makeUser({ systemId: system.id, roles: ["JobManager"] }),
      await makeUser({ systemId: system.id, roles: ["JobManager"] }),
    ];
    const [ta, tb] = [await tokenOf(system.name, a.name), await tokenOf(system.name, b.name)];
    process.env.RATE_LIMIT_API_PER_USER = "3";
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(jobStates, "/api/jobs/jobstates", { token: ta }));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]?.headers.get("ratelimit-limit")).toBe("3");
    expect(answers[0]?.headers.get("ratelimit-remaining")).toBe("2");
    const refused = answers[3];
    expect(refused?.json.errors[0].code).toBe("TooManyRequests");
    const retry = Number(refused?.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused?.headers.get("ratelimit-remaining")).toBe("0");
    expect((await call(jobStates, "/api/jobs/jobstates", { token: tb })).status).toBe(200);
  });

  it("calls from one address beyond its limit answer 429, whoever makes them; another address goes on", async () => {
    await awayFromMinuteEdge();
    const token = await jobManagerToken();
    process.env.RATE_LIMIT_API_PER_ADDRESS = "2";
    const from = address();
    const send = (addr: string) =>
      call(jobStates, "/api/jobs/jobstates", { token, headers: { "x-forwarded-for": `203.0.113.9, ${addr}` } });
    expect([(await send(from)).status, (await send(from)).status, (await send(from)).status]).toEqual([200, 200, 429]);
    expect((await send(address())).status).toBe(200);
  });

  it("a call refused by the address's limit does not count against its user", async () => {
    await awayFromMinuteEdge();
    const token = await jobManagerToken();
    process.env.RATE_LIMIT_API_PER_ADDRESS = "2";
    process.env.RATE_LIMIT_API_PER_USER = "3";
    const from = address();
    const send = (addr: string) => call(jobStates, "/api/jobs/jobstates", { token, headers: { "x-forwarded-for": addr } });
    expect([(await send(from)).status, (await send(from)).status, (await send(from)).status]).toEqual([200, 200, 429]);
    // the user's third call: the refused one was not counted
    const third = await send(address());
    expect(third.status).toBe(200);
    expect([third.headers.get("ratelimit-limit"), third.headers.get("ratelimit-remaining")]).toEqual(["3", "0"]);
  });

  it("sign-in attempts from one address are limited, right passwords too; a locked user's answer has Retry-After", async () => {
    await awayFromMinuteEdge();
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id, roles: ["JobManager"], password: PASSWORD });
    process.env.RATE_LIMIT_SIGNIN_PER_ADDRESS = "3";
    const from = address();
    const attempt = (password: string, addr = from) =>
      call(login, "/api/auth/login", {
        method: "POST",
        body: { systemName: system.name, userName: user.name, password },
        headers: { "x-forwarded-for": addr },
      });
    expect((await attempt("wrong-Passw0rd!")).status).toBe(401);
    expect((await attempt("wrong-Passw0rd!")).status).toBe(401);
    const third = await attempt("wrong-Passw0rd!");
    expect(third.json.errors[0].code).toBe("UserLockedOut");
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(60);
    const flooded = await attempt(PASSWORD);
    expect([flooded.status, flooded.json.errors[0].code]).toEqual([429, "TooManyRequests"]);
    expect(flooded.headers.get("retry-after")).toBeTruthy();
  });

  it("sign-in attempts for one user are limited from any address", async () => {
    await awayFromMinuteEdge();
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id, roles: ["JobManager"], password: PASSWORD });
    process.env.RATE_LIMIT_SIGNIN_PER_USER = "2";
    const attempt = () =>
      call(login, "/api/auth/login", {
        method: "POST",
        body: { systemName: system.name, userName: user.name, password: PASSWORD },
        headers: { "x-forwarded-for": address() },
      });
    expect([(await attempt()).status, (await attempt()).status, (await attempt()).status]).toEqual([200, 200, 429]);
  });

  it.skipIf(!process.env.DATABASE_URL)("counts in PostgreSQL when there is no Redis, across callers of one subject", async () => {
    await awayFromMinuteEdge();
    const redis = process.env.REDIS_URL;
    delete process.env.REDIS_URL;
    try {
      process.env.RATE_LIMIT_API_PER_USER = "2";
      const subject = randomUUID();
      const db = await getDb();
      await countCall(db, [{ rule: "apiPerUser", subject }]);
      await countCall(db, [{ rule: "apiPerUser", subject }]);
      await expect(countCall(db, [{ rule: "apiPerUser", subject }])).rejects.toMatchObject({ status: 429 });
    } finally {
      if (redis) process.env.REDIS_URL = redis;
    }
  });

  it.skipIf(!process.env.REDIS_URL)(
    "counts in Redis, each key once per call with its window's expiry, where every server sees it",
    async () => {
      await awayFromMinuteEdge();
      const redis = redisConnection();
      if (!redis) throw new Error("REDIS_URL is set, yet there is no connection");
      if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
      process.env.RATE_LIMIT_API_PER_USER = "5";
      process.env.RATE_LIMIT_API_PER_ADDRESS = "5";
      const [user, from] = [randomUUID(), address()];
      const db = await getDb();
      const checks = [
        { rule: "apiPerAddress" as const, subject: from },
        { rule: "apiPerUser" as const, subject: user },
      ];
      await countCall(db, checks);
      const headers = await countCall(db, checks);
      expect(headers["ratelimit-remaining"]).toBe("3");
      const window = Date.now() - (Date.now() % 60_000);
      const keys = [`docservice:limit:apiPerAddress:${from}:${window}`, `docservice:limit:apiPerUser:${user}:${window}`];
      // the counters are Redis's, not this process's memory (which a failed command falls back to)
      expect(await redis.mget(...keys)).toEqual(["2", "2"]);
      for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(60_000);
      await redis.del(...keys);
    },
  );
});
