import { DelayedError, Queue, Worker } from "bullmq";
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

/** Producers call this: BullMQ on Redis when REDIS_URL is set, else the in-process runner. */
export async function enqueue<Q extends QueueName>(name: Q, payload: Payload<Q>): Promise<void> {
  const data = QUEUES[name].payload.parse(payload);
  if (redisConnection()) {
    // a delivery comes again while another worker holds the job's lease (RetryLater, startWorkers); attempts are
    // for errors (the database unreachable)
    const jobOptions =
      name === "jobs" && "priority" in data
        ? { priority: 11 - data.priority, attempts: 5, backoff: { type: "exponential", delay: 5000 } }
        : {};
    await bullQueue(name).add(name, data, { removeOnComplete: 1000, removeOnFail: 5000, ...jobOptions });
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

/** A BullMQ worker for every queue, each running the same processors (workers/index.ts). */
export function startWorkers(concurrency: number): Worker[] {
  const connection = redisConnection();
  if (!connection) throw new Error("REDIS_URL is not set: workers need Redis");
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
