import { Redis } from "ioredis";
import { redisUrl } from "@/lib/env";

type Holder = { redis?: Redis };
const holder = globalThis as typeof globalThis & { __docserviceRedis?: Holder };

/** The shared Redis connection when REDIS_URL is set (created lazily), else undefined. */
export function redisConnection(): Redis | undefined {
  const url = redisUrl();
  if (!url) return undefined;
  holder.__docserviceRedis ??= {};
  // BullMQ workers need maxRetriesPerRequest: null
  holder.__docserviceRedis.redis ??= new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
  return holder.__docserviceRedis.redis;
}
