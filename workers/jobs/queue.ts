import { log } from "@/lib/log";
import { jobsQueue } from "@/lib/queue/jobs";
import type { QueueConsumer } from "../transport/consumer";
import { LEASE_MS } from "./claim";
import { REDELIVER_EVERY_MS, redeliverWaitingJobs } from "./redeliver";
import { type Registration, registerWorkerProcess } from "./registry";

/**
 * The job pipeline and what reads a document (lib/processing: PDF engines, OCR, e-invoices, layout text) load at the
 * first delivery, when the in-process transport starts, or when a worker process starts: a Next server beside
 * `npm run worker` processes no job and never loads them (docs/decisions.md "The server's modules").
 */
const pipeline = () => import("./pipeline");
/** the embedded runner, loaded once: its start, wakes and stop run in the order they were asked for */
let runner: Promise<typeof import("./in-process-runner")> | undefined;
const inProcessRunner = () => (runner ??= import("./in-process-runner"));

/** Runs `use` on the embedded runner once it is loaded; a failed load or start is logged, not an unhandled rejection. */
const withRunner = (use: (runner: typeof import("./in-process-runner")) => unknown) =>
  void inProcessRunner()
    .then(use)
    .catch((err: unknown) => log.error({ err }, "the embedded job runner could not be loaded or started"));

/** how often a worker looks for due webhook deliveries when none is under way: an event waits at most about this long */
const WEBHOOK_SWEEP_MS = 1000;

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
  process: async (db, data) => (await import("./processor")).processJobDelivery(db, data),
  concurrency: "slots",
  lockMs: LEASE_MS,
  sweeps: [
    {
      // the webhooks' sender (workers/webhooks/sweep.ts), beside the deliveries (the outbox is a table, not a queue):
      // in every worker process with Redis, in the server's in-process runner without. The sweep finds what became
      // due while nothing was under way; an ending attempt claims the next of its webhook
      on: ["bullmq", "in-process"],
      everyMs: WEBHOOK_SWEEP_MS,
      exclusive: true,
      failure: { level: "warn", message: "could not send the due webhook deliveries" },
      run: async (db) => (await import("../webhooks/sweep")).sendDueDeliveries(db),
    },
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
        const { jobPipeline } = await pipeline();
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
  inProcess: {
    receive: () => withRunner((r) => r.wakeJobRunner()),
    start: () => withRunner((r) => r.startJobRunner()),
    stop: async () => (await inProcessRunner()).stopJobRunner(),
  },
  workerProcess: {
    // the dashboards' workers connected: this process, its slots (the jobs queue's concurrency) and busy slots
    start: async ({ slots }) => {
      const { jobPipeline } = await pipeline();
      registration = registerWorkerProcess({ kind: "bullmq", slots, busy: () => jobPipeline().busy });
    },
    slotsChanged: () => void registration?.beat(),
    stop: async () => {
      await registration?.stop();
      registration = undefined;
    },
  },
};
