import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Installation-wide values: station id, service configuration, worker configuration. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
