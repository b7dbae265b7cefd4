import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { schedulerTasks } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { taskForCaller, toTaskDto } from "../queries";
import type { TaskDto } from "../schemas";

/**
 * Force start (spec §4): sets forceTrigger; the next tick runs the task once and clears it. A disabled task is refused
 * (409 TaskDisabled): the tick runs enabled tasks only, so the start would never come (docs/decisions.md "Scheduler
 * execution").
 */
export async function forceTask(db: Database, opts: { caller: Caller; id: string }): Promise<TaskDto> {
  const { task, system } = await taskForCaller(db, opts.caller, opts.id);
  if (task.disabled) throw new AppError("TaskDisabled", { name: task.name });
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(schedulerTasks)
      .set({ forceTrigger: true })
      .where(eq(schedulerTasks.id, task.id))
      .returning();
    if (!updated) throw new AppError("TaskNotFound");
    await writeAudit(tx, actingIn(opts.caller, system), {
      category: "SchedulerTask",
      operation: "Update",
      systemId: system.id,
      value: { id: task.id, name: task.name, forceTrigger: true },
    });
    return updated;
  });
  return toTaskDto(row);
}
