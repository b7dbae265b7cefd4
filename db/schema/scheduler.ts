import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { systems } from "./systems";

export const schedulers = pgTable(
  "schedulers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    systemId: uuid("system_id")
      .notNull()
      .references(() => systems.id, { onDelete: "cascade" }),
    checkInterval: integer("check_interval").notNull().default(60),
  },
  (t) => [uniqueIndex("schedulers_system_idx").on(t.systemId)],
);

export const schedulerTasks = pgTable(
  "scheduler_tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    systemId: uuid("system_id")
      .notNull()
      .references(() => systems.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    function: text("function").notNull(),
    isInternal: boolean("is_internal").notNull().default(false),
    disabled: boolean("disabled").notNull().default(false),
    onStart: boolean("on_start").notNull().default(false),
    onStop: boolean("on_stop").notNull().default(false),
    continuouslyIsActive: boolean("continuously_is_active").notNull().default(false),
    continuouslyMinutes: integer("continuously_minutes").notNull().default(0),
    dailyIsActive: boolean("daily_is_active").notNull().default(false),
    dailyDateTime: text("daily_date_time"),
    weeklyIsActive: boolean("weekly_is_active").notNull().default(false),
    weeklyDateTime: text("weekly_date_time"),
    weekdays: text("weekdays").array().notNull().default([]),
    lastDateTime: timestamp("last_date_time", { withTimezone: true }),
    nextDateTime: timestamp("next_date_time", { withTimezone: true }),
    forceTrigger: boolean("force_trigger").notNull().default(false),
    lockedBy: text("locked_by"),
    configuration: text("configuration").notNull().default("{}"),
  },
  (t) => [uniqueIndex("scheduler_tasks_system_name_idx").on(t.systemId, t.name)],
);

export type SchedulerTask = typeof schedulerTasks.$inferSelect;
