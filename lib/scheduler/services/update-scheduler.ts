import type { Database } from "@/db/client";
import { schedulers } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isSupersystemName } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { scheduleTicks } from "@/lib/queue/scheduler";
import { checkIntervalSeconds } from "../queries";
import { type SchedulerSettings, ZSchedulerSettings } from "../schemas";

/**
 * PUT scheduler/: the global check interval (seconds; every scheduler row carries it). Admin portal only
 * (AdminManageScheduler in the Supersystem). With Redis the tick's job scheduler takes the new interval at once.
 */
export async function updateScheduler(db: Database, opts: { caller: Caller; input: unknown }): Promise<SchedulerSettings> {
  const data = parseInput(ZSchedulerSettings, opts.input);
  if (!isSupersystemName(opts.caller.systemName) || !hasPermission(opts.caller.roles, "AdminManageScheduler"))
    throw new AppError("AccessDenied");
  const previous = await checkIntervalSeconds(db);
  await db.transaction(async (tx) => {
    await tx.update(schedulers).set({ checkInterval: data.checkInterval });
    await writeAudit(tx, opts.caller, {
      category: "Scheduler",
      operation: "Update",
      systemId: opts.caller.systemId,
      value: { checkInterval: data.checkInterval, previous },
    });
  });
  await scheduleTicks(data.checkInterval);
  return { checkInterval: data.checkInterval };
}
