import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { assertClusterChangeable } from "../access";
import { projectCluster } from "../clusters/queries";
import { type LearnClusterDto, ZLearnClusterUpdate } from "../clusters/schemas";
import { assertClusterNameFree, changeClusters, clusterRef } from "./cluster-change";
import { afterClusterChange } from "./trigger-learn-run";

/**
 * PUT v3/learn/projects/{id}/clusters/{clusterId} `{ name?, complete? }` (DESIGN.md "Learn"): names a cluster (trimmed,
 * unique in the project whatever the case: 409 LearnClusterNameExists; empty or null takes the name away) and marks it
 * complete or not. Named or complete clusters are fixed for the learn runs. Refused while another user holds its lock
 * (409 LearnClusterLocked).
 */
export async function updateLearnCluster(
  db: Database,
  opts: { caller: Caller; projectId: string; clusterId: string; input: unknown },
): Promise<LearnClusterDto> {
  const data = parseInput(ZLearnClusterUpdate, opts.input ?? {});
  await changeClusters(db, { caller: opts.caller, projectId: opts.projectId, clusterIds: [opts.clusterId] }, async (change) => {
    const [cluster] = change.clusters;
    if (!cluster) return;
    assertClusterChangeable(cluster, opts.caller.userId);
    if (data.name) await assertClusterNameFree(change.tx, change.project.id, data.name, cluster.id);
    const set = {
      updated: new Date(),
      ...(data.name === undefined ? {} : { name: data.name }),
      ...(data.complete === undefined ? {} : { complete: data.complete }),
    };
    await change.tx.update(learnClusters).set(set).where(eq(learnClusters.id, cluster.id));
    await change.audit({
      cluster: clusterRef(cluster),
      ...(data.name === undefined || data.name === cluster.name ? {} : { name: data.name, previousName: cluster.name }),
      ...(data.complete === undefined ? {} : { complete: data.complete }),
    });
  });
  // learn config createLearnJobOnClusterChange, once the change is committed (while a cluster is locked, the run waits)
  await afterClusterChange(db, opts.projectId);
  return projectCluster(db, opts.projectId, opts.clusterId);
}
