import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { systems } from "./systems";

export const PROJECT_TYPES = ["Extraction", "Learn", "LinkedExtraction", "LinkedLearn", "Invalid", "None"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export type ProjectProperty = { name: string; value: string; description: string };
export type StoredDocumentClass = {
  name: string;
  keywords: string[];
  patterns: string[];
  fields: { name: string; pattern: string; type: "string" | "date" | "amount" }[];
};

/** spec operations §3 "Project": an extraction project of a system, its file kept per version on disk. */
export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    systemId: uuid("system_id")
      .notNull()
      .references(() => systems.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    version: integer("version").notNull().default(1),
    type: text("type", { enum: PROJECT_TYPES }).notNull().default("Extraction"),
    properties: jsonb("properties").$type<ProjectProperty[]>().notNull().default([]),
    versionProperties: jsonb("version_properties").$type<ProjectProperty[]>().notNull().default([]),
    /** the document classes of the current version's project.json, for processing */
    documentClasses: jsonb("document_classes").$type<StoredDocumentClass[]>().notNull().default([]),
    withCustomizing: boolean("with_customizing").notNull().default(false),
    updating: boolean("updating").notNull().default(false),
    /** the submission key (DESIGN.md "Job creation"): hash to authenticate, sealed to show */
    submissionKeyHash: text("submission_key_hash").notNull(),
    submissionKeySealed: text("submission_key_sealed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("projects_system_name_idx").on(t.systemId, sql`lower(${t.name})`),
    uniqueIndex("projects_submission_key_idx").on(t.submissionKeyHash),
  ],
);

export type Project = typeof projects.$inferSelect;
