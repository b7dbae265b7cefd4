import { and, eq, getTableColumns, or, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type SchedulerTask, schedulerTaskRuns, schedulerTasks, systems } from "@/db/schema";
import { log } from "@/lib/log";
import { hasConfigPanel, TASK_CONFIG_SCHEMAS, type TaskFunctionName } from "@/lib/scheduler/functions";
import { needsSchedule, nextRun, serverTimeZone } from "@/lib/scheduler/next-run";
import { isTaskFunctionName } from "@/lib/scheduler/schemas";
import { TASK_FUNCTION_IMPLS } from "./functions";
import type { TaskFunction } from "./functions/types";

/**
 * The scheduler's execution (DESIGN.md "Operational areas" → Scheduler). A tick computes the next time of tasks that
 * wait for one, claims the enabled tasks that are forced or due with ONE conditional UPDATE (lockedBy = this worker
 * where it is null or older than LOCK_STALE_MS), and runs each claimed task through its function: however many
 * workers tick at once, each due run happens once. A run writes its history row and releases the task with its last
 * and next time; a run that throws is recorded as error and the others go on.
 */

export type TaskRegistry = Partial<Record<TaskFunctionName, TaskFunction>>;

export type EngineOptions = {
  /** who claims: recorded in lockedBy and the run history */
  workerId: string;
  /** the task functions (tests inject their own); default the implemented ones */
  functions?: TaskRegistry;
  /** the clock (tests pass their own) */
  now?: () => Date;
  /** daily and weekly times count in this zone; default the server's */
  timeZone?: string;
  /** tasks run at once per tick */
  concurrency?: number;
};

export type RunResult = { taskId: string; name: string; function: string; outcome: "ok" | "error"; message: string | null };

/** A claim older than this is a dead worker's: another may take the task over. */
export const LOCK_STALE_MS = 60 * 60 * 1000;

const clock = (opts: EngineOptions) => opts.now?.() ?? new Date();

/** SQL predicates written as literals (not bound parameters) so that the planner proves the partial indexes of
 * db/schema/scheduler.ts from them also in a generic (prepared) plan. */
const enabled = sql`${schedulerTasks.disabled} = false`;
const forced = sql`${schedulerTasks.forceTrigger} = true`;
const scheduled = sql`(${schedulerTasks.continuouslyIsActive} or ${schedulerTasks.dailyIsActive} or ${schedulerTasks.weeklyIsActive})`;
/** "calculation pending": the predicate of `scheduler_tasks_pending_idx` */
const pending = sql`${schedulerTasks.nextDateTime} is null and ${enabled} and ${scheduled}`;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Tasks that need a next time but have none ("calculation pending") get it: one read along
 * `scheduler_tasks_pending_idx` (empty while nothing is pending, so it costs one probe of an empty index), one UPDATE
 * for all. The tick finds them in its claiming statement instead (claimTick).
 */
export async function computePending(db: Database, now: Date, timeZone = serverTimeZone()): Promise<number> {
  return (await writeNextTimes(db, await pendingQuery(db), now, timeZone)).length;
}

/** The read of computePending (exported for the bench's EXPLAIN). */
export function pendingQuery(db: Database) {
  return db.select().from(schedulerTasks).where(pending);
}

/** Next times for pending tasks, all in one UPDATE (only where still pending); returns those written. */
async function writeNextTimes(db: Database, tasks: SchedulerTask[], now: Date, timeZone: string): Promise<Date[]> {
  const computed = tasks.flatMap((task) => {
    const next = needsSchedule(task) ? nextRun(task, now, timeZone) : null;
    return next ? [{ id: task.id, next }] : [];
  });
  if (!computed.length) return [];
  const values = computed.map((c) => sql`(${c.id}::uuid, ${c.next.toISOString()}::timestamptz)`);
  await db.execute(sql`update ${schedulerTasks} set ${sql.identifier(schedulerTasks.nextDateTime.name)} = v.next
    from (values ${sql.join(values, sql`, `)}) as v(id, next)
    where ${schedulerTasks.id} = v.id and ${schedulerTasks.nextDateTime} is null`);
  return computed.map((c) => c.next);
}

/** A claim is free: nobody holds the task, or its holder has not finished within LOCK_STALE_MS. */
function claimable(now: Date) {
  return sql`(${schedulerTasks.lockedBy} is null or ${schedulerTasks.lockedAt} < ${at(new Date(now.getTime() - LOCK_STALE_MS))})`;
}

/** `id = any(array(subquery))`: the ids are read first and the rows found by primary key (`id in (subquery)` may be
 * planned as a hash join over the whole table). */
const byIds = (ids: SQLWrapper) => sql`${schedulerTasks.id} = any(array${ids})`;

/** The ids of the enabled tasks that are forced or due and free, locked (rows another tick is claiming are skipped). */
function dueIds(db: Database, now: Date) {
  return db
    .select({ id: schedulerTasks.id })
    .from(schedulerTasks)
    .where(and(enabled, or(forced, sql`${schedulerTasks.nextDateTime} <= ${at(now)}`), claimable(now)))
    .for("update", { skipLocked: true });
}

/** The claiming UPDATE alone, committed as any statement (exported for the bench's EXPLAIN and durable series). */
export function claimStatement(db: Database, worker: string, now: Date) {
  return db
    .update(schedulerTasks)
    .set({ lockedBy: worker, lockedAt: now })
    .where(byIds(dueIds(db, now)))
    .returning();
}

const COLUMNS = Object.entries(getTableColumns(schedulerTasks));
const columnList = sql.join(
  COLUMNS.map(([, c]) => sql.identifier(c.name)),
  sql`, `,
);
/** A raw result row as the typed task (the columns' own driver mapping, as drizzle's select does). */
function taskOf(row: Record<string, unknown>): SchedulerTask {
  const task: Record<string, unknown> = {};
  for (const [key, column] of COLUMNS) {
    const value = row[column.name];
    task[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return task as SchedulerTask;
}

/**
 * The one statement that claims every enabled task that is forced or due: UPDATE … WHERE id = any(array(SELECT …
 * FOR UPDATE SKIP LOCKED)) RETURNING. The inner select reads the due and forced partial indexes; a row another tick is
 * claiming right now is skipped (not waited for), and one it has claimed meanwhile fails the re-checked WHERE:
 * however many workers tick at once, each task goes to one of them. With `findPending` the same round trip also
 * returns the tasks whose next time is still to be computed (the pending index, empty in a steady state).
 *
 * Asynchronous commit (set_config(…, true) lasts until this statement's own commit): the claim is visible to every
 * other worker at once, which is all "once" needs; only its flush to disk is left to the WAL writer. The run's own
 * commit (history + release) flushes it; should the database server alone crash first, the claim is lost and the task
 * taken again, as after a worker that dies mid-run. A tick thus writes no WAL fsync of its own.
 */
export function claimQuery(db: Database, worker: string, now: Date, findPending: boolean) {
  return sql`with claimed as (
      update ${schedulerTasks} set ${sql.identifier(schedulerTasks.lockedBy.name)} = ${worker},
        ${sql.identifier(schedulerTasks.lockedAt.name)} = ${at(now)}
      where ${byIds(dueIds(db, now))}
      returning ${columnList}
    ), async_commit as (select set_config('synchronous_commit', 'off', true) as setting)
    select true as claimed_now, ${columnList} from claimed, async_commit
    ${findPending ? sql`union all select false, ${columnList} from ${schedulerTasks} where ${pending}` : sql``}`;
}

async function claim(db: Database, worker: string, now: Date, findPending: boolean) {
  const rows = await db.execute<Record<string, unknown>>(claimQuery(db, worker, now, findPending));
  const list = (Array.isArray(rows) ? rows : (rows as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
  return {
    claimed: list.filter((r) => r.claimed_now === true).map(taskOf),
    pending: list.filter((r) => r.claimed_now !== true).map(taskOf),
  };
}

/** Claims every enabled task that is forced or due (one statement, see claim). */
export async function claimDueTasks(db: Database, worker: string, now: Date): Promise<SchedulerTask[]> {
  return (await claim(db, worker, now, false)).claimed;
}

/**
 * A tick's claim: one round trip claims the due tasks and finds the pending ones; only when some are pending are their
 * next times written and, if one is due already, claimed by a second statement.
 */
export async function claimTick(db: Database, worker: string, now: Date, timeZone = serverTimeZone()): Promise<SchedulerTask[]> {
  const first = await claim(db, worker, now, true);
  if (!first.pending.length) return first.claimed;
  const written = await writeNextTimes(db, first.pending, now, timeZone);
  if (!written.some((next) => next <= now)) return first.claimed;
  return [...first.claimed, ...(await claimDueTasks(db, worker, now))];
}

/** Claims the enabled tasks of a trigger event (onStart, onStop) the same way. */
async function claimEventTasks(db: Database, worker: string, now: Date, event: "onStart" | "onStop"): Promise<SchedulerTask[]> {
  const tasks = db
    .select({ id: schedulerTasks.id })
    .from(schedulerTasks)
    .where(and(enabled, sql`${schedulerTasks[event]} = true`, claimable(now)))
    .for("update", { skipLocked: true });
  return db.update(schedulerTasks).set({ lockedBy: worker, lockedAt: now }).where(byIds(tasks)).returning();
}

const superIds = new WeakMap<Database, string | null>();
/** The Supersystem's id: its scheduler's tasks are global (run with systemId null). */
async function superSystemId(db: Database): Promise<string | null> {
  if (superIds.has(db)) return superIds.get(db) ?? null;
  const [row] = await db.select({ id: systems.id }).from(systems).where(eq(systems.type, "Super"));
  superIds.set(db, row?.id ?? null);
  return row?.id ?? null;
}

function configurationOf(task: SchedulerTask): Record<string, unknown> {
  if (!isTaskFunctionName(task.function) || !hasConfigPanel(task.function)) return {};
  const raw: unknown = JSON.parse(task.configuration || "{}");
  return TASK_CONFIG_SCHEMAS[task.function].parse(raw ?? {}) as Record<string, unknown>;
}

function errorMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 2000) || "failed";
}

/** Runs one claimed task and releases it: history row, last/next time, outcome; forceTrigger cleared if it was set. */
export async function runClaimed(db: Database, task: SchedulerTask, opts: EngineOptions): Promise<RunResult> {
  const started = clock(opts);
  const fn = isTaskFunctionName(task.function) ? (opts.functions ?? TASK_FUNCTION_IMPLS)[task.function] : undefined;
  let outcome: "ok" | "error" = "ok";
  let message: string | null = null;
  if (!fn) {
    outcome = "error";
    message = `The function ${task.function} is not available.`;
  } else {
    try {
      const global = (await superSystemId(db)) === task.systemId;
      const result = await fn({
        db,
        task: { id: task.id, name: task.name, function: task.function as TaskFunctionName, configuration: configurationOf(task) },
        systemId: global ? null : task.systemId,
        now: started,
      });
      message = result?.message ?? null;
    } catch (err) {
      outcome = "error";
      message = errorMessage(err);
      log.error({ err, taskId: task.id, function: task.function }, "scheduler task failed");
    }
  }
  const finished = clock(opts);
  const next = nextRun({ ...task, lastDateTime: started }, finished, opts.timeZone ?? serverTimeZone());
  await db.transaction(async (tx) => {
    await tx.insert(schedulerTaskRuns).values({ taskId: task.id, started, finished, outcome, message, workerId: opts.workerId });
    await tx
      .update(schedulerTasks)
      .set({
        lastDateTime: started,
        nextDateTime: next,
        lockedBy: null,
        lockedAt: null,
        lastOutcome: outcome,
        lastMessage: message,
        // a force start made during the run stays for the next tick
        ...(task.forceTrigger ? { forceTrigger: false } : {}),
      })
      .where(and(eq(schedulerTasks.id, task.id), eq(schedulerTasks.lockedBy, opts.workerId)));
  });
  log.info({ taskId: task.id, task: task.name, function: task.function, outcome, message }, "scheduler task ran");
  return { taskId: task.id, name: task.name, function: task.function, outcome, message };
}

/** Runs claimed tasks, `concurrency` at a time; one failing never stops the others. */
async function runAll(db: Database, tasks: SchedulerTask[], opts: EngineOptions): Promise<RunResult[]> {
  const results: RunResult[] = [];
  const queue = [...tasks];
  const lanes = Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 4, queue.length)) }, async () => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      try {
        results.push(await runClaimed(db, task, opts));
      } catch (err) {
        // the history could not be written (database gone): the claim runs out and another worker takes it
        log.error({ err, taskId: task.id }, "scheduler run could not be recorded");
      }
    }
  });
  await Promise.all(lanes);
  return results;
}

/** One tick: claim what is forced or due (next times for pending tasks on the way), then run it. */
export async function tick(db: Database, opts: EngineOptions): Promise<RunResult[]> {
  const now = clock(opts);
  const claimed = await claimTick(db, opts.workerId, now, opts.timeZone);
  return runAll(db, claimed, opts);
}

/** Runs the onStart (a worker process or the embedded runner starts) or onStop (graceful stop) tasks. */
export async function runEvent(db: Database, event: "onStart" | "onStop", opts: EngineOptions): Promise<RunResult[]> {
  const claimed = await claimEventTasks(db, opts.workerId, clock(opts), event);
  return runAll(db, claimed, opts);
}
