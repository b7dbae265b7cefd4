import { sql } from "drizzle-orm";
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
type Store = { hit(key: string, windowStart: number): Promise<number> };

const memory = new Map<string, { window: number; count: number }>();
const memoryStore: Store = {
  async hit(key, windowStart) {
    const entry = memory.get(key);
    if (!entry || entry.window !== windowStart) {
      // the last window's entries go as the window turns
      if (memory.size > 10_000) for (const [k, e] of memory) if (e.window < windowStart) memory.delete(k);
      memory.set(key, { window: windowStart, count: 1 });
      return 1;
    }
    entry.count++;
    return entry.count;
  },
};

/** how long a call waits for Redis to count it; later it is counted in memory (Redis away must not stall calls) */
const REDIS_WAIT_MS = 250;

function redisStore(): Store | undefined {
  const redis = redisConnection();
  // while Redis is away (reconnecting: its commands would queue until it is back), the process's memory counts
  if (redis?.status !== "ready") return undefined;
  return {
    async hit(key, windowStart) {
      const name = `docservice:limit:${key}:${windowStart}`;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), REDIS_WAIT_MS);
      });
      try {
        const answer = await Promise.race([
          redis
            .multi()
            .incr(name)
            .pexpire(name, WINDOW_MS * 2)
            .exec(),
          late,
        ]);
        if (answer === "late" || !answer) return memoryStore.hit(key, windowStart);
        return Number((answer as [[unknown, number]])[0][1]);
      } catch {
        return memoryStore.hit(key, windowStart);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function databaseStore(db: Database): Store {
  return {
    async hit(key, windowStart) {
      const start = new Date(windowStart);
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: start, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
        })
        .returning({ count: rateLimitCounters.count });
      // past windows go now and then (one call in a hundred removes them)
      if (Math.random() < 0.01)
        await db.execute(
          sql`delete from ${rateLimitCounters} where ${rateLimitCounters.windowStart} < ${new Date(windowStart - WINDOW_MS).toISOString()}::timestamptz`,
        );
      return row?.count ?? 1;
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
  const store = storeFor(db);
  let tightest: { limit: number; counted: Counted } | undefined;
  for (const { rule, subject } of checks) {
    const limit = limitOf(rule);
    if (!subject || limit === 0) continue;
    const count = await store.hit(`${rule}:${subject}`, windowStart);
    const counted = { count, resetMs };
    if (count > limit) {
      const headers = headersOf(limit, counted);
      throw new AppError(
        "TooManyRequests",
        { retryAfter: headers["ratelimit-reset"] ?? "60" },
        { headers: { ...headers, "retry-after": headers["ratelimit-reset"] ?? "60" } },
      );
    }
    if (!tightest || limit - count < tightest.limit - tightest.counted.count) tightest = { limit, counted };
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
