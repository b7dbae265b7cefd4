import { z } from "zod";
import { defineQueue } from "./define";
import { sendLocal } from "./local";
import { redisConnection } from "./redis";

/** The BullMQ id of a learn run's delivery: one per run, so asking twice adds it once. */
export function learnDeliveryId(runId: number): string {
  return `learn-${runId}`;
}

/**
 * The `learn` queue: a learn run asked for (lib/learn/services/request-learn-run.ts). The run waits in learn_runs,
 * workers/learn runs it. Attempts are for errors the run itself cannot record (the database unreachable): a failing
 * run ends in Error in learn_runs and completes.
 */
export const learnQueue = defineQueue({
  name: "learn",
  payload: z.object({ runId: z.number().int().positive() }),
  options: (data) => ({
    jobId: learnDeliveryId(data.runId),
    attempts: 5,
    backoff: { type: "exponential", delay: 5000 },
    removeOnComplete: 1000,
    removeOnFail: 5000,
  }),
});

/** BullMQ states in which a learn run's delivery will still reach a worker. */
const LIVE_LEARN_DELIVERY = new Set(["waiting", "wait", "prioritized", "delayed", "paused", "active", "waiting-children"]);

/**
 * Delivers a Waiting learn run again (a run that waited for its project's cluster locks, once they are gone): with
 * Redis a new delivery unless one is still on its way (the ended one is removed first: its id is the run's); embedded,
 * a message to the in-process runner. The run's claim decides who runs it (once).
 */
export async function redeliverLearnRun(runId: number): Promise<void> {
  const data = learnQueue.payload.parse({ runId });
  if (!redisConnection()) return sendLocal({ name: learnQueue.name, data });
  const existing = await learnQueue.bullmq().getJob(learnDeliveryId(runId));
  if (existing) {
    if (LIVE_LEARN_DELIVERY.has(await existing.getState())) return;
    await existing.remove();
  }
  await learnQueue.add(data);
}
