import { redisConnection } from "@/lib/queue/redis";
import { ensureReady } from "./bootstrap";

const TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS).unref()),
  ]);
}

async function check(fn: () => Promise<unknown>): Promise<string> {
  try {
    await withTimeout(fn());
    return "ok";
  } catch (error) {
    return error instanceof Error ? error.message : "failed";
  }
}

/** GET /api/health/ready: the database answers and, when REDIS_URL is set, Redis does too. */
export async function readiness(): Promise<{ status: "ok" | "unavailable"; checks: Record<string, string> }> {
  const checks: Record<string, string> = {
    database: await check(async () => (await ensureReady()).ping()),
  };
  const redis = redisConnection();
  if (redis) checks.redis = await check(() => redis.ping());
  return { status: Object.values(checks).every((c) => c === "ok") ? "ok" : "unavailable", checks };
}
