import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import type { LearnClusterDto } from "../cluster-schemas";
import { projectCluster } from "../clusters";
import { assertClusterChangeable } from "../rules";
import { changeClusters, clusterRef } from "./cluster-change";

/**
 * POST v3/learn/projects/{id}/clusters/{clusterId}/lock (docs/decisions.md "Learn clusters"): the caller holds the
 * cluster's lock: nobody else changes the cluster and no learn run starts (409 LearnClusterLocked) until it is released
 * or broken after 12 hours. Another user's lock refuses it (409 LearnClusterLocked); the caller's own is renewed (its
 * 12 hours count again; no new audit-trail row, the holder is the same).
 */
export async function lockLearnCluster(
  db: Database,
  opts: { caller: Caller; projectId: string; clusterId: string },
): Promise<LearnClusterDto> {
  await changeClusters(db, { caller: opts.caller, projectId: opts.projectId, clusterIds: [opts.clusterId] }, async (change) => {
    const [cluster] = change.clusters;
    if (!cluster) return;
    assertClusterChangeable(cluster, opts.caller.userId);
    const renewal = cluster.lockedAt !== null;
    await change.tx
      .update(learnClusters)
      .set({ lockedBy: opts.caller.userId, lockedByName: opts.caller.userName, lockedAt: new Date() })
      .where(eq(learnClusters.id, cluster.id));
    if (!renewal) await change.audit({ cluster: clusterRef(cluster), lock: "taken" });
  });
  return projectCluster(db, opts.projectId, opts.clusterId);
}
