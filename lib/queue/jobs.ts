import { z } from "zod";
import { log } from "@/lib/log";
import { defineQueue } from "./define";
import { sendLocal } from "./local";
import { redisConnection } from "./redis";

/** The BullMQ id of a job's delivery: one per run of the job, so adding it twice adds it once. */
export function deliveryId(jobId: number, restarts: number): string {
  return `job-${jobId}-${restarts}`;
}

/** the turns one priority holds in BullMQ's priorities (BullMQ takes up to 2^21) */
const TURNS = 100_000;

/**
 * A delivery's BullMQ priority (lower first): the job's priority first, then its turn in its system, so deliveries go
 * round robin over the systems as the in-process runner's claims do (workers/jobs/claim.ts fairQueue): every system's
 * first Waiting job of a priority before any system's second.
 */
export function bullmqPriority(priority: number, turn: number): number {
  return (11 - priority) * TURNS + Math.min(turn, TURNS - 1);
}

/** How long a producer waits for Redis to take a job's delivery; later, the workers' sweep makes up for it. */
const DELIVERY_TIMEOUT_MS = 3000;

/**
 * The `jobs` queue: a job posted or restarted (lib/jobs/services). A delivery only names the job: the job waits in the
 * database, and workers/jobs claims it from there. A delivery that Redis does not take in time, or while it is not
 * connected, is logged, not thrown: the job is stored and Waiting, and the workers' sweep (workers/jobs/redeliver.ts)
 * delivers it again.
 */
export const jobsQueue = defineQueue({
  name: "jobs",
  // restarts: the job's restart count when queued, so a delivery of a restarted job is told from an older one
  payload: z.object({
    jobId: z.number().int().positive(),
    priority: z.number().int().min(1).max(10).default(5),
    restarts: z.number().int().min(0).default(0),
    // issue 26 §5, fair share: the job's place among its system's Waiting jobs of its priority when queued (0 first)
    turn: z.number().int().min(0).default(0),
  }),
  // a delivery comes again while another worker holds the job's lease (RetryLater, workers/transport/bullmq.ts);
  // attempts are for errors (the database unreachable)
  options: (data) => ({
    jobId: deliveryId(data.jobId, data.restarts),
    priority: bullmqPriority(data.priority, data.turn),
    attempts: 5,
    backoff: { type: "exponential", delay: 5000 },
    removeOnComplete: 1000,
    removeOnFail: 5000,
  }),
  deliver: async (data, add) => {
    // Redis away (reconnecting): the job is stored and Waiting; the workers' sweep delivers it when Redis is back, so
    // intake does not wait for it
    if (redisConnection()?.status !== "ready") {
      log.warn({ jobId: data.jobId }, "Redis is not connected: the job's delivery is left to the workers' sweep");
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), DELIVERY_TIMEOUT_MS);
    });
    try {
      const added = await Promise.race([add(data), late]);
      if (added === "late") log.error({ jobId: data.jobId }, "job delivery not taken by Redis in time");
    } catch (err) {
      log.error({ err, jobId: data.jobId }, "job delivery could not be queued");
    } finally {
      clearTimeout(timer);
    }
  },
});

/** BullMQ states in which a delivery still waits to be taken by a worker. */
const PENDING_DELIVERY = new Set(["waiting", "prioritized", "delayed", "wait", "paused"]);

/**
 * A Waiting job's delivery, brought in line with the job (IncreaseJobPriority raised its priority, the
 * ExtractionJobMonitor gave its lost claim back). With Redis: a delivery still pending takes the new priority
 * (BullMQ `changePriority`, its data too); one that ended or is missing is added again; an active one is left alone
 * (its worker claims the job, or BullMQ returns it when that worker died). Embedded: the in-process runner is woken;
 * it claims from the database by priority, then age. Answers what it did.
 */
export async function syncJobDelivery(
  payload: z.input<typeof jobsQueue.payload>,
): Promise<"changed" | "added" | "kept" | "woken"> {
  const data = jobsQueue.payload.parse(payload);
  if (!redisConnection()) {
    sendLocal({ name: jobsQueue.name, data });
    return "woken";
  }
  const existing = await jobsQueue.bullmq().getJob(deliveryId(data.jobId, data.restarts));
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
  await jobsQueue.add(data);
  return "added";
}
