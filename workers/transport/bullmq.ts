import { DelayedError, Worker } from "bullmq";
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { queuePrefix } from "@/lib/queue/bullmq";
import { redisConnection } from "@/lib/queue/redis";
import type { QueueConsumer } from "./consumer";
import { RetryLater } from "./retry-later";
import { startSweeps } from "./sweeps";

/**
 * The BullMQ transport: a worker for every queue given, each running its processor with the queue's concurrency and
 * lock (a dead worker's delivery returns to the queue about when its lock runs out), and the queues' BullMQ sweeps.
 * `slots` is the concurrency of the queues that follow maxWorkerCount.
 */
export function startBullWorkers(consumers: readonly QueueConsumer[], slots: number): Worker[] {
  const connection = redisConnection();
  if (!connection) throw new Error("REDIS_URL is not set: workers need Redis");
  const whenRedisIsBack = startSweeps(consumers, "bullmq");
  // Redis back after an outage may have lost every delivery (no persistence), and intake stored work meanwhile
  // without one
  let connected = connection.status === "ready";
  connection.on("ready", () => {
    if (connected) for (const run of whenRedisIsBack) void run("redis-back");
    connected = true;
  });
  return consumers.map((consumer) => {
    const name = consumer.queue.name;
    const worker = new Worker(
      name,
      async (job, token) => {
        try {
          return await consumer.process(await getDb(), job.data);
        } catch (error) {
          if (!(error instanceof RetryLater)) throw error;
          // back to the delayed set without spending an attempt: the work is held elsewhere or in maintenance
          await job.moveToDelayed(Date.now() + error.delayMs, token);
          throw new DelayedError();
        }
      },
      {
        connection: connection.duplicate(),
        concurrency: consumer.concurrency === "slots" ? slots : consumer.concurrency,
        prefix: queuePrefix(),
        lockDuration: consumer.lockMs,
        stalledInterval: consumer.lockMs,
      },
    );
    worker.on("failed", (job, err) => log.error({ queue: name, jobId: job?.id, err }, "job failed"));
    // one line per delivery is too much at hundreds per second: debug only (LOG_LEVEL=debug)
    worker.on("completed", (job) => log.debug({ queue: name, jobId: job.id }, "delivery completed"));
    return worker;
  });
}

/** The workers of the queues that follow maxWorkerCount take `slots` as their concurrency; answers whether one changed. */
export function followSlots(workers: readonly Worker[], consumers: readonly QueueConsumer[], slots: number): boolean {
  let changed = false;
  for (const worker of workers) {
    const consumer = consumers.find((c) => c.queue.name === worker.name);
    if (consumer?.concurrency !== "slots" || worker.concurrency === slots) continue;
    worker.concurrency = slots;
    log.info({ queue: worker.name, concurrency: slots }, "worker count changed by the service configuration");
    changed = true;
  }
  return changed;
}
