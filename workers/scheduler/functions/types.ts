import type { Database } from "@/db/client";
import type { TaskFunctionName } from "@/lib/scheduler/functions";

/** One run of a scheduler task, as the engine (workers/scheduler) hands it to the task's function. */
export type TaskRun = {
  db: Database;
  task: {
    id: string;
    name: string;
    function: TaskFunctionName;
    /** the task's configuration parsed with TASK_CONFIG_SCHEMAS (defaults filled in); `{}` for functions without one */
    configuration: Record<string, unknown>;
  };
  /**
   * The system whose data the run covers: the task's system for a task of a system's scheduler; null for a task of
   * the Supersystem's (global) scheduler, which covers every system.
   */
  systemId: string | null;
  /** the engine's clock for this run (tests pass their own) */
  now: Date;
};

/** What a run reports: a short English summary for the run history and the log ("3 jobs purged"). */
export type TaskOutcome = { message?: string; details?: Record<string, unknown> };

/** A task function: does its work on real rows and files, throws on failure (the run is recorded as error). */
export type TaskFunction = (run: TaskRun) => Promise<TaskOutcome | undefined>;
