import { bigserial, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const AUDIT_CATEGORIES = [
  "Unknown",
  "User",
  "ServiceConfiguration",
  "WorkerConfiguration",
  "Project",
  "System",
  "Scheduler",
  "SchedulerTask",
  "ResourcePool",
  "LearnProject",
  "Licence",
  "LearnWorkerConfig",
] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];
export const AUDIT_OPERATIONS = ["Unknown", "Create", "Update", "Delete"] as const;
export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];

// No foreign keys: the trail outlives the systems, users and projects it names.
export const auditTrail = pgTable(
  "audit_trail",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    category: text("category", { enum: AUDIT_CATEGORIES }).notNull(),
    operation: text("operation", { enum: AUDIT_OPERATIONS }).notNull(),
    systemId: uuid("system_id"),
    projectId: text("project_id"),
    project: text("project"),
    userId: uuid("user_id"),
    username: text("username").notNull(),
    /** set when the change was made by an administrator of the Supersystem acting as deputy */
    deputy: text("deputy"),
    value: text("value").notNull(),
  },
  (t) => [
    // the search (lib/audit/queries.ts) pages newest first, ORDER BY timestamp DESC, id DESC: every b-tree index ends in
    // (timestamp, id), read backwards, so that a page of 25 is the first 25 entries of the index for its filter
    index("audit_trail_time_idx").on(t.timestamp, t.id),
    index("audit_trail_system_time_idx").on(t.systemId, t.timestamp, t.id),
    // the project and user filters of a system, and their choices (the distinct values, read by skipping along these)
    index("audit_trail_system_project_idx").on(t.systemId, t.project, t.timestamp, t.id),
    index("audit_trail_system_user_idx").on(t.systemId, t.username, t.timestamp, t.id),
    // the value search: `*` wildcards matched case-insensitively (ILIKE) against the JSON text (pg_trgm, drizzle/0005)
    index("audit_trail_value_trgm_idx").using("gin", t.value.op("gin_trgm_ops")),
  ],
);

export type AuditRow = typeof auditTrail.$inferSelect;
export type NewAuditRow = typeof auditTrail.$inferInsert;
