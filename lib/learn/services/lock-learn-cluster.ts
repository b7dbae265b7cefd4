import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { assertClusterChangeable } from "../access";
import { projectCluster } from "../clusters/queries";
import type { LearnClusterDto } from "../clusters/schemas";
import { changeClusters } from "./cluster-change";

/**
 * POST v3/learn/projects/{id}/clusters/{clusterId}/lock (docs/decisions.md "Learn clusters"): the caller holds the
 * cluster's lock: nobody else changes the cluster and no learn run starts (a run waits) until it is released, lapses
 * (its holder not seen for CLUSTER_LOCK_LAPSE_MS: a client renews it, the cluster page sends its heartbeat) or is broken
 * after 12 hours. Another user's lock refuses it (409 LearnClusterLocked); the caller's own is renewed (its 12 hours
 * count again). A lock writes its one audit-trail row when it ends (released, broken or lapsed, naming when it was
 * taken), so a look at a cluster is at most one row.
 */
export async function lockLearnCluster(
  db: Database,
  opts: { caller: Caller; projectId: string; clusterId: string },
): Promise<LearnClusterDto> {
  await changeClusters(db, { caller: opts.caller, projectId: opts.projectId, clusterIds: [opts.clusterId] }, async (change) => {
    const [cluster] = change.clusters;
    if (!cluster) return;
    assertClusterChangeable(cluster, opts.caller.userId);
    const now = new Date();
    await change.tx
      .update(learnClusters)
      .set({ lockedBy: opts.caller.userId, lockedByName: opts.caller.userName, lockedAt: now, lockSeen: now })
      .where(eq(learnClusters.id, cluster.id));
  });
  return projectCluster(db, opts.projectId, opts.clusterId);
}
