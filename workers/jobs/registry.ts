import os from "node:os";
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type WorkerKind, workerProcesses } from "@/db/schema";
import { ago, WORKER_HEARTBEAT_MS, WORKER_STALE_MS } from "@/lib/dashboard/worker-registry";
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { WORKER_ID } from "../worker-id";

export type Registration = {
  /** writes the row now (slots and busy as they are); the heartbeat calls it every WORKER_HEARTBEAT_MS */
  beat: () => Promise<void>;
  /** stops the heartbeat and removes the row (graceful stop) */
  stop: () => Promise<void>;
};

type Options = {
  kind: WorkerKind;
  /** the slots the process has now (they follow maxWorkerCount) */
  slots: () => number;
  /** the jobs it works on now */
  busy: () => number;
  /** `host:pid` unless given (tests) */
  id?: string;
  db?: () => Promise<Database>;
};

/**
 * Registers a job pipeline process in worker_processes (the dashboards' "workers connected"): a row at once, a
 * heartbeat every WORKER_HEARTBEAT_MS that also removes the rows of processes that died without their stop, and the
 * row removed again at a graceful stop. A failed write is logged; the next heartbeat tries again.
 */
export function registerWorkerProcess(opts: Options): Registration {
  const id = opts.id ?? WORKER_ID;
  const database = opts.db ?? getDb;
  let stopped = false;
  let beating: Promise<void> = Promise.resolve();

  const write = async () => {
    if (stopped) return;
    const db = await database();
    const values = { slots: Math.max(0, opts.slots()), busy: Math.max(0, opts.busy()) };
    await db
      .insert(workerProcesses)
      .values({ id, host: os.hostname(), pid: process.pid, kind: opts.kind, ...values })
      .onConflictDoUpdate({ target: workerProcesses.id, set: { ...values, kind: opts.kind, lastSeen: sql`now()` } });
    await db.delete(workerProcesses).where(lt(workerProcesses.lastSeen, ago(WORKER_STALE_MS)));
  };
  const beat = () => {
    beating = beating.then(write).catch((err: unknown) => log.warn({ err, id }, "worker registry: heartbeat failed"));
    return beating;
  };

  const timer = setInterval(() => void beat(), WORKER_HEARTBEAT_MS);
  timer.unref();
  void beat();

  return {
    beat,
    stop: async () => {
      clearInterval(timer);
      await beating;
      stopped = true;
      try {
        await (await database()).delete(workerProcesses).where(eq(workerProcesses.id, id));
      } catch (err) {
        log.warn({ err, id }, "worker registry: could not remove this process (its row goes stale)");
      }
    },
  };
}
