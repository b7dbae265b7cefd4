import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { jobs } from "./jobs";
import { projects } from "./projects";
import { systems } from "./systems";
import { users } from "./users";

/** bytea as bytes: postgres.js answers a Buffer, PGlite a Uint8Array; both take a Buffer */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * One document a job posted to a learn project brought (DESIGN.md "Learn"): its order file's name and extracted text,
 * written in the transaction that ends the job (workers/jobs/process/finish.ts). It outlives its job (CleanUpLearnJobs may
 * remove jobs; `job_id` then becomes null) and goes with its project. `learned_at` null = posted since the last learn
 * run (pending); `cluster_id` and `vector` are the learn run's.
 */
export const learnDocuments = pgTable(
  "learn_documents",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    systemId: uuid("system_id")
      .notNull()
      .references(() => systems.id, { onDelete: "cascade" }),
    jobId: bigint("job_id", { mode: "number" }).references(() => jobs.id, { onDelete: "set null" }),
    /** the order file's name within its job */
    file: text("file").notNull(),
    text: text("text").notNull(),
    pages: integer("pages").notNull(),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
    clusterId: uuid("cluster_id").references(() => learnClusters.id, { onDelete: "set null" }),
    /** the document's embedding, written by the learn run */
    vector: bytea("vector"),
    learnedAt: timestamp("learned_at", { withTimezone: true }),
  },
  (t) => [
    index("learn_documents_project_cluster_idx").on(t.projectId, t.clusterId),
    index("learn_documents_pending_idx").on(t.projectId).where(sql`${t.learnedAt} is null`),
    // a job's removal sets job_id null, and a restarted job replaces its documents: both find them by job
    index("learn_documents_job_idx").on(t.jobId),
    // a cluster's documents in id order: the portal's pages of them and its first documents as samples
    index("learn_documents_cluster_idx").on(t.clusterId, t.id),
  ],
);

export type LearnDocument = typeof learnDocuments.$inferSelect;
export type NewLearnDocument = typeof learnDocuments.$inferInsert;

/**
 * A group of a learn project's documents (DESIGN.md "Learn"): made by a learn run, named, merged, split, locked and
 * marked complete by people in the learn portal. `number` is the project's running number for it ("Cluster 7") until
 * it is named. Named or complete clusters are fixed: a run keeps their members and only adds new documents. A lock
 * (`locked_by`, `locked_at`) is a person editing it: a run refuses while any is held (LearnClusterLocked) and
 * BreakOldClusterLocks breaks locks older than 12 hours. `centroid` is the mean of its members' vectors (Float32,
 * unit length), `keywords` its top terms and `sample_ids` the members that show it best (closest to the centroid, best
 * first), all written by the run. A person's merge or split keeps `size` right and leaves `centroid` null until the
 * next run (docs/decisions.md "Learn clusters").
 */
export const learnClusters = pgTable(
  "learn_clusters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    systemId: uuid("system_id")
      .notNull()
      .references(() => systems.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    name: text("name"),
    complete: boolean("complete").notNull().default(false),
    lockedBy: uuid("locked_by").references(() => users.id, { onDelete: "set null" }),
    lockedByName: text("locked_by_name"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    /**
     * the holder's last sign of life (taking or renewing the lock, the open cluster page's heartbeat): a lock not seen
     * for CLUSTER_LOCK_LAPSE_MS (lib/learn/clusters/rules.ts) has lapsed and is held by nobody
     */
    lockSeen: timestamp("lock_seen", { withTimezone: true }),
    size: integer("size").notNull().default(0),
    centroid: bytea("centroid"),
    keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
    /** the run's sample documents, best first; the portal shows those still members, then the first members by id */
    sampleIds: bigint("sample_ids", { mode: "number" }).array().notNull().default([]),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp("updated", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("learn_clusters_project_number_idx").on(t.projectId, t.number),
    uniqueIndex("learn_clusters_project_name_idx").on(t.projectId, sql`lower(${t.name})`).where(sql`${t.name} is not null`),
    index("learn_clusters_locked_idx").on(t.lockedAt).where(sql`${t.lockedAt} is not null`),
  ],
);

export type LearnCluster = typeof learnClusters.$inferSelect;

export const LEARN_RUN_STATES = ["Waiting", "Running", "Ready", "Error"] as const;
export type LearnRunState = (typeof LEARN_RUN_STATES)[number];
/** what asked for a run: a person ("learn now" or the API), the StartLearnEngine task, GroupPendingDocuments, or the
 * learn settings createLearnJobOnProjectChange / createLearnJobOnClusterChange */
export const LEARN_RUN_TRIGGERS = ["Manual", "Task", "PendingDocuments", "ProjectChange", "ClusterChange"] as const;
export type LearnRunTrigger = (typeof LEARN_RUN_TRIGGERS)[number];

/**
 * One learn run of a project (queue `learn`): asked for, then run by a learn worker, with its progress (`done` of
 * `total` documents) while it runs and its outcome after. At most one run of a project waits or runs at a time.
 */
export const learnRuns = pgTable(
  "learn_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    systemId: uuid("system_id")
      .notNull()
      .references(() => systems.id, { onDelete: "cascade" }),
    state: text("state", { enum: LEARN_RUN_STATES }).notNull().default("Waiting"),
    trigger: text("trigger", { enum: LEARN_RUN_TRIGGERS }).notNull(),
    /** StartLearnEngine's onlyChanged: place the new documents only; otherwise re-cluster all that are not fixed */
    onlyChanged: boolean("only_changed").notNull().default(true),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedByName: text("requested_by_name"),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    /** what the run did, for its row in the portal: documents placed, clusters made and changed */
    summary: jsonb("summary").$type<Record<string, number>>(),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    /** the error's parameters, so that the portal tells the failure in the reader's language (messages "errors") */
    errorParameter: jsonb("error_parameter").$type<Record<string, string | number>>(),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
    started: timestamp("started", { withTimezone: true }),
    finished: timestamp("finished", { withTimezone: true }),
    /** the learn worker that runs it (workers/learn/claim.ts) and when it last said so: a run whose heartbeat is older
     * than the lease is taken over by the next delivery; `attempts` counts the claims (a run that keeps killing its
     * worker ends in Error) */
    workerId: text("worker_id"),
    heartbeat: timestamp("heartbeat", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    index("learn_runs_project_idx").on(t.projectId, t.created),
    uniqueIndex("learn_runs_one_open_idx").on(t.projectId).where(sql`${t.state} in ('Waiting', 'Running')`),
  ],
);

export type LearnRun = typeof learnRuns.$inferSelect;

/**
 * A learn project's embedding model (lib/learn/engine): fitted by a full run over its documents, kept so that an
 * incremental run and the classifier of a linked extraction project embed new text the same way.
 */
export const learnModels = pgTable("learn_models", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  model: jsonb("model").$type<unknown>().notNull(),
  documents: integer("documents").notNull(),
  fitted: timestamp("fitted", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What an export (lib/learn/services/export-learn-clusters.ts) gave an extraction project's classifier: a copy of the
 * learn project's model at the time (a later full run refits the learn project's model; the exported centroids stay
 * valid against this copy until the next export) and the similarity a document needs to a learned class. The learned
 * classes themselves, with their centroids, are document classes of the extraction project (`learned: true`).
 */
export const learnExports = pgTable("learn_exports", {
  /** the extraction project (LinkedExtraction) */
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  learnProjectId: uuid("learn_project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  model: jsonb("model").$type<unknown>().notNull(),
  similarity: doublePrecision("similarity").notNull(),
  classes: integer("classes").notNull(),
  exported: timestamp("exported", { withTimezone: true }).notNull().defaultNow(),
});

export type LearnExport = typeof learnExports.$inferSelect;
