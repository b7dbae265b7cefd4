import { Queue } from "bullmq";
import { redisConnection } from "./redis";

type Holder = { queues: Map<string, Queue> };
const g = globalThis as typeof globalThis & { __docserviceQueue?: Holder };
function holder(): Holder {
  g.__docserviceQueue ??= { queues: new Map() };
  return g.__docserviceQueue;
}

/** Redis key prefix of every queue; QUEUE_PREFIX separates installations (and test runs) sharing a Redis. */
export function queuePrefix(): string {
  return process.env.QUEUE_PREFIX || "docservice";
}

/** The BullMQ queue `name` on REDIS_URL (created once per process). */
export function bullQueue(name: string): Queue {
  const h = holder();
  let queue = h.queues.get(name);
  if (!queue) {
    const connection = redisConnection();
    if (!connection) throw new Error("REDIS_URL is not set");
    queue = new Queue(name, { connection, prefix: queuePrefix() });
    h.queues.set(name, queue);
  }
  return queue;
}

/** Closes the BullMQ queues of this process (tests, shutdown). */
export async function closeQueues(): Promise<void> {
  const h = holder();
  await Promise.all([...h.queues.values()].map((q) => q.close()));
  h.queues.clear();
}
