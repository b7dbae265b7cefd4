import type { Worker } from "bullmq";
import { CONSUMERS } from "./queues";
import { startBullWorkers } from "./transport/bullmq";
import { startInProcessTransport, stopInProcessTransport } from "./transport/in-process";

/**
 * A BullMQ worker for every queue (REDIS_URL set), `slots` the concurrency of those that follow maxWorkerCount, and
 * the queues' BullMQ sweeps.
 */
export function startWorkers(slots: number): Worker[] {
  return startBullWorkers(CONSUMERS, slots);
}

/**
 * The embedded default (no REDIS_URL): this process consumes lib/queue's in-process transport and starts the job
 * runner, which claims jobs from the database exactly as a BullMQ worker does. A no-op with Redis.
 */
export function startInProcess(): void {
  startInProcessTransport(CONSUMERS);
}

/**
 * Stops the consumers of this process: the server's part of each queue (the embedded scheduler; with `runOnStop`, a
 * graceful stop of the embedded runner, its onStop tasks), then the in-process transport, the job runner, the timers
 * and the runs under way; then closes the queues.
 */
export async function stopWorkers(opts: { runOnStop?: boolean } = {}): Promise<void> {
  for (const consumer of CONSUMERS) await consumer.server?.stop?.(opts);
  await stopInProcessTransport(CONSUMERS);
}
