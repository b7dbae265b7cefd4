import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { systems } from "./systems";

export const PROJECT_TYPES = ["Extraction", "Learn", "LinkedExtraction", "LinkedLearn", "Invalid", "None"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export type ProjectProperty = { name: string; value: string; description: string };
/** the `learn` member of a learn project's project.json (DESIGN.md "Learn"); absent members take the engine's defaults */
export type LearnSettings = { minClusterSize?: number; similarity?: number };
export type StoredDocumentClass = {
  name: string;
  keywords: string[];
  patterns: string[];
  /**
   * lookup: the name of a Csv resource whose first column lists the values kept (DESIGN.md "Resources"); locale (the
   * field's, else the project's), dateFormats, decimalSeparator: how its dates and amounts are written; text (the
   * field's, else the project's): the text its pattern reads, the reading-order text when absent (docs/project-file.md)
   */
  fields: {
    name: string;
    /** absent for a field with a fixed `value` (issue 24 §3) */
    pattern?: string;
    type: "string" | "date" | "amount" | "number";
    /** which matches make the value (first when absent); a fixed value */
    match?: "first" | "last" | "all" | "sum" | "min" | "max";
    value?: string | number;
    lookup?: string;
    locale?: string;
    dateFormats?: string[];
    decimalSeparator?: "." | ",";
    text?: "layout" | "reading";
    /** an EN 16931 business term (BT-112): the value of a document's e-invoice, else the pattern's (issue 25) */
    source?: string;
  }[];
  /** the class takes only documents that carry an e-invoice (issue 25) */
  einvoice?: boolean;
  /** issue 24 §3 (docs/project-file.md "Document classes"): absent in classes of files that do not name them */
  requiredKeywords?: string[];
  excludeKeywords?: string[];
  requiredPatterns?: string[];
  excludePatterns?: string[];
  priority?: number;
  caseSensitive?: boolean;
  /** rewrites of the texts before the class's fields and line items are read (docs/project-file.md "Rewrites") */
  replace?: { pattern: string; with: string }[];
  /** the class's line items (docs/project-file.md "Line items") */
  lines?: {
    start?: string;
    end?: string;
    /** a pattern, or a list tried in turn */
    line: string | string[];
    firstLine?: string | string[];
    lastLine?: string | string[];
    skip?: string;
    columns?: Record<string, "string" | "date" | "amount" | "number">;
    locale?: string;
    dateFormats?: string[];
    decimalSeparator?: "." | ",";
    text?: "layout" | "reading";
  };
  /**
   * a class an export of a learn project made (docs/decisions.md "Learn runs and export"): no keywords or patterns,
   * classified by its centroid with the exported model (learn_exports)
   */
  learned?: boolean;
  /**
   * what an export taught the class (base64 float32, lib/learn/engine encodeFloat32): a learned class's, or that of a
   * class of the project file named like an exported cluster (its rules and fields stay; no name twice)
   */
  centroid?: string;
};

/**
 * spec operations §3 "Project" and "Learn project": a project of a system, its file kept per version on disk. The type
 * says which list it belongs to: Extraction and LinkedExtraction (and the states Invalid, None) are the projects,
 * Learn and LinkedLearn the learn projects (lib/projects/rules.ts isLearnType).
 */
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
    /** a learn project's updating lock (spec operations §4; docs/decisions.md "Learn projects") */
    updating: boolean("updating").notNull().default(false),
    /** a learn project's soft delete (spec operations §3 deletedAt): it keeps its documents, takes no jobs, changes no more */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * Set on a learn project: the extraction project it exports its clusters into (which then has the type
     * LinkedExtraction, and the learn project LinkedLearn). One direction only, learn -> extraction; an extraction
     * project finds its learn project by this column (unique: one learn project per extraction project).
     */
    linkedProjectId: uuid("linked_project_id").references((): AnyPgColumn => projects.id, { onDelete: "set null" }),
    /** a learn project's `learn` member of project.json, validated; null when the file has none */
    learnSettings: jsonb("learn_settings").$type<LearnSettings>(),
    /** the submission key (DESIGN.md "Job creation"): hash to authenticate, sealed to show */
    submissionKeyHash: text("submission_key_hash").notNull(),
    submissionKeySealed: text("submission_key_sealed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("projects_system_name_idx").on(t.systemId, sql`lower(${t.name})`),
    uniqueIndex("projects_submission_key_idx").on(t.submissionKeyHash),
    uniqueIndex("projects_linked_project_idx").on(t.linkedProjectId),
  ],
);

export type Project = typeof projects.$inferSelect;
