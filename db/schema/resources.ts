import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { systems } from "./systems";

/** spec operations §3 "Resource": its types and levels, most specific level first (DESIGN.md "Resources"). */
export const RESOURCE_TYPES = ["Profile", "Csv", "LanguageKeyFile", "Other"] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export const RESOURCE_LEVELS = ["ProjectCustomizing", "Project", "System", "Global"] as const;
export type ResourceLevel = (typeof RESOURCE_LEVELS)[number];

/**
 * A pool (spec "subtype"): a named group of resources of one type at one level of a system (and project, for the
 * project levels). A row of its own, so an emptied pool ("delete all") stays until it is deleted (docs/decisions.md).
 * projectId has no foreign key: CleanUpResources removes the pools of deleted projects with their files.
 */
export const resourcePools = pgTable(
  "resource_pools",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    systemId: uuid("system_id")
      .notNull()
      .references(() => systems.id, { onDelete: "cascade" }),
    projectId: uuid("project_id"),
    level: text("level", { enum: RESOURCE_LEVELS }).notNull(),
    type: text("type", { enum: RESOURCE_TYPES }).notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("resource_pools_key_idx").on(
      t.systemId,
      t.level,
      t.type,
      sql`coalesce(${t.projectId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
  ],
);

/** One resource file, stored under DATA_DIR/files/resources/{level}/… (lib/resources/files.ts). */
export const resources = pgTable(
  "resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    poolId: uuid("pool_id")
      .notNull()
      .references(() => resourcePools.id, { onDelete: "cascade" }),
    systemId: uuid("system_id")
      .notNull()
      .references(() => systems.id, { onDelete: "cascade" }),
    projectId: uuid("project_id"),
    level: text("level", { enum: RESOURCE_LEVELS }).notNull(),
    type: text("type", { enum: RESOURCE_TYPES }).notNull(),
    pool: text("pool").notNull(),
    name: text("name").notNull(),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    lastUpdate: timestamp("last_update", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("resources_pool_name_idx").on(t.poolId, sql`lower(${t.name})`),
    index("resources_lookup_idx").on(t.systemId, t.type, sql`lower(${t.name})`),
  ],
);

export type ResourcePool = typeof resourcePools.$inferSelect;
export type Resource = typeof resources.$inferSelect;
