import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { schedulerTasks } from "./scheduler";
import { systems } from "./systems";

export type StoredFeature = {
  id: string;
  status: "Unlimited" | "Limited" | "LimitedYear" | "LimitedMonth";
  limit: number | null;
  expiration: string | null;
};
export type StoredAlertConfiguration = { dateStage1: number; dateStage2: number; counterStage1: number; counterStage2: number };

/** spec foundation §3 "Licence": a signed licence file (physical), from a cloud source, or virtual. */
export const licences = pgTable(
  "licences",
  {
    /** the id of the licence file, or the id a virtual licence's creator sends (DESIGN.md "Licence file") */
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    customer: text("customer").notNull().default(""),
    expiration: date("expiration", { mode: "string" }),
    station: text("station").notNull().default(""),
    mac: text("mac").notNull().default(""),
    issued: text("issued").notNull().default(""),
    features: jsonb("features").$type<StoredFeature[]>().notNull().default([]),
    isVirtual: boolean("is_virtual").notNull().default(false),
    source: text("source", { enum: ["file", "csb", "virtual"] }).notNull(),
    /** the licence file as uploaded or fetched (base64), kept for download and re-verification */
    content: text("content"),
    /** the system it was uploaded for, if any */
    systemId: uuid("system_id").references(() => systems.id, { onDelete: "set null" }),
    alertConfiguration: jsonb("alert_configuration")
      .$type<StoredAlertConfiguration>()
      .notNull()
      .default({ dateStage1: 30, dateStage2: 7, counterStage1: 80, counterStage2: 95 }),
    csbUrl: text("csb_url"),
    csbCustomer: text("csb_customer"),
    csbUsername: text("csb_username"),
    csbPasswordEnc: text("csb_password_enc"),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("licences_virtual_idx").on(t.isVirtual)],
);

/** The ordered children of a virtual licence: primary first, then fallbacks (spec foundation §4). */
export const licenceChildren = pgTable(
  "licence_children",
  {
    parentId: text("parent_id")
      .notNull()
      .references(() => licences.id, { onDelete: "cascade" }),
    childId: text("child_id")
      .notNull()
      .references(() => licences.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.childId] }), index("licence_children_child_idx").on(t.childId)],
);

/** Usage of a licence feature per period ("all", "YYYY" or "YYYY-MM" by the feature's status). */
export const licenceUsage = pgTable(
  "licence_usage",
  {
    licenceId: text("licence_id")
      .notNull()
      .references(() => licences.id, { onDelete: "cascade" }),
    featureId: text("feature_id").notNull(),
    period: text("period").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.licenceId, t.featureId, t.period] })],
);

/**
 * The alert level (lib/licences/alerts.ts) a LicenceAlertsNotifier task last notified for a licence: each task notifies
 * a level once; the row follows the licence down again when it gets better (renewed), so a later worsening notifies anew.
 */
export const licenceAlertNotices = pgTable(
  "licence_alert_notices",
  {
    licenceId: text("licence_id")
      .notNull()
      .references(() => licences.id, { onDelete: "cascade" }),
    taskId: uuid("task_id")
      .notNull()
      .references(() => schedulerTasks.id, { onDelete: "cascade" }),
    level: text("level", { enum: ["warning", "critical", "expired"] }).notNull(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.licenceId, t.taskId] })],
);

export type Licence = typeof licences.$inferSelect;
