import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Database } from "@/db/client";
import { rateLimitCounters } from "@/db/schema";
import { databaseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { redisConnection } from "@/lib/queue/redis";

/**
 * Issue 26 §4: limits on sign-in attempts and API calls, per client address and per user, over fixed windows of a
 * minute. Beyond a limit the call answers 429 TooManyRequests in the error envelope with `Retry-After` and the
 * `RateLimit-*` headers of the IETF draft; every limited answer under it carries them too. The counters live where
 * every server process sees them: Redis when REDIS_URL is set (while it is away, or slower than 250 ms, the process's
 * memory counts: a limit must not stall intake), else PostgreSQL when DATABASE_URL is set, else (the embedded
 * database, one server process) in memory. docs/decisions.md "Limits".
 */

export type LimitRule = "signInPerAddress" | "signInPerUser" | "apiPerAddress" | "apiPerUser";

const WINDOW_MS = 60_000;
const DEFAULTS: Record<LimitRule, { env: string; perMinute: number }> = {
  signInPerAddress: { env: "RATE_LIMIT_SIGNIN_PER_ADDRESS", perMinute: 60 },
  signInPerUser: { env: "RATE_LIMIT_SIGNIN_PER_USER", perMinute: 60 },
  apiPerAddress: { env: "RATE_LIMIT_API_PER_ADDRESS", perMinute: 12_000 },
  apiPerUser: { env: "RATE_LIMIT_API_PER_USER", perMinute: 6_000 },
};

/** The limit of a rule per minute (its environment variable, else the default); 0: no limit. */
export function limitOf(rule: LimitRule): number {
  const raw = process.env[DEFAULTS[rule].env];
  const n = raw === undefined || raw === "" ? Number.NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : DEFAULTS[rule].perMinute;
}

type Counted = { count: number; resetMs: number };
/**
 * Counts one call against each key in one round trip (a call's rules are counted together: each round trip of a busy
 * server waits its turn behind the other requests' work, bench/RESULTS.md "Load"); `giveBack` takes counts back.
 */
type Store = {
  hit(keys: string[], windowStart: number): Promise<number[]>;
  giveBack(keys: string[], windowStart: number): Promise<void>;
};

const memory = new Map<string, { window: number; count: number }>();
function memoryHit(key: string, windowStart: number): number {
  const entry = memory.get(key);
  if (!entry || entry.window !== windowStart) {
    // the last window's entries go as the window turns
    if (memory.size > 10_000) for (const [k, e] of memory) if (e.window < windowStart) memory.delete(k);
    memory.set(key, { window: windowStart, count: 1 });
    return 1;
  }
  entry.count++;
  return entry.count;
}
const memoryStore: Store = {
  async hit(keys, windowStart) {
    return keys.map((key) => memoryHit(key, windowStart));
  },
  async giveBack(keys, windowStart) {
    for (const key of keys) {
      const entry = memory.get(key);
      if (entry?.window === windowStart && entry.count > 0) entry.count--;
    }
  },
};

/** how long a call waits for Redis to count it; later it is counted in memory (Redis away must not stall calls) */
const REDIS_WAIT_MS = 250;

/**
 * Counts a call against each key in one command: INCR, and the window's expiry on its first count (a script is atomic,
 * so no counter outlives its window). One EVALSHA instead of a MULTI of two commands a key: the limits are counted on
 * every API call, and ioredis' work per command showed in the server's profile under load (bench/RESULTS.md "Load").
 */
const HIT_SCRIPT = `local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = redis.call("INCR", key)
  if counts[i] == 1 then redis.call("PEXPIRE", key, ARGV[1]) end
end
return counts`;

type LimitRedis = Redis & { docserviceLimitHit(keyCount: number, ...args: (string | number)[]): Promise<number[]> };
const scripted = new WeakSet<Redis>();

function withHitScript(redis: Redis): LimitRedis {
  if (!scripted.has(redis)) {
    redis.defineCommand("docserviceLimitHit", { lua: HIT_SCRIPT });
    scripted.add(redis);
  }
  return redis as LimitRedis;
}

function redisStore(): Store | undefined {
  const redis = redisConnection();
  // while Redis is away (reconnecting: its commands would queue until it is back), the process's memory counts
  if (redis?.status !== "ready") return undefined;
  const name = (key: string, windowStart: number) => `docservice:limit:${key}:${windowStart}`;
  return {
    async hit(keys, windowStart) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), REDIS_WAIT_MS);
      });
      try {
        const names = keys.map((key) => name(key, windowStart));
        const answer = await Promise.race([withHitScript(redis).docserviceLimitHit(names.length, ...names, WINDOW_MS * 2), late]);
        if (answer === "late" || !Array.isArray(answer)) return memoryStore.hit(keys, windowStart);
        return keys.map((_, i) => Number(answer[i]));
      } catch {
        return memoryStore.hit(keys, windowStart);
      } finally {
        clearTimeout(timer);
      }
    },
    async giveBack(keys, windowStart) {
      const multi = redis.multi();
      for (const key of keys) multi.decr(name(key, windowStart));
      await multi.exec().catch(() => undefined);
    },
  };
}

function databaseStore(db: Database): Store {
  return {
    async hit(keys, windowStart) {
      const start = new Date(windowStart);
      const rows = await db
        .insert(rateLimitCounters)
        .values(keys.map((key) => ({ key, windowStart: start, count: 1 })))
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
        })
        .returning({ key: rateLimitCounters.key, count: rateLimitCounters.count });
      // past windows go now and then (one call in a hundred removes them)
      if (Math.random() < 0.01)
        await db.execute(
          sql`delete from ${rateLimitCounters} where ${rateLimitCounters.windowStart} < ${new Date(windowStart - WINDOW_MS).toISOString()}::timestamptz`,
        );
      const counts = new Map(rows.map((r) => [r.key, r.count]));
      return keys.map((key) => counts.get(key) ?? 1);
    },
    async giveBack(keys, windowStart) {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`${rateLimitCounters.count} - 1` })
        .where(
          and(
            inArray(rateLimitCounters.key, keys),
            eq(rateLimitCounters.windowStart, new Date(windowStart)),
            gt(rateLimitCounters.count, 0),
          ),
        );
    },
  };
}

function storeFor(db: Database): Store {
  if (redisConnection()) return redisStore() ?? memoryStore;
  return databaseUrl() ? databaseStore(db) : memoryStore;
}

export type LimitHeaders = Record<string, string>;

function headersOf(limit: number, counted: Counted): LimitHeaders {
  const reset = Math.max(1, Math.ceil(counted.resetMs / 1000));
  return {
    "ratelimit-limit": String(limit),
    "ratelimit-remaining": String(Math.max(0, limit - counted.count)),
    "ratelimit-reset": String(reset),
    "ratelimit-policy": `${limit};w=${WINDOW_MS / 1000}`,
  };
}

/**
 * Counts one call against each of `checks` (a rule and whom it counts: an address, a user); beyond a limit throws 429
 * TooManyRequests with Retry-After. Answers the RateLimit headers of the tightest rule, for the answer.
 */
export async function countCall(
  db: Database,
  checks: { rule: LimitRule; subject: string | null | undefined }[],
  now = Date.now(),
): Promise<LimitHeaders> {
  const windowStart = now - (now % WINDOW_MS);
  const resetMs = windowStart + WINDOW_MS - now;
  const counting = checks.flatMap(({ rule, subject }) => {
    const limit = limitOf(rule);
    return subject && limit !== 0 ? [{ key: `${rule}:${subject}`, limit }] : [];
  });
  if (!counting.length) return {};
  const store = storeFor(db);
  const counts = await store.hit(
    counting.map((c) => c.key),
    windowStart,
  );
  let tightest: { limit: number; counted: Counted } | undefined;
  for (const [i, { limit }] of counting.entries()) {
    const counted = { count: counts[i] ?? 1, resetMs };
    if (counted.count > limit) {
      // a call refused by one rule is not counted by the rules after it
      const later = counting.slice(i + 1).map((c) => c.key);
      if (later.length) await store.giveBack(later, windowStart);
      const headers = headersOf(limit, counted);
      throw new AppError(
        "TooManyRequests",
        { retryAfter: headers["ratelimit-reset"] ?? "60" },
        { headers: { ...headers, "retry-after": headers["ratelimit-reset"] ?? "60" } },
      );
    }
    if (!tightest || limit - counted.count < tightest.limit - tightest.counted.count) tightest = { limit, counted };
  }
  return tightest ? headersOf(tightest.limit, tightest.counted) : {};
}

/**
 * The client's address: the last entry of X-Forwarded-For (the one the nearest proxy added; Next's own server sets the
 * header to the socket's address when none came), or null when unknown.
 */
export function clientAddress(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for");
  if (!forwarded) return null;
  const last = forwarded.split(",").pop()?.trim();
  return last ? last.slice(0, 100) : null;
}

/** Forgets the counters of this process (tests). */
export function resetMemoryLimits(): void {
  memory.clear();
}
