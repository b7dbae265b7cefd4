import { asc, gt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type WorkerKind, workerProcesses } from "@/db/schema";

/** How often a job pipeline process writes its row (worker_processes). */
export const WORKER_HEARTBEAT_MS = 5000;
/** A process counts as connected while its last heartbeat is at most this old: three heartbeats. */
export const WORKER_CONNECTED_MS = 3 * WORKER_HEARTBEAT_MS;
/** Rows older than this (a process that died without its graceful stop) are removed by the next heartbeat. */
export const WORKER_STALE_MS = 60_000;

export type ConnectedWorker = {
  id: string;
  host: string;
  pid: number;
  kind: WorkerKind;
  slots: number;
  busy: number;
  started: Date;
};
export type WorkerSummary = { connected: number; slots: number; busy: number; processes: ConnectedWorker[] };

/** `now() - ms` in the database's clock */
export const ago = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;

/** The job pipeline processes seen within WORKER_CONNECTED_MS (database time, so clocks of other hosts do not matter). */
export async function connectedWorkers(db: Database): Promise<WorkerSummary> {
  const processes = await db
    .select({
      id: workerProcesses.id,
      host: workerProcesses.host,
      pid: workerProcesses.pid,
      kind: workerProcesses.kind,
      slots: workerProcesses.slots,
      busy: workerProcesses.busy,
      started: workerProcesses.started,
    })
    .from(workerProcesses)
    .where(gt(workerProcesses.lastSeen, ago(WORKER_CONNECTED_MS)))
    .orderBy(asc(workerProcesses.host), asc(workerProcesses.pid));
  return {
    connected: processes.length,
    slots: processes.reduce((sum, p) => sum + p.slots, 0),
    busy: processes.reduce((sum, p) => sum + Math.min(p.busy, p.slots), 0),
    processes,
  };
}
