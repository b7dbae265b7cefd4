import { AppError } from "@/lib/errors/app-error";
import { learnProjectsToWatch } from "@/lib/learn/runs/queries";
import { groupedRunDue } from "@/lib/learn/runs/rules";
import { requestLearnRun } from "@/lib/learn/services/request-learn-run";
import { log } from "@/lib/log";
import { getLearnConfig } from "@/lib/settings/store";
import type { TaskFunction } from "./types";

/**
 * GroupPendingDocuments (internal, every 5 minutes; docs/decisions.md "Learn runs and export"): the learn projects'
 * background trigger. A project whose documents posted since the last run stopped arriving (none for two minutes) gets
 * one incremental run for all of them (trigger PendingDocuments); with createLearnJobOnClusterChange, one whose
 * clusters people changed since its last run gets one too (trigger ClusterChange), once no lock is held. StartLearnEngine
 * is the schedule a person sets (full runs, fixed times); this task keeps new documents from waiting for it.
 */
export const groupPendingDocuments: TaskFunction = async ({ db, systemId, now }) => {
  const { createLearnJobOnClusterChange } = await getLearnConfig(db);
  const asked: Record<string, number> = { PendingDocuments: 0, ClusterChange: 0 };
  let refused = 0;
  for (const p of await learnProjectsToWatch(db, { systemId })) {
    const trigger = groupedRunDue(p, now, { onClusterChange: createLearnJobOnClusterChange });
    if (!trigger) continue;
    try {
      await requestLearnRun(db, { caller: null, projectId: p.id, trigger, onlyChanged: true });
      asked[trigger] = (asked[trigger] ?? 0) + 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused++;
    }
  }
  const documents = asked.PendingDocuments ?? 0;
  const clusters = asked.ClusterChange ?? 0;
  if (documents + clusters) log.info({ task: "GroupPendingDocuments", systemId, documents, clusters }, "task done");
  return {
    message: `${documents} learn run(s) for pending documents, ${clusters} for changed clusters, ${refused} refused`,
    details: { pendingDocuments: documents, clusterChange: clusters, refused },
  };
};
