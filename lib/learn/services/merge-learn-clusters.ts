import { eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters, learnDocuments } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { assertClusterChangeable } from "../access";
import { projectCluster } from "../clusters/queries";
import { mergedKeywords, mergedName } from "../clusters/rules";
import { type LearnClusterDto, ZLearnClusterMerge } from "../clusters/schemas";
import { changeClusters, clusterRef, settleSizes } from "./cluster-change";
import { afterClusterChange } from "./trigger-learn-run";

/**
 * POST v3/learn/projects/{id}/clusters/merge `{ ids }` (DESIGN.md "Learn"; docs/decisions.md "Learn clusters"): the
 * documents of the other clusters join the first (the target), which keeps its number, its complete mark and its name,
 * or, when it has none, takes the name of the first named one of the others in the order given; the others are
 * deleted. Its size is counted again, its keywords are its own followed by the others' until the next run computes
 * them, its centroid is left to that run. Refused while another user holds the lock of any of them.
 */
export async function mergeLearnClusters(
  db: Database,
  opts: { caller: Caller; projectId: string; input: unknown },
): Promise<LearnClusterDto> {
  const data = parseInput(ZLearnClusterMerge, opts.input ?? {});
  const [targetId] = data.ids;
  await changeClusters(db, { caller: opts.caller, projectId: opts.projectId, clusterIds: data.ids }, async (change) => {
    const [target, ...others] = change.clusters;
    if (!target) return;
    for (const cluster of change.clusters) assertClusterChangeable(cluster, opts.caller.userId);
    const otherIds = others.map((c) => c.id);
    const now = new Date();
    await change.tx.update(learnDocuments).set({ clusterId: target.id }).where(inArray(learnDocuments.clusterId, otherIds));
    // the others go before the target takes a name of theirs (the name is unique in the project)
    await change.tx.delete(learnClusters).where(inArray(learnClusters.id, otherIds));
    const name = mergedName(change.clusters);
    await change.tx
      .update(learnClusters)
      .set({ name, keywords: mergedKeywords(change.clusters) })
      .where(eq(learnClusters.id, target.id));
    await settleSizes(change.tx, [target.id], now);
    await change.audit({ cluster: clusterRef(target), merged: others.map(clusterRef), name });
  });
  // learn config createLearnJobOnClusterChange, once the change is committed (while a cluster is locked, the run waits)
  await afterClusterChange(db, opts.projectId);
  return projectCluster(db, opts.projectId, targetId as string);
}
