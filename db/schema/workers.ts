import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** What runs the job pipeline in a process: a BullMQ worker process (`npm run worker`) or the embedded runner. */
export const WORKER_KINDS = ["bullmq", "in-process"] as const;
export type WorkerKind = (typeof WORKER_KINDS)[number];

/**
 * The job pipeline processes alive now (the dashboards' "workers connected"): each registers itself at start, writes
 * its slots and busy slots with a heartbeat every few seconds (database time) and removes itself at a graceful stop.
 * A row not seen for a few heartbeats is ignored, and removed by the next heartbeat of any process.
 */
export const workerProcesses = pgTable("worker_processes", {
  /** `host:pid`, the id the process writes into the jobs it claims (jobs.worker_process_id) */
  id: text("id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  kind: text("kind", { enum: WORKER_KINDS }).notNull(),
  /** the jobs it may work on at once (maxWorkerCount, 0 = logical CPUs) */
  slots: integer("slots").notNull(),
  /** the jobs it works on now */
  busy: integer("busy").notNull().default(0),
  started: timestamp("started", { withTimezone: true }).notNull().defaultNow(),
  lastSeen: timestamp("last_seen", { withTimezone: true }).notNull().defaultNow(),
});

export type WorkerProcess = typeof workerProcesses.$inferSelect;
