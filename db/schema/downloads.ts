import { bigint, index, integer, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** spec operations §3 "Download search": the type's number is its index (Unknown 0, Metric 1, AuditTrail 2, MetricAggregate 3). */
export const DOWNLOAD_TYPES = ["Unknown", "Metric", "AuditTrail", "MetricAggregate"] as const;
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];

/**
 * The files the archiver tasks make (DESIGN.md "Downloads"). No foreign key to systems: like the audit trail, an
 * archive outlives the system it holds (DownloadCleaner removes it in time).
 */
export const downloads = pgTable(
  "downloads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** null: an archive over every system (the Supersystem's view only) */
    systemId: uuid("system_id"),
    /** DOWNLOAD_TYPES index, as the API sends it */
    type: smallint("type").notNull(),
    displayFileName: text("display_file_name").notNull(),
    /** what the archive holds, e.g. `AuditTrail:2026-10:all` (lib/downloads/periods.ts) */
    externalId: text("external_id").notNull(),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
    /** bytes of the zip */
    size: bigint("size", { mode: "number" }).notNull(),
    /** relative to DATA_DIR/files */
    path: text("path").notNull(),
  },
  (t) => [
    // the list of a system (and type), newest first; the admin's list of a type; DownloadCleaner by age
    index("downloads_system_type_created_idx").on(t.systemId, t.type, t.created.desc()),
    index("downloads_type_created_idx").on(t.type, t.created.desc()),
  ],
);

export type Download = typeof downloads.$inferSelect;

/**
 * What the archivers have archived, one row per target and period (docs/decisions.md "Downloads"): kept apart from
 * the downloads so that a deleted download (by a user or DownloadCleaner) is not archived again, and `clean` deletes
 * only rows a record proves archived.
 */
export const archivedPeriods = pgTable(
  "archived_periods",
  {
    /** the archive's key (the download's externalId), or the key of a period of a target that had no rows */
    externalId: text("external_id").primaryKey(),
    type: smallint("type").notNull(),
    /** `all`, `bySystem` (a global task's per-system pass) or the id of the system the archive holds */
    target: text("target").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    rows: integer("rows").notNull(),
    /** the download written; null when the period had no rows (or for a `bySystem` pass) */
    downloadId: uuid("download_id"),
    archived: timestamp("archived", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("archived_periods_target_idx").on(t.type, t.target, t.periodEnd)],
);

export type ArchivedPeriod = typeof archivedPeriods.$inferSelect;
