import type { Database } from "@/db/client";
import type { QueueDefinition } from "@/lib/queue/define";

/** The two transports: BullMQ workers on Redis (`npm run worker`), or the in-process runner of the embedded default. */
export type Transport = "bullmq" | "in-process";

/** Why a sweep runs: its interval, the start of the in-process transport, or Redis back after an outage. */
export type SweepOccasion = "interval" | "start" | "redis-back";

/** Repeating work beside a queue's deliveries (lost deliveries, the work of dead workers). */
export type Sweep = {
  everyMs: number;
  /** the transports it runs under */
  on: readonly Transport[];
  /** also once at once when these transports start */
  atStart?: readonly Transport[];
  /** also at once when the Redis connection is back after an outage (BullMQ) */
  whenRedisIsBack?: boolean;
  /** a round is left out while the one before still runs */
  exclusive?: boolean;
  /** the log line of a round that failed, and its level */
  failure: { level: "warn" | "error"; message: string };
  run(db: Database, occasion: SweepOccasion): Promise<unknown>;
};

/**
 * A queue as its consumer sees it (one module a queue: workers/<name>/queue.ts, listed in workers/queues.ts): the
 * producer's definition (lib/queue/<name>.ts: name and payload), the processor, its concurrency and sweeps, and what
 * starts and stops with the processes. The transports (workers/transport/) know no queue of their own.
 */
export type QueueConsumer = {
  queue: QueueDefinition;
  /** one delivery (BullMQ) or message (in-process); it checks the payload against the queue's schema */
  process(db: Database, data: unknown): Promise<unknown>;
  /** deliveries at once per BullMQ worker process: "slots" is maxWorkerCount (0 = CPUs) and follows its changes */
  concurrency: "slots" | number;
  /** how long a BullMQ delivery's lock lasts, and the stalled-job check's interval: a dead worker's delivery comes back */
  lockMs: number;
  sweeps?: readonly Sweep[];
  /** the in-process transport (no Redis) */
  inProcess?: {
    /** takes a message instead of the processor */
    receive?(data: unknown): void;
    /** as the transport starts (each time it is asked to; idempotent) and stops */
    start?(): void;
    stop?(): Promise<void>;
  };
  /** the Next server (instrumentation.ts): `embedded` without Redis, else beside `npm run worker` processes */
  server?: {
    start?(mode: { embedded: boolean }): Promise<void> | void;
    /** `runOnStop`: a graceful stop of the embedded runner */
    stop?(opts: { runOnStop?: boolean }): Promise<void>;
  };
  /** a worker process (`npm run worker`), before its BullMQ workers start and after they closed */
  workerProcess?: {
    start?(ctx: { slots: () => number }): Promise<void> | void;
    /** maxWorkerCount changed, and with it the slots */
    slotsChanged?(): void;
    stop?(): Promise<void>;
  };
};
