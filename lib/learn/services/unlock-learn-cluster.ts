import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import type { LearnClusterDto } from "../cluster-schemas";
import { projectCluster } from "../clusters";
import { assertClusterChangeable, lockedByOther } from "../rules";
import { changeClusters, clusterRef } from "./cluster-change";
import { afterClusterChange } from "./trigger-learn-run";

/**
 * POST v3/learn/projects/{id}/clusters/{clusterId}/unlock (docs/decisions.md "Learn clusters"): releases the cluster's
 * lock. The holder releases their own; another user's lock is released only by an administrator of the system
 * (BreakClusterLocks), recorded as broken with its holder; anyone else gets 409 LearnClusterLocked. A free cluster
 * stays free (nothing is written). When the cluster was changed while locked, the learn config's
 * createLearnJobOnClusterChange asks for its run now (afterClusterChange).
 */
export async function unlockLearnCluster(
  db: Database,
  opts: { caller: Caller; projectId: string; clusterId: string },
): Promise<LearnClusterDto> {
  const changedWhileLocked = await changeClusters(
    db,
    { caller: opts.caller, projectId: opts.projectId, clusterIds: [opts.clusterId] },
    async (change) => {
      const [cluster] = change.clusters;
      if (!cluster?.lockedAt) return false;
      const broken = lockedByOther(cluster, opts.caller.userId);
      if (broken && !hasPermission(opts.caller.roles, "BreakClusterLocks")) assertClusterChangeable(cluster, opts.caller.userId);
      await change.tx
        .update(learnClusters)
        .set({ lockedBy: null, lockedByName: null, lockedAt: null })
        .where(eq(learnClusters.id, cluster.id));
      await change.audit({
        cluster: clusterRef(cluster),
        lock: broken ? "broken" : "released",
        ...(broken ? { lockedBy: cluster.lockedByName, lockedAt: cluster.lockedAt.toISOString() } : {}),
      });
      return cluster.updated > cluster.lockedAt;
    },
  );
  // the changes made under the lock asked for no learn run (it refuses while a cluster is locked): now is the time
  if (changedWhileLocked) await afterClusterChange(db, opts.projectId);
  return projectCluster(db, opts.projectId, opts.clusterId);
}
