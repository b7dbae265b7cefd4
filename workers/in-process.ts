import { log } from "@/lib/log";
import { consumeLocal } from "@/lib/queue/local";
import type { QueueName } from "@/lib/queue/queues";
import { redisConnection } from "@/lib/queue/redis";
import { getDb } from "@/lib/setup/bootstrap";
import { startJobRunner, wakeJobRunner } from "./jobs/in-process-runner";
import { LEARN_SWEEP_EVERY_MS, sweepLearnRuns } from "./learn/sweep";
import { PROCESSORS } from "./processors";
import { keepTimer, runtime } from "./runtime";

/** Runs one message's processor in this process; a failure is logged (there is no retry without a queue). */
export async function runInProcess(name: QueueName, data: unknown): Promise<void> {
  const h = runtime();
  const run = (async () => {
    try {
      await PROCESSORS[name](await getDb(), data);
    } catch (err) {
      log.error({ queue: name, err }, "in-process job failed");
    }
  })();
  h.running.add(run);
  await run.finally(() => h.running.delete(run));
}

/**
 * The embedded default (DESIGN.md "Running parts"; no REDIS_URL): consumes the in-process transport of lib/queue and
 * starts the job runner, which claims jobs from the database exactly as a BullMQ worker does. A no-op with Redis.
 */
export function startInProcess(): void {
  if (redisConnection()) return;
  const h = runtime();
  h.detach ??= consumeLocal(({ name, data }) => {
    // the in-process job runner claims from the database itself; a new job only wakes it
    if (name === "jobs") wakeJobRunner();
    else void runInProcess(name, data);
  });
  startJobRunner();
  // learn runs left Waiting by a process that stopped, at once; then the sweep for lost deliveries and dead runs
  const sweep = (olderThanMs?: number) =>
    void (async () => {
      try {
        await sweepLearnRuns(await getDb(), olderThanMs === undefined ? {} : { olderThanMs });
      } catch (err) {
        log.error({ err }, "learn run sweep failed");
      }
    })();
  if (!h.learnSweep) {
    h.learnSweep = true;
    sweep(0);
    keepTimer(setInterval(() => sweep(), LEARN_SWEEP_EVERY_MS));
  }
}
