import { DelayedError, Queue, Worker } from "bullmq";
import { and, asc, desc, eq, lt } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobs } from "@/db/schema";
import { LEASE_MS } from "@/lib/jobs/claim";
import { jobRunnerIdle, startJobRunner, stopJobRunner, wakeJobRunner } from "@/lib/jobs/in-process-runner";
import { RetryLater } from "@/lib/jobs/pipeline";
import { log } from "@/lib/log";
import { getDb } from "@/lib/setup/bootstrap";
import { PROCESSORS } from "@/workers/processors";
import { type Payload, QUEUES, type QueueName, SCHEDULES } from "@/workers/queues";
import { redisConnection } from "./redis";

type Holder = { queues: Map<QueueName, Queue>; timers: NodeJS.Timeout[]; running: Set<Promise<unknown>> };
const g = globalThis as typeof globalThis & { __docserviceQueue?: Holder };
function holder(): Holder {
  g.__docserviceQueue ??= { queues: new Map(), timers: [], running: new Set() };
  return g.__docserviceQueue;
}

/** Redis key prefix of every queue; QUEUE_PREFIX separates installations (and test runs) sharing a Redis. */
function prefix(): string {
  return process.env.QUEUE_PREFIX || "docservice";
}

function bullQueue(name: QueueName): Queue {
  const h = holder();
  let queue = h.queues.get(name);
  if (!queue) {
    const connection = redisConnection();
    if (!connection) throw new Error("REDIS_URL is not set");
    queue = new Queue(QUEUES[name].name, { connection, prefix: prefix() });
    h.queues.set(name, queue);
  }
  return queue;
}

async function runInProcess(name: QueueName, data: unknown): Promise<void> {
  const h = holder();
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

/** The BullMQ id of a job's delivery: one per run of the job, so adding it twice adds it once. */
export function deliveryId(jobId: number, restarts: number): string {
  return `job-${jobId}-${restarts}`;
}

/** How long a producer waits for Redis to take a job's delivery; later, redeliverWaitingJobs makes up for it. */
const DELIVERY_TIMEOUT_MS = 3000;

function addDelivery(data: Payload<"jobs">): Promise<unknown> {
  // a delivery comes again while another worker holds the job's lease (RetryLater, startWorkers); attempts are
  // for errors (the database unreachable)
  return bullQueue("jobs").add("jobs", data, {
    jobId: deliveryId(data.jobId, data.restarts),
    priority: 11 - data.priority,
    attempts: 5,
    backoff: { type: "exponential", delay: 5000 },
    removeOnComplete: 1000,
    removeOnFail: 5000,
  });
}

/**
 * Producers call this: BullMQ on Redis when REDIS_URL is set, else the in-process runner. A job's delivery that
 * Redis does not take in time is logged, not thrown: the job is stored and Waiting, and the workers' sweep
 * (redeliverWaitingJobs) delivers it again.
 */
export async function enqueue<Q extends QueueName>(name: Q, payload: Payload<Q>): Promise<void> {
  const data = QUEUES[name].payload.parse(payload);
  if (redisConnection()) {
    if (name === "jobs") {
      const delivery = data as Payload<"jobs">;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), DELIVERY_TIMEOUT_MS);
      });
      try {
        const added = await Promise.race([addDelivery(delivery), late]);
        if (added === "late") log.error({ jobId: delivery.jobId }, "job delivery not taken by Redis in time");
      } catch (err) {
        log.error({ err, jobId: delivery.jobId }, "job delivery could not be queued");
      } finally {
        clearTimeout(timer);
      }
      return;
    }
    await bullQueue(name).add(name, data, { removeOnComplete: 1000, removeOnFail: 5000 });
    return;
  }
  // the in-process job runner claims from the database itself; a new job only wakes it
  if (name === "jobs") return wakeJobRunner();
  void runInProcess(name, data);
}

/**
 * Starts the repeating work of SCHEDULES. With Redis they become BullMQ job schedulers (idempotent:
 * any number of servers may register them) that `npm run worker` processes; without, the in-process
 * runner of this server runs them on timers.
 */
export async function startScheduling(): Promise<void> {
  const h = holder();
  if (redisConnection()) {
    for (const s of SCHEDULES) {
      await bullQueue(s.queue).upsertJobScheduler(s.id, { every: s.everyMs }, { name: s.queue, data: s.payload });
    }
    return;
  }
  startJobRunner();
  for (const s of SCHEDULES) {
    // the first run waits until the server has answered its first requests
    setTimeout(() => void runInProcess(s.queue, s.payload), 10_000).unref();
    const timer = setInterval(() => void runInProcess(s.queue, s.payload), s.everyMs);
    timer.unref();
    h.timers.push(timer);
  }
}

/** Waiting this long without being claimed makes the sweep look at a job's delivery. */
const REDELIVER_AFTER_MS = 2 * 60_000;
const REDELIVER_EVERY_MS = 60_000;

/**
 * The sweep of worker processes: a job Waiting for a while whose delivery is missing from BullMQ (Redis was down
 * when it was posted, or its data was lost) or already ended there gets its delivery again. Deliveries have an id per
 * run of the job (deliveryId), so a sweep of several workers at once adds each at most once. Looks at the oldest
 * `limit` such jobs per run; answers how many it delivered again.
 */
export async function redeliverWaitingJobs(
  db: Database,
  { olderThanMs = REDELIVER_AFTER_MS, limit = 1000 } = {},
): Promise<number> {
  if (!redisConnection()) return 0;
  const waiting = await db
    .select({ id: jobs.id, priority: jobs.priority, restarts: jobs.restarts })
    .from(jobs)
    .where(and(eq(jobs.state, "Waiting"), lt(jobs.created, new Date(Date.now() - olderThanMs))))
    .orderBy(desc(jobs.priority), asc(jobs.created))
    .limit(limit);
  const queue = bullQueue("jobs");
  let again = 0;
  for (const job of waiting) {
    const existing = await queue.getJob(deliveryId(job.id, job.restarts));
    if (existing) {
      const state = await existing.getState();
      if (state !== "completed" && state !== "failed" && state !== "unknown") continue;
      await existing.remove();
    }
    await addDelivery({ jobId: job.id, priority: job.priority, restarts: job.restarts });
    again++;
  }
  if (again) log.warn({ again }, "job deliveries queued again");
  return again;
}

/** A BullMQ worker for every queue, each running the same processors (workers/index.ts), and the sweep. */
export function startWorkers(concurrency: number): Worker[] {
  const connection = redisConnection();
  if (!connection) throw new Error("REDIS_URL is not set: workers need Redis");
  const sweep = setInterval(async () => {
    try {
      await redeliverWaitingJobs(await getDb());
    } catch (err) {
      log.error({ err }, "job delivery sweep failed");
    }
  }, REDELIVER_EVERY_MS);
  sweep.unref();
  holder().timers.push(sweep);
  return (Object.keys(QUEUES) as QueueName[]).map((name) => {
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
        concurrency,
        prefix: prefix(),
        // a dead worker's BullMQ job returns to the queue about when its database lease runs out
        lockDuration: LEASE_MS,
        stalledInterval: LEASE_MS,
      },
    );
    worker.on("failed", (job, err) => log.error({ queue: name, jobId: job?.id, err }, "job failed"));
    // one line per delivery is too much at hundreds per second: debug only (LOG_LEVEL=debug)
    worker.on("completed", (job) => log.debug({ queue: name, jobId: job.id }, "delivery completed"));
    return worker;
  });
}

/** Stops timers and closes queues (tests, shutdown). */
export async function stopQueues(): Promise<void> {
  const h = holder();
  stopJobRunner();
  await jobRunnerIdle();
  for (const t of h.timers) clearInterval(t);
  h.timers = [];
  await Promise.all([...h.running]);
  await Promise.all([...h.queues.values()].map((q) => q.close()));
  h.queues.clear();
}
