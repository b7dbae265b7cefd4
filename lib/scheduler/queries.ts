import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type SchedulerTask, schedulers, schedulerTaskRuns, schedulerTasks, systems } from "@/db/schema";
import { refusal } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { systemForCaller } from "@/lib/auth/tenancy";
import { AppError } from "@/lib/errors/app-error";
import en from "@/messages/en-US.json";
import { isGlobalScheduler, managesSchedulerOf, type SchedulerSystem } from "./access";
import { functionsFor } from "./functions";
import { needsSchedule, serverTimeZone, weekdayFlags } from "./next-run";
import type { SchedulerDto, TaskDto, TaskFunctionDto, TaskRunPage } from "./schemas";

export function toTaskDto(t: SchedulerTask): TaskDto {
  return {
    id: t.id,
    systemId: t.systemId,
    name: t.name,
    function: t.function,
    disabled: t.disabled,
    onStart: t.onStart,
    onStop: t.onStop,
    continuouslyIsActive: t.continuouslyIsActive,
    continuouslyMinutes: t.continuouslyMinutes,
    dailyIsActive: t.dailyIsActive,
    dailyDateTime: t.dailyDateTime,
    weeklyIsActive: t.weeklyIsActive,
    weeklyDateTime: t.weeklyDateTime,
    ...weekdayFlags(t.weekdays),
    lastDateTime: t.lastDateTime?.toISOString() ?? null,
    nextDateTime: t.nextDateTime?.toISOString() ?? null,
    forceTrigger: t.forceTrigger,
    lockedBy: t.lockedBy,
    configuration: t.configuration,
    needsSchedule: needsSchedule(t),
    lastOutcome: t.lastOutcome ?? null,
    lastMessage: t.lastMessage ?? null,
    isInternal: t.isInternal,
  };
}

/** The system whose scheduler the caller manages: 404 when unknown or foreign, 403 in its own system. */
export async function schedulerSystemForCaller(db: Database, caller: Caller, systemId: string): Promise<SchedulerSystem> {
  return systemForCaller(
    db,
    caller,
    { id: systemId },
    { may: (s) => managesSchedulerOf(caller, s), notFound: "SchedulerNotFound" },
  );
}

/** A task the caller manages, with its system: 404 when unknown or foreign, 403 in its own system. */
export async function taskForCaller(
  db: Database,
  caller: Caller,
  id: string,
): Promise<{ task: SchedulerTask; system: SchedulerSystem }> {
  const [row] = await db
    .select({ task: schedulerTasks, system: { id: systems.id, name: systems.name, type: systems.type } })
    .from(schedulerTasks)
    .innerJoin(systems, eq(systems.id, schedulerTasks.systemId))
    .where(eq(schedulerTasks.id, id));
  if (!row) throw new AppError("TaskNotFound");
  if (!managesSchedulerOf(caller, row.system)) throw refusal(caller, row.system, new AppError("TaskNotFound"));
  return row;
}

async function tasksOf(db: Database, systemId: string): Promise<TaskDto[]> {
  const rows = await db
    .select()
    .from(schedulerTasks)
    .where(eq(schedulerTasks.systemId, systemId))
    .orderBy(asc(sql`lower(${schedulerTasks.name})`), asc(schedulerTasks.name));
  return rows.map(toTaskDto);
}

/** GET scheduler/{systemId}/tasks (and GET scheduler/tasks/): the tasks sorted by name. */
export async function listTasks(db: Database, params: { caller: Caller; systemId: string }): Promise<TaskDto[]> {
  const system = await schedulerSystemForCaller(db, params.caller, params.systemId);
  return tasksOf(db, system.id);
}

/** GET scheduler/{systemId}: `{ id, systemId, checkInterval, tasks }`. */
export async function readScheduler(db: Database, params: { caller: Caller; systemId: string }): Promise<SchedulerDto> {
  const system = await schedulerSystemForCaller(db, params.caller, params.systemId);
  const [row] = await db.select().from(schedulers).where(eq(schedulers.systemId, system.id));
  if (!row) throw new AppError("SchedulerNotFound");
  return {
    id: row.id,
    systemId: row.systemId,
    checkInterval: row.checkInterval,
    tasks: await tasksOf(db, system.id),
    timeZone: serverTimeZone(),
  };
}

/** The global check interval (seconds): the Supersystem's scheduler row (every row carries the same value). */
export async function checkIntervalSeconds(db: Database): Promise<number> {
  const [row] = await db
    .select({ checkInterval: schedulers.checkInterval })
    .from(schedulers)
    .innerJoin(systems, eq(systems.id, schedulers.systemId))
    .where(eq(systems.type, "Super"));
  return row?.checkInterval ?? 60;
}

/** GET scheduler/tasks/{id}. */
export async function readTask(db: Database, params: { caller: Caller; id: string }): Promise<TaskDto> {
  return toTaskDto((await taskForCaller(db, params.caller, params.id)).task);
}

/** The English name and description of a function (messages/en-US.json `schedulerFunctions`). */
function described(name: string): { displayName: string; description: string } {
  const m = (en.schedulerFunctions as Record<string, { name: string; description: string }>)[name];
  return { displayName: m?.name ?? name, description: m?.description ?? "" };
}

/** GET scheduler/tasks/functions?systemId=: the functions that system's scheduler may use. */
export async function listTaskFunctions(db: Database, params: { caller: Caller; systemId: string }): Promise<TaskFunctionDto[]> {
  const system = await schedulerSystemForCaller(db, params.caller, params.systemId);
  return functionsFor(isGlobalScheduler(system)).map((f) => ({
    name: f.name,
    ...described(f.name),
    isSystemSpecificSupported: f.isSystemSpecificSupported,
    type: f.type,
  }));
}

/** GET scheduler/tasks/{id}/runs: the task's run history, newest first. */
export async function listTaskRuns(
  db: Database,
  params: { caller: Caller; id: string; page: number; pageSize: number },
): Promise<TaskRunPage> {
  const { task } = await taskForCaller(db, params.caller, params.id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(schedulerTaskRuns)
      .where(eq(schedulerTaskRuns.taskId, task.id))
      .orderBy(desc(schedulerTaskRuns.started), desc(schedulerTaskRuns.id))
      .limit(params.pageSize)
      .offset(params.page * params.pageSize),
    db.select({ n: count() }).from(schedulerTaskRuns).where(eq(schedulerTaskRuns.taskId, task.id)),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      taskId: r.taskId,
      started: r.started.toISOString(),
      finished: r.finished?.toISOString() ?? null,
      outcome: r.outcome,
      message: r.message,
      workerId: r.workerId,
    })),
    totalCount: total?.n ?? 0,
  };
}

/** Task names are unique within a scheduler, whatever their case (inside the change's transaction). */
export async function assertTaskNameFree(tx: Database, systemId: string, name: string, exceptId?: string): Promise<void> {
  const conditions = [eq(schedulerTasks.systemId, systemId), eq(sql`lower(${schedulerTasks.name})`, name.toLowerCase())];
  if (exceptId) conditions.push(ne(schedulerTasks.id, exceptId));
  const [same] = await tx
    .select({ id: schedulerTasks.id })
    .from(schedulerTasks)
    .where(and(...conditions));
  if (same) throw new AppError("scheduler_error_nameExists", { name });
}
