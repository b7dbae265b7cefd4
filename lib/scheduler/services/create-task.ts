import type { Database } from "@/db/client";
import { schedulerTasks } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { isGlobalScheduler } from "../access";
import type { TaskFunctionName } from "../functions";
import { nextRun } from "../next-run";
import { assertTaskNameFree, schedulerSystemForCaller, toTaskDto } from "../queries";
import { mayUseFunction, storedConfiguration, triggerFields } from "../rules";
import { type TaskDto, ZTaskInput } from "../schemas";

/**
 * POST scheduler/tasks/: a custom task in the scheduler of `systemId`; its next time computed at once. A disabled task
 * takes no force start (409 TaskDisabled).
 */
export async function createTask(db: Database, opts: { caller: Caller; input: unknown; now?: Date }): Promise<TaskDto> {
  const data = parseInput(ZTaskInput, opts.input);
  const system = await schedulerSystemForCaller(db, opts.caller, data.systemId);
  if (!mayUseFunction(isGlobalScheduler(system), data.function))
    throw new AppError("scheduler_error_functionNotAllowed", { field: "function", function: data.function });
  if (data.disabled && data.forceTrigger) throw new AppError("TaskDisabled", { name: data.name });
  const fn = data.function as TaskFunctionName;
  const fields = triggerFields(data);
  const now = opts.now ?? new Date();
  const row = await db.transaction(async (tx) => {
    await assertTaskNameFree(tx, system.id, data.name);
    const [task] = await tx
      .insert(schedulerTasks)
      .values({
        systemId: system.id,
        function: fn,
        ...fields,
        forceTrigger: data.forceTrigger ?? false,
        configuration: storedConfiguration(fn, data.configuration ?? undefined),
        nextDateTime: nextRun({ ...fields, lastDateTime: null }, now),
      })
      .returning();
    if (!task) throw new Error("task insert returned nothing");
    await writeAudit(tx, actingIn(opts.caller, system), {
      category: "SchedulerTask",
      operation: "Create",
      systemId: system.id,
      value: { id: task.id, name: task.name, function: task.function },
    });
    return task;
  });
  return toTaskDto(row);
}
