import { AppError } from "@/lib/errors/app-error";
import { learnProjectsToWatch } from "@/lib/learn/runs/queries";
import { requestLearnRun } from "@/lib/learn/services/request-learn-run";
import { log } from "@/lib/log";
import { TASK_CONFIG_SCHEMAS } from "@/lib/scheduler/functions";
import type { TaskFunction } from "./types";

/**
 * StartLearnEngine (spec operations §3, config onlyChanged; docs/decisions.md "Learn runs and export"): asks for a learn
 * run (trigger Task) of every learn project of the task's system, or of every system for a global task. Deleted projects
 * and those under their updating lock are left out, and with onlyChanged those without a pending document (nothing to
 * place); a project whose run waits or runs already is counted as skipped. One with a locked cluster gets its run,
 * which waits until the locks are released or lapse.
 */
export const startLearnEngine: TaskFunction = async ({ db, systemId, task }) => {
  const { onlyChanged } = TASK_CONFIG_SCHEMAS.StartLearnEngine.parse(task.configuration);
  const candidates = (await learnProjectsToWatch(db, { systemId })).filter((p) => !p.updating && (!onlyChanged || p.pending > 0));
  let asked = 0;
  const skipped: string[] = [];
  for (const p of candidates) {
    if (p.openRun) {
      skipped.push(`${p.name}: a run is open`);
      continue;
    }
    try {
      await requestLearnRun(db, { caller: null, projectId: p.id, trigger: "Task", onlyChanged });
      asked++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push(`${p.name}: ${error.code}`);
    }
  }
  log.info({ task: "StartLearnEngine", systemId, onlyChanged, asked, skipped: skipped.length }, "task done");
  return {
    message: `${asked} learn run(s) asked for (${onlyChanged ? "new documents" : "full"}), ${skipped.length} skipped`,
    details: { asked, skipped },
  };
};
