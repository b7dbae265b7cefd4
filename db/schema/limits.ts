import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Issue 26 §4: the counters of the call limits (lib/limits) on PostgreSQL without Redis, one row per rule, subject and
 * minute; rows of past minutes are removed as new ones come. Redis keeps them instead when it is configured, the
 * process's memory on the embedded database.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
