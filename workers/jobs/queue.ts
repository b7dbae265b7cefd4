import { log } from "@/lib/log";
import { jobsQueue } from "@/lib/queue/jobs";
import type { QueueConsumer } from "../transport/consumer";
import { webhookSweep } from "../webhooks/sweep";
import { LEASE_MS } from "./claim";
import { startJobRunner, stopJobRunner, wakeJobRunner } from "./in-process-runner";
import { jobPipeline } from "./pipeline";
import { processJobDelivery } from "./processor";
import { REDELIVER_EVERY_MS, redeliverWaitingJobs } from "./redeliver";
import { type Registration, registerWorkerProcess } from "./registry";

/** how often a worker looks for jobs whose claims ran out: a tenth of the lease, at least every second */
const RECLAIM_EVERY_MS = Math.max(1000, Math.floor(LEASE_MS / 10));

/** this worker process's row in worker_processes (the dashboards' workers connected) */
let registration: Registration | undefined;

/**
 * The `jobs` queue's consumer. With Redis a delivery names one job, which this process's pipeline claims from the
 * database (workers/jobs/pipeline.ts); maxWorkerCount slots at once; a delivery's lock lasts a claim's lease. Embedded,
 * the in-process runner claims from the database itself, and a message only wakes it. Every job pipeline process keeps
 * its row in worker_processes (workers/jobs/registry.ts): the runner its own, a worker process this one.
 */
export const jobsConsumer: QueueConsumer = {
  queue: jobsQueue,
  process: processJobDelivery,
  concurrency: "slots",
  lockMs: LEASE_MS,
  sweeps: [
    // the webhooks' outbox (workers/webhooks/sweep.ts): sent where the jobs are processed
    webhookSweep,
    {
      // the deliveries Redis lost or never took (intake while it was away): every Waiting job is looked at once, at
      // once, when the connection is back (a delivery's id per run keeps this from doubling any)
      on: ["bullmq"],
      everyMs: REDELIVER_EVERY_MS,
      whenRedisIsBack: true,
      failure: { level: "error", message: "job delivery sweep failed" },
      run: async (db, occasion) => {
        if (occasion !== "redis-back") return redeliverWaitingJobs(db);
        log.warn("Redis is back: the deliveries of Waiting jobs are checked");
        return redeliverWaitingJobs(db, { olderThanMs: 0 });
      },
    },
    {
      // the jobs of a worker that died come back when their claims run out (JOB_LEASE_MS), not when BullMQ's
      // stalled-job check gives their deliveries back (minutes later): every worker looks for them ten times a lease,
      // and for Waiting jobs when it is idle. Not held back by busy slots: with a long queue they are always busy, and
      // the dead worker's jobs would wait for all of it; one such job at a time beside them
      on: ["bullmq"],
      everyMs: RECLAIM_EVERY_MS,
      exclusive: true,
      failure: { level: "warn", message: "could not look for jobs of a dead worker" },
      run: async (db) => {
        while (await jobPipeline().reclaimExpired(db)) {
          // one job at a time, in the slot that is free
        }
        // an idle process takes Waiting jobs from the database, the truth, at once: their deliveries may sit in
        // BullMQ's retry delays (a database outage failed them, up to 75 s) or be lost
        while (jobPipeline().busy === 0 && (await jobPipeline().runNext(db))) {
          // as long as there are some and no delivery came meanwhile
        }
      },
    },
  ],
  inProcess: { receive: wakeJobRunner, start: startJobRunner, stop: stopJobRunner },
  workerProcess: {
    // the dashboards' workers connected: this process, its slots (the jobs queue's concurrency) and busy slots
    start: ({ slots }) => {
      registration = registerWorkerProcess({ kind: "bullmq", slots, busy: () => jobPipeline().busy });
    },
    slotsChanged: () => void registration?.beat(),
    stop: async () => {
      await registration?.stop();
      registration = undefined;
    },
  },
};
