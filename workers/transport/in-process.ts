import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { closeQueues } from "@/lib/queue/bullmq";
import { consumeLocal } from "@/lib/queue/local";
import { redisConnection } from "@/lib/queue/redis";
import type { QueueConsumer } from "./consumer";
import { clearTimers, transportState } from "./state";
import { startSweeps } from "./sweeps";

/** Runs one message's processor in this process; a failure is logged (there is no retry without a queue). */
async function runInProcess(consumer: QueueConsumer, data: unknown): Promise<void> {
  const h = transportState();
  const run = (async () => {
    try {
      await consumer.process(await getDb(), data);
    } catch (err) {
      log.error({ queue: consumer.queue.name, err }, "in-process job failed");
    }
  })();
  h.running.add(run);
  await run.finally(() => h.running.delete(run));
}

/**
 * The in-process transport of the embedded default (DESIGN.md "Running parts"; no REDIS_URL): consumes lib/queue's
 * messages (a queue's own `receive`, else its processor), starts what the queues run beside (the job runner) and the
 * queues' in-process sweeps. A no-op with Redis; asked again, it starts nothing twice.
 */
export function startInProcessTransport(consumers: readonly QueueConsumer[]): void {
  if (redisConnection()) return;
  const h = transportState();
  h.detach ??= consumeLocal(({ name, data }) => {
    const consumer = consumers.find((c) => c.queue.name === name);
    if (!consumer) log.error({ queue: name }, "a message for a queue nobody consumes");
    else if (consumer.inProcess?.receive) consumer.inProcess.receive(data);
    else void runInProcess(consumer, data);
  });
  for (const consumer of consumers) consumer.inProcess?.start?.();
  if (!h.sweeping) {
    h.sweeping = true;
    startSweeps(consumers, "in-process");
  }
}

/**
 * Stops the consumers of this process: the transport's messages, what the queues run beside (the job runner waits for
 * the jobs in work), the timers of both transports, the runs under way; then closes the queues.
 */
export async function stopInProcessTransport(consumers: readonly QueueConsumer[]): Promise<void> {
  const h = transportState();
  h.detach?.();
  h.detach = undefined;
  for (const consumer of consumers) await consumer.inProcess?.stop?.();
  clearTimers();
  h.sweeping = false;
  await Promise.all([...h.running]);
  await closeQueues();
}
