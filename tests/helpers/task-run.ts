import { eq } from "drizzle-orm";
import { schedulerTasks, systems } from "@/db/schema";
import { getDb } from "@/lib/db";
import { defaultTaskConfig, hasConfigPanel, TASK_CONFIG_SCHEMAS, type TaskFunctionName } from "@/lib/scheduler/functions";
import { TASK_FUNCTION_IMPLS } from "@/workers/scheduler/functions";
import type { TaskOutcome, TaskRun } from "@/workers/scheduler/functions/types";
import { uniqueName } from "./factories";

/** The Supersystem made at first start (its scheduler holds the global tasks). */
export async function supersystemId(): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ id: systems.id }).from(systems).where(eq(systems.type, "Super"));
  if (!row) throw new Error("no Supersystem");
  return row.id;
}

/**
 * A run of a task function as the engine hands it over: a real task row (in the system's scheduler, or the
 * Supersystem's for a global run), its configuration parsed with defaults, the clock given.
 */
export async function taskRun(
  fn: TaskFunctionName,
  opts: { systemId?: string | null; configuration?: Record<string, unknown>; now?: Date; taskId?: string } = {},
): Promise<TaskRun> {
  const db = await getDb();
  const systemId = opts.systemId ?? null;
  const configuration = hasConfigPanel(fn)
    ? (TASK_CONFIG_SCHEMAS[fn].parse(opts.configuration ?? {}) as Record<string, unknown>)
    : defaultTaskConfig(fn);
  let id = opts.taskId;
  let name = fn as string;
  if (!id) {
    const [row] = await db
      .insert(schedulerTasks)
      .values({
        systemId: systemId ?? (await supersystemId()),
        name: uniqueName(`${fn} `),
        function: fn,
        continuouslyIsActive: true,
        continuouslyMinutes: 60,
        configuration: JSON.stringify(configuration),
      })
      .returning();
    if (!row) throw new Error("no task");
    id = row.id;
    name = row.name;
  }
  return { db, task: { id, name, function: fn, configuration }, systemId, now: opts.now ?? new Date() };
}

/** Runs a registered task function once. */
export async function runTask(run: TaskRun): Promise<TaskOutcome | undefined> {
  const impl = TASK_FUNCTION_IMPLS[run.task.function];
  if (!impl) throw new Error(`${run.task.function} is not registered`);
  return impl(run);
}
