import { Queue } from "bullmq";
import { log } from "@/lib/log";
import { sendLocal } from "./local";
import { type Payload, QUEUES, type QueueName } from "./queues";
import { redisConnection } from "./redis";

/**
 * The producer side of the queues (docs/architecture.md): queue names and payloads (./queues), `enqueue`, and the
 * BullMQ queues it adds to. Everything that consumes them lives in workers/.
 */

type Holder = { queues: Map<QueueName, Queue> };
const g = globalThis as typeof globalThis & { __docserviceQueue?: Holder };
function holder(): Holder {
  g.__docserviceQueue ??= { queues: new Map() };
  return g.__docserviceQueue;
}

/** Redis key prefix of every queue; QUEUE_PREFIX separates installations (and test runs) sharing a Redis. */
export function queuePrefix(): string {
  return process.env.QUEUE_PREFIX || "docservice";
}

/** The BullMQ queue of `name` on REDIS_URL (created once per process). */
export function bullQueue(name: QueueName): Queue {
  const h = holder();
  let queue = h.queues.get(name);
  if (!queue) {
    const connection = redisConnection();
    if (!connection) throw new Error("REDIS_URL is not set");
    queue = new Queue(QUEUES[name].name, { connection, prefix: queuePrefix() });
    h.queues.set(name, queue);
  }
  return queue;
}

/** The BullMQ id of a job's delivery: one per run of the job, so adding it twice adds it once. */
export function deliveryId(jobId: number, restarts: number): string {
  return `job-${jobId}-${restarts}`;
}

/** The BullMQ id of a learn run's delivery: one per run, so asking twice adds it once. */
export function learnDeliveryId(runId: number): string {
  return `learn-${runId}`;
}

/**
 * Adds the BullMQ delivery of a learn run (enqueue, and the learn workers' sweep). Attempts are for errors the run
 * itself cannot record (the database unreachable): a failing run ends in Error in learn_runs and completes.
 */
export function addLearnDelivery(data: Payload<"learn">): Promise<unknown> {
  return bullQueue("learn").add("learn", data, {
    jobId: learnDeliveryId(data.runId),
    attempts: 5,
    backoff: { type: "exponential", delay: 5000 },
    removeOnComplete: 1000,
    removeOnFail: 5000,
  });
}

/** How long a producer waits for Redis to take a job's delivery; later, the workers' sweep makes up for it. */
const DELIVERY_TIMEOUT_MS = 3000;

/** Adds the BullMQ delivery of one run of a job (enqueue, and the workers' sweep of lost deliveries). */
export function addJobDelivery(data: Payload<"jobs">): Promise<unknown> {
  // a delivery comes again while another worker holds the job's lease (RetryLater, workers/bullmq.ts); attempts are
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
 * Producers call this: BullMQ on Redis when REDIS_URL is set, else the in-process transport (./local). A job's
 * delivery that Redis does not take in time, or while it is not connected, is logged, not thrown: the job is stored and Waiting, and the workers'
 * sweep (workers/jobs/redeliver.ts) delivers it again.
 */
export async function enqueue<Q extends QueueName>(name: Q, payload: Payload<Q>): Promise<void> {
  const data = QUEUES[name].payload.parse(payload);
  if (!redisConnection()) return sendLocal({ name, data });
  if (name === "learn") {
    await addLearnDelivery(data as Payload<"learn">);
    return;
  }
  if (name !== "jobs") {
    await bullQueue(name).add(name, data, { removeOnComplete: 1000, removeOnFail: 5000 });
    return;
  }
  const delivery = data as Payload<"jobs">;
  // Redis away (reconnecting): the job is stored and Waiting; the workers' sweep delivers it when Redis is back, so
  // intake does not wait for it
  if (redisConnection()?.status !== "ready") {
    log.warn({ jobId: delivery.jobId }, "Redis is not connected: the job's delivery is left to the workers' sweep");
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), DELIVERY_TIMEOUT_MS);
  });
  try {
    const added = await Promise.race([addJobDelivery(delivery), late]);
    if (added === "late") log.error({ jobId: delivery.jobId }, "job delivery not taken by Redis in time");
  } catch (err) {
    log.error({ err, jobId: delivery.jobId }, "job delivery could not be queued");
  } finally {
    clearTimeout(timer);
  }
}

/** BullMQ states in which a delivery still waits to be taken by a worker. */
const PENDING_DELIVERY = new Set(["waiting", "prioritized", "delayed", "wait", "paused"]);

/**
 * A Waiting job's delivery, brought in line with the job (IncreaseJobPriority raised its priority, the
 * ExtractionJobMonitor gave its lost claim back). With Redis: a delivery still pending takes the new priority
 * (BullMQ `changePriority`, its data too); one that ended or is missing is added again; an active one is left alone
 * (its worker claims the job, or BullMQ returns it when that worker died). Embedded: the in-process runner is woken;
 * it claims from the database by priority, then age. Answers what it did.
 */
export async function syncJobDelivery(payload: Payload<"jobs">): Promise<"changed" | "added" | "kept" | "woken"> {
  const data = QUEUES.jobs.payload.parse(payload);
  if (!redisConnection()) {
    sendLocal({ name: "jobs", data });
    return "woken";
  }
  const existing = await bullQueue("jobs").getJob(deliveryId(data.jobId, data.restarts));
  if (existing) {
    const state = await existing.getState();
    if (state === "active") return "kept";
    if (PENDING_DELIVERY.has(state)) {
      if (Number(existing.priority) === 11 - data.priority) return "kept";
      await existing.updateData(data);
      await existing.changePriority({ priority: 11 - data.priority });
      return "changed";
    }
    await existing.remove();
  }
  await addJobDelivery(data);
  return "added";
}

/** Closes the BullMQ queues of this process (tests, shutdown). */
export async function closeQueues(): Promise<void> {
  const h = holder();
  await Promise.all([...h.queues.values()].map((q) => q.close()));
  h.queues.clear();
}

const tickListener = globalThis as typeof globalThis & { __docserviceTickInterval?: (seconds: number) => void };

/** The embedded runner's scheduler (workers/scheduler/embedded.ts) hears a saved check interval here (no Redis). */
export function onLocalTickInterval(listener: ((seconds: number) => void) | undefined): void {
  tickListener.__docserviceTickInterval = listener;
}

/** The id of the scheduler tick's BullMQ job scheduler. */
export const SCHEDULER_TICK_ID = "scheduler-tick";

/**
 * With Redis: (re)registers the scheduler's tick every `checkIntervalSeconds` as a BullMQ job scheduler (idempotent,
 * any number of servers and workers may call it; a new interval replaces the old). Without Redis the embedded
 * runner's timer starts its wait again with the new interval.
 */
export async function scheduleTicks(checkIntervalSeconds: number): Promise<void> {
  if (!redisConnection()) {
    tickListener.__docserviceTickInterval?.(checkIntervalSeconds);
    return;
  }
  await bullQueue("scheduler").upsertJobScheduler(
    SCHEDULER_TICK_ID,
    { every: checkIntervalSeconds * 1000 },
    { name: "scheduler", data: { tick: true }, opts: { removeOnComplete: 100, removeOnFail: 500 } },
  );
}
