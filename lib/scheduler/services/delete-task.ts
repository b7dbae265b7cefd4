import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { schedulerTasks } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { taskForCaller } from "../queries";

/** DELETE scheduler/tasks/{id}: a custom task with its run history; internal tasks stay (409). */
export async function deleteTask(db: Database, opts: { caller: Caller; id: string }): Promise<void> {
  const { task, system } = await taskForCaller(db, opts.caller, opts.id);
  if (task.isInternal) throw new AppError("scheduler_error_internalDelete", { name: task.name });
  await db.transaction(async (tx) => {
    await tx.delete(schedulerTasks).where(eq(schedulerTasks.id, task.id));
    await writeAudit(tx, actingIn(opts.caller, system), {
      category: "SchedulerTask",
      operation: "Delete",
      systemId: system.id,
      value: { id: task.id, name: task.name, function: task.function },
    });
  });
}
