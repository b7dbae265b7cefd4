import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { assertClusterChangeable, lockedByOther } from "../access";
import { projectCluster } from "../clusters/queries";
import type { LearnClusterDto } from "../clusters/schemas";
import { changeClusters, endLock } from "./cluster-change";
import { wakeWaitingLearnRun } from "./wake-learn-run";

/**
 * POST v3/learn/projects/{id}/clusters/{clusterId}/unlock (docs/decisions.md "Learn clusters"): releases the cluster's
 * lock. The holder releases their own; another user's lock is released only by an administrator of the system
 * (BreakClusterLocks), recorded as broken with its holder; anyone else gets 409 LearnClusterLocked. A free cluster
 * stays free (nothing is written). A learn run that waited for the project's locks is delivered once none is held.
 */
export async function unlockLearnCluster(
  db: Database,
  opts: { caller: Caller; projectId: string; clusterId: string },
): Promise<LearnClusterDto> {
  const released = await changeClusters(
    db,
    { caller: opts.caller, projectId: opts.projectId, clusterIds: [opts.clusterId] },
    async (change) => {
      const [cluster] = change.clusters;
      if (!cluster?.lockedAt) return false;
      const broken = lockedByOther(cluster, opts.caller.userId);
      if (broken && !hasPermission(opts.caller.roles, "BreakClusterLocks")) assertClusterChangeable(cluster, opts.caller.userId);
      await endLock(change, cluster, broken ? "broken" : "released");
      return true;
    },
  );
  if (released) await wakeWaitingLearnRun(db, opts.projectId);
  return projectCluster(db, opts.projectId, opts.clusterId);
}
