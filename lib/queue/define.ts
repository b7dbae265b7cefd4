import type { Job, JobsOptions, Queue } from "bullmq";
import type { z } from "zod";
import { bullQueue } from "./bullmq";
import { sendLocal } from "./local";
import { redisConnection } from "./redis";

/**
 * A queue as its producers see it (one module a queue: lib/queue/<name>.ts): its name, its payload's schema and how a
 * payload becomes a delivery. The consumer side of each queue is workers/<name>/queue.ts.
 */
export type QueueDefinition<S extends z.ZodType = z.ZodType> = {
  readonly name: string;
  readonly payload: S;
  /**
   * What producers call: the payload checked against the schema (the consumer checks it again), then a BullMQ
   * delivery when REDIS_URL is set, else a message of the in-process transport (./local.ts).
   */
  enqueue(payload: z.input<S>): Promise<void>;
  /** Adds one BullMQ delivery with the queue's options (its id, priority, attempts): enqueue, and the workers' sweeps. */
  add(data: z.output<S>): Promise<Job>;
  /** The queue's BullMQ queue (REDIS_URL set). */
  bullmq(): Queue;
};

type Spec<S extends z.ZodType> = {
  name: string;
  payload: S;
  /** The BullMQ options of a payload's delivery. */
  options: (data: z.output<S>) => JobsOptions;
  /** How enqueue hands a checked payload to BullMQ (default: `add`, a failure reaches the producer). */
  deliver?: (data: z.output<S>, add: (data: z.output<S>) => Promise<Job>) => Promise<void>;
};

export function defineQueue<S extends z.ZodType>(spec: Spec<S>): QueueDefinition<S> {
  const add = (data: z.output<S>) => bullQueue(spec.name).add(spec.name, data, spec.options(data));
  return {
    name: spec.name,
    payload: spec.payload,
    add,
    bullmq: () => bullQueue(spec.name),
    async enqueue(payload) {
      const data = spec.payload.parse(payload);
      if (!redisConnection()) return sendLocal({ name: spec.name, data });
      if (spec.deliver) await spec.deliver(data, add);
      else await add(data);
    },
  };
}
