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
 * delivery that Redis does not take in time is logged, not thrown: the job is stored and Waiting, and the workers'
 * sweep (workers/jobs/redeliver.ts) delivers it again.
 */
export async function enqueue<Q extends QueueName>(name: Q, payload: Payload<Q>): Promise<void> {
  const data = QUEUES[name].payload.parse(payload);
  if (!redisConnection()) return sendLocal({ name, data });
  if (name !== "jobs") {
    await bullQueue(name).add(name, data, { removeOnComplete: 1000, removeOnFail: 5000 });
    return;
  }
  const delivery = data as Payload<"jobs">;
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

/** Closes the BullMQ queues of this process (tests, shutdown). */
export async function closeQueues(): Promise<void> {
  const h = holder();
  await Promise.all([...h.queues.values()].map((q) => q.close()));
  h.queues.clear();
}
