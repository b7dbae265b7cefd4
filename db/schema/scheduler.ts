import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { systems } from "./systems";

export const TASK_RUN_OUTCOMES = ["ok", "error"] as const;
export type TaskRunOutcome = (typeof TASK_RUN_OUTCOMES)[number];

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
    /** the days of the weekly trigger: monday … sunday (the API's weeklyMonday..weeklySunday) */
    weekdays: text("weekdays").array().notNull().default([]),
    lastDateTime: timestamp("last_date_time", { withTimezone: true }),
    nextDateTime: timestamp("next_date_time", { withTimezone: true }),
    forceTrigger: boolean("force_trigger").notNull().default(false),
    /** the worker that claimed the task's run; a claim older than an hour may be taken over */
    lockedBy: text("locked_by"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    configuration: text("configuration").notNull().default("{}"),
    /** the last run's outcome and message (beyond the spec; the history is in scheduler_task_runs) */
    lastOutcome: text("last_outcome", { enum: TASK_RUN_OUTCOMES }),
    lastMessage: text("last_message"),
  },
  (t) => [
    uniqueIndex("scheduler_tasks_system_name_idx").on(t.systemId, t.name),
    // the tick's selection: enabled tasks that are due, forced, or wait for their next time to be computed
    index("scheduler_tasks_due_idx").on(t.nextDateTime).where(sql`${t.disabled} = false`),
    index("scheduler_tasks_forced_idx").on(t.id).where(sql`${t.forceTrigger} = true and ${t.disabled} = false`),
    // "calculation pending": enabled tasks with a time trigger and no next time yet (empty in a steady state, so the
    // tick's computePending is one probe of an empty index; onStart/onStop-only tasks, never scheduled, are not in it)
    // (keyed on next_date_time, all null: its order follows the heap like the due index's, so the planner prefers it)
    index("scheduler_tasks_pending_idx")
      .on(t.nextDateTime)
      .where(
        sql`${t.nextDateTime} is null and ${t.disabled} = false and (${t.continuouslyIsActive} or ${t.dailyIsActive} or ${t.weeklyIsActive})`,
      ),
  ],
);

/** One run of a task (DESIGN.md: `GET scheduler/tasks/{id}/runs`). */
export const schedulerTaskRuns = pgTable(
  "scheduler_task_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => schedulerTasks.id, { onDelete: "cascade" }),
    started: timestamp("started", { withTimezone: true }).notNull(),
    finished: timestamp("finished", { withTimezone: true }),
    outcome: text("outcome", { enum: TASK_RUN_OUTCOMES }).notNull(),
    message: text("message"),
    workerId: text("worker_id").notNull(),
  },
  (t) => [index("scheduler_task_runs_task_idx").on(t.taskId, t.started)],
);

export type SchedulerTask = typeof schedulerTasks.$inferSelect;
export type SchedulerTaskRun = typeof schedulerTaskRuns.$inferSelect;
