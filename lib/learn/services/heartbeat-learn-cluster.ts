import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { projectCluster } from "../clusters/queries";
import type { LearnClusterDto } from "../clusters/schemas";
import { changeClusters } from "./cluster-change";

/**
 * The open cluster page's heartbeat (docs/decisions.md "Learn clusters"; every CLUSTER_LOCK_HEARTBEAT_MS): the caller's
 * lock of the cluster is seen now, so it does not lapse. It takes no lock: one the caller no longer holds (released
 * elsewhere, broken, lapsed while the computer slept, which ends it here) stays gone, and the page learns so from the
 * answer. No audit-trail row (nothing changes hands).
 */
export async function heartbeatLearnCluster(
  db: Database,
  opts: { caller: Caller; projectId: string; clusterId: string },
): Promise<LearnClusterDto> {
  await changeClusters(db, { caller: opts.caller, projectId: opts.projectId, clusterIds: [opts.clusterId] }, async (change) => {
    const [cluster] = change.clusters;
    if (!cluster?.lockedAt || cluster.lockedBy !== opts.caller.userId) return;
    await change.tx.update(learnClusters).set({ lockSeen: new Date() }).where(eq(learnClusters.id, cluster.id));
  });
  return projectCluster(db, opts.projectId, opts.clusterId);
}
