import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { schedulerTasks } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { isGlobalScheduler } from "../access";
import type { TaskFunctionName } from "../functions";
import { nextRun } from "../next-run";
import { assertTaskNameFree, taskForCaller, toTaskDto } from "../queries";
import { mayUseFunction, storedConfiguration, triggerFields } from "../rules";
import { type TaskDto, ZTaskUpdate } from "../schemas";

/**
 * PUT scheduler/tasks/: the task's name, triggers, enabled flag and configuration. An internal task keeps its
 * function; a changed function clears the configuration (to its defaults) unless a new one is sent; an omitted
 * configuration or forceTrigger stays as it is. The next time is computed again. A disabled task takes no force start
 * (409 TaskDisabled) and a task being disabled loses one still pending: disabled, it never runs.
 */
export async function updateTask(db: Database, opts: { caller: Caller; input: unknown; now?: Date }): Promise<TaskDto> {
  const data = parseInput(ZTaskUpdate, opts.input);
  const { task, system } = await taskForCaller(db, opts.caller, data.id);
  if (data.systemId !== task.systemId)
    throw new AppError("InvalidField", { field: "systemId", reason: "a task stays in its scheduler" });
  const changesFunction = data.function !== task.function;
  if (changesFunction && task.isInternal) throw new AppError("scheduler_error_internalFunction", { field: "function" });
  if (changesFunction && !mayUseFunction(isGlobalScheduler(system), data.function))
    throw new AppError("scheduler_error_functionNotAllowed", { field: "function", function: data.function });
  if (data.disabled && data.forceTrigger) throw new AppError("TaskDisabled", { name: task.name });
  const fn = data.function as TaskFunctionName;
  const fields = triggerFields(data);
  const configuration =
    data.configuration !== undefined && data.configuration !== null
      ? storedConfiguration(fn, data.configuration)
      : changesFunction
        ? storedConfiguration(fn, undefined)
        : task.configuration;
  const now = opts.now ?? new Date();
  const row = await db.transaction(async (tx) => {
    await assertTaskNameFree(tx, system.id, data.name, task.id);
    const [updated] = await tx
      .update(schedulerTasks)
      .set({
        function: fn,
        ...fields,
        configuration,
        ...(data.disabled ? { forceTrigger: false } : data.forceTrigger === undefined ? {} : { forceTrigger: data.forceTrigger }),
        nextDateTime: nextRun({ ...fields, lastDateTime: task.lastDateTime }, now),
      })
      .where(eq(schedulerTasks.id, task.id))
      .returning();
    if (!updated) throw new AppError("TaskNotFound");
    await writeAudit(tx, actingIn(opts.caller, system), {
      category: "SchedulerTask",
      operation: "Update",
      systemId: system.id,
      value: {
        id: task.id,
        name: updated.name,
        function: updated.function,
        ...(task.name !== updated.name ? { previousName: task.name } : {}),
      },
    });
    return updated;
  });
  return toTaskDto(row);
}
