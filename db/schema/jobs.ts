import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { projects } from "./projects";
import { einvoiceCounters } from "./statistics";
import { systems } from "./systems";

/** spec operations §3 "Job states" */
export const JOB_STATES = ["Undefined", "New", "Waiting", "Assigned", "Processing", "Ready", "Error", "Removed"] as const;
export type JobState = (typeof JOB_STATES)[number];
export const LOG_LEVELS = ["Off", "Fatal", "Error", "Warn", "Info", "Debug", "Trace"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type JobProperty = { name: string; value: string };

/** spec operations §3 "Job". */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** SHA-256 of the job's own auth key (DESIGN.md "Job creation") */
    authHash: text("auth_hash").notNull(),
    systemId: uuid("system_id")
      .notNull()
      .references(() => systems.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    projectName: text("project_name").notNull(),
    creatorId: uuid("creator_id"),
    creator: text("creator").notNull().default(""),
    state: text("state", { enum: JOB_STATES }).notNull().default("New"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    /** the parameters of errorCode, so that the portal can say the error in the user's language */
    errorParams: jsonb("error_params").$type<Record<string, string | number>>(),
    logLevel: text("log_level", { enum: LOG_LEVELS }).notNull().default("Info"),
    useDefaultLogLevel: boolean("use_default_log_level").notNull().default(true),
    client: text("client").notNull().default(""),
    clientInfo: text("client_info").notNull().default(""),
    priority: integer("priority").notNull().default(5),
    workerProcessId: text("worker_process_id"),
    preventDelete: boolean("prevent_delete").notNull().default(false),
    properties: jsonb("properties").$type<JobProperty[]>().notNull().default([]),
    attempts: integer("attempts").notNull().default(0),
    restarts: integer("restarts").notNull().default(0),
    /** the claims (attempts) of earlier runs: attempts − attemptsBefore is what this run used (ExtractionJobMonitor) */
    attemptsBefore: integer("attempts_before").notNull().default(0),
    /** when the job's current wait began: queued, restarted, or given back by the ExtractionJobMonitor */
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    /** when IncreaseJobPriority last raised the priority (it counts the next increaseAfterHours from here) */
    priorityRaisedAt: timestamp("priority_raised_at", { withTimezone: true }),
    /** a claimed job whose lease has run out is taken again (a worker died) */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
    assigned: timestamp("assigned", { withTimezone: true }),
    started: timestamp("started", { withTimezone: true }),
    finished: timestamp("finished", { withTimezone: true }),
    deleted: timestamp("deleted", { withTimezone: true }),
  },
  (t) => [
    // the job monitor's searches (lib/jobs/queries.ts searchJobs): each ORDER BY … DESC, id DESC (NULLS FIRST, as DESC
    // means) of the default sort, a state filter and the priority sort is read from an index in its order
    index("jobs_system_created_idx").on(t.systemId, t.created.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("jobs_system_state_idx").on(t.systemId, t.state, t.created.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("jobs_system_priority_idx").on(t.systemId, t.priority.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the monitor's free-text filters ("contains", ILIKE '%…%'): a rare term is found without reading every job
    index("jobs_client_trgm_idx").using("gin", t.client.op("gin_trgm_ops")),
    index("jobs_client_info_trgm_idx").using("gin", t.clientInfo.op("gin_trgm_ops")),
    // the queue: waiting jobs by priority, then age
    index("jobs_queue_idx").on(t.priority.desc(), t.created).where(sql`${t.state} = 'Waiting'`),
    index("jobs_lease_idx").on(t.leaseUntil).where(sql`${t.state} in ('Assigned', 'Processing')`),
  ],
);

export const JOB_FILE_KINDS = ["order", "work", "result"] as const;
export type JobFileKind = (typeof JOB_FILE_KINDS)[number];

/** spec operations §3 "File": name, contentType, size, isMultiPageFile; the bytes live under DATA_DIR/files. */
export const jobFiles = pgTable(
  "job_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: bigint("job_id", { mode: "number" })
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: JOB_FILE_KINDS }).notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    isMultiPage: boolean("is_multi_page").notNull().default(false),
    /** relative to DATA_DIR/files */
    path: text("path").notNull(),
  },
  (t) => [index("job_files_job_idx").on(t.jobId, t.kind)],
);

export const jobLogs = pgTable(
  "job_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: bigint("job_id", { mode: "number" })
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    time: timestamp("time", { withTimezone: true }).notNull().defaultNow(),
    level: text("level", { enum: LOG_LEVELS }).notNull(),
    message: text("message").notNull(),
    /** the line as a code with parameters (lib/jobs/log-lines.ts); message is its English text */
    code: text("code"),
    params: jsonb("params").$type<Record<string, string | number>>(),
  },
  (t) => [index("job_logs_job_idx").on(t.jobId, t.id)],
);

/** What statistics will need of every processed job (documents, pages, bytes in and out, duration). */
export const jobMetrics = pgTable(
  "job_metrics",
  {
    jobId: bigint("job_id", { mode: "number" })
      .primaryKey()
      .references(() => jobs.id, { onDelete: "cascade" }),
    systemId: uuid("system_id").notNull(),
    projectId: uuid("project_id"),
    documents: integer("documents").notNull(),
    pages: integer("pages").notNull(),
    bytesIn: bigint("bytes_in", { mode: "number" }).notNull(),
    bytesOut: bigint("bytes_out", { mode: "number" }).notNull(),
    ocrDocuments: integer("ocr_documents").notNull().default(0),
    ocrPages: integer("ocr_pages").notNull().default(0),
    ...einvoiceCounters((name) => integer(name).notNull().default(0)),
    durationMs: integer("duration_ms").notNull(),
    success: boolean("success").notNull(),
    finished: timestamp("finished", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("job_metrics_system_finished_idx").on(t.systemId, t.finished),
    // MetricsArchiver's archive over every system reads a period in (finished, job_id) order (lib/downloads)
    index("job_metrics_finished_idx").on(t.finished, t.jobId),
    // the top 10 long-running jobs of a range (lib/statistics/queries.ts longRunningJobs) walk job_metrics in duration
    // order and check each job's creation day instead of sorting every job of the range (bench/RESULTS.md "Statistics")
    index("job_metrics_system_duration_idx").on(t.systemId, t.durationMs.desc(), t.jobId.desc()),
    index("job_metrics_project_duration_idx").on(t.projectId, t.durationMs.desc(), t.jobId.desc()),
  ],
);

export type Job = typeof jobs.$inferSelect;
export type JobFile = typeof jobFiles.$inferSelect;
