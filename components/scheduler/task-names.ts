import { getTranslations } from "next-intl/server";
import { GLOBAL_INTERNAL_TASKS } from "@/lib/scheduler/internal-tasks";
import type { TaskDto } from "@/lib/scheduler/schemas";

/**
 * The names the pages show for internal tasks, by task id: an internal task still named as it was created (its
 * function's English name, GLOBAL_INTERNAL_TASKS) shows its function's name in the user's language; the stored name,
 * which the API answers, stays. A task an administrator renamed keeps the name given.
 */
export async function internalTaskNames(tasks: readonly TaskDto[]): Promise<Record<string, string>> {
  const t = await getTranslations("schedulerFunctions");
  const names: Record<string, string> = {};
  for (const task of tasks) {
    if (!task.isInternal || !GLOBAL_INTERNAL_TASKS.some((d) => d.function === task.function && d.name === task.name)) continue;
    const key = `${task.function}.name`;
    if (t.has(key as never)) names[task.id] = t(key as never);
  }
  return names;
}
