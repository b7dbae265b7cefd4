import { DelayedError, Worker } from "bullmq";
import { log } from "@/lib/log";
import { queuePrefix } from "@/lib/queue";
import { QUEUES, type QueueName } from "@/lib/queue/queues";
import { redisConnection } from "@/lib/queue/redis";
import { getDb } from "@/lib/setup/bootstrap";
import { LEASE_MS } from "./jobs/claim";
import { jobPipeline, RetryLater } from "./jobs/pipeline";
import { REDELIVER_EVERY_MS, redeliverWaitingJobs } from "./jobs/redeliver";
import { LEARN_LEASE_MS } from "./learn/claim";
import { LEARN_SWEEP_EVERY_MS, sweepLearnRuns } from "./learn/sweep";
import { PROCESSORS } from "./processors";
import { keepTimer } from "./runtime";

/** how often a worker looks for jobs whose claims ran out: a tenth of the lease, at least every second */
const RECLAIM_EVERY_MS = Math.max(1000, Math.floor(LEASE_MS / 10));

/**
 * Queues whose workers do not follow maxWorkerCount: a learn run takes a core and its project's documents in memory, so
 * a process runs one at a time (more processes, more at once); its lock lasts as long as a learn run's lease.
 */
export const FIXED_CONCURRENCY: Partial<Record<QueueName, { concurrency: number; lockMs: number }>> = {
  learn: { concurrency: 1, lockMs: LEARN_LEASE_MS },
};

/**
 * A BullMQ worker for every queue, each running its processor (workers/processors.ts), and the sweeps: lost
 * deliveries, the jobs of dead workers, learn runs.
 */
export function startWorkers(concurrency: number): Worker[] {
  const connection = redisConnection();
  if (!connection) throw new Error("REDIS_URL is not set: workers need Redis");
  const sweep = async (options?: { olderThanMs: number }) => {
    try {
      await redeliverWaitingJobs(await getDb(), options);
    } catch (err) {
      log.error({ err }, "job delivery sweep failed");
    }
  };
  keepTimer(setInterval(() => void sweep(), REDELIVER_EVERY_MS));
  // the jobs of a worker that died come back when their claims run out (JOB_LEASE_MS), not when BullMQ's stalled-job
  // check gives their deliveries back (minutes later): every worker looks for them ten times a lease, and for Waiting
  // jobs when it is idle
  let reclaiming = false;
  keepTimer(
    setInterval(async () => {
      // not held back by busy slots: with a long queue they are always busy, and the dead worker's jobs would wait for
      // all of it; one such job at a time beside them
      if (reclaiming) return;
      reclaiming = true;
      try {
        while (await jobPipeline().reclaimExpired(await getDb())) {
          // one job at a time, in the slot that is free
        }
        // an idle process takes Waiting jobs from the database, the truth, at once: their deliveries may sit in BullMQ's
        // retry delays (a database outage failed them, up to 75 s) or be lost
        while (jobPipeline().busy === 0 && (await jobPipeline().runNext(await getDb()))) {
          // as long as there are some and no delivery came meanwhile
        }
      } catch (err) {
        log.warn({ err }, "could not look for jobs of a dead worker");
      } finally {
        reclaiming = false;
      }
    }, RECLAIM_EVERY_MS),
  );
  // Redis back after an outage may have lost every delivery (no persistence), and intake stored jobs meanwhile
  // without one: every Waiting job is looked at once, at once (a delivery's id per run keeps this from doubling any)
  let connected = connection.status === "ready";
  connection.on("ready", () => {
    if (connected) {
      log.warn("Redis is back: the deliveries of Waiting jobs are checked");
      void sweep({ olderThanMs: 0 });
    }
    connected = true;
  });
  keepTimer(
    setInterval(async () => {
      try {
        await sweepLearnRuns(await getDb());
      } catch (err) {
        log.error({ err }, "learn run sweep failed");
      }
    }, LEARN_SWEEP_EVERY_MS),
  );
  return (Object.keys(QUEUES) as QueueName[]).map((name) => {
    const fixed = FIXED_CONCURRENCY[name];
    const worker = new Worker(
      QUEUES[name].name,
      async (job, token) => {
        try {
          return await PROCESSORS[name](await getDb(), job.data);
        } catch (error) {
          if (!(error instanceof RetryLater)) throw error;
          // back to the delayed set without spending an attempt: the job is leased elsewhere or in maintenance
          await job.moveToDelayed(Date.now() + error.delayMs, token);
          throw new DelayedError();
        }
      },
      {
        connection: connection.duplicate(),
        concurrency: fixed?.concurrency ?? concurrency,
        prefix: queuePrefix(),
        // a dead worker's BullMQ job returns to the queue about when its database lease runs out
        lockDuration: fixed?.lockMs ?? LEASE_MS,
        stalledInterval: fixed?.lockMs ?? LEASE_MS,
      },
    );
    worker.on("failed", (job, err) => log.error({ queue: name, jobId: job?.id, err }, "job failed"));
    // one line per delivery is too much at hundreds per second: debug only (LOG_LEVEL=debug)
    worker.on("completed", (job) => log.debug({ queue: name, jobId: job.id }, "delivery completed"));
    return worker;
  });
}
