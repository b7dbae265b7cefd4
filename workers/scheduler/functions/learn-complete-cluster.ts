import { AppError } from "@/lib/errors/app-error";
import { learnProjectsToWatch } from "@/lib/learn/runs/queries";
import { exportDue } from "@/lib/learn/runs/rules";
import { runLearnExport } from "@/lib/learn/services/export-learn-clusters";
import { log } from "@/lib/log";
import type { TaskFunction } from "./types";

/**
 * LearnCompleteCluster (internal, every 5 minutes; docs/decisions.md "Learn runs and export"): the complete named
 * clusters of a linked learn project are learned by its extraction project's classifier. Once a run or a person changed
 * the clusters after the last export, the export is made again (as "system"): the classes follow the clusters, and a
 * full run's new model never meets the old centroids. An export that would give the same classes with the same model
 * leaves the extraction project and its version as they are (counted as unchanged). A project without a complete
 * named cluster left keeps its last export (counted as kept).
 */
export const learnCompleteCluster: TaskFunction = async ({ db, systemId }) => {
  let exported = 0;
  let unchanged = 0;
  let kept = 0;
  for (const p of await learnProjectsToWatch(db, { systemId })) {
    if (!exportDue(p) || !p.linkedProjectId) continue;
    try {
      const { changed } = await runLearnExport(db, { caller: null, id: p.id, input: { projectId: p.linkedProjectId } });
      if (changed) exported++;
      else unchanged++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      kept++;
      log.info({ task: "LearnCompleteCluster", projectId: p.id, code: error.code }, "export kept as it was");
    }
  }
  if (exported) log.info({ task: "LearnCompleteCluster", systemId, exported }, "task done");
  return {
    message: `${exported} learn project export(s) renewed, ${unchanged} unchanged, ${kept} kept`,
    details: { exported, unchanged, kept },
  };
};
