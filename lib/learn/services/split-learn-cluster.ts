import { eq, inArray, max } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters, learnDocuments } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { assertClusterChangeable } from "../access";
import { projectCluster } from "../clusters/queries";
import { type LearnClusterDto, ZLearnClusterSplit } from "../clusters/schemas";
import { assertMembers, changeClusters, clusterRef, settleSizes } from "./cluster-change";
import { afterClusterChange } from "./trigger-learn-run";

/**
 * POST v3/learn/projects/{id}/clusters/{clusterId}/split `{ documentIds }` (docs/decisions.md "Learn clusters"): the
 * documents named, all members of the cluster (409 LearnDocumentNotInCluster), form a new cluster with the project's
 * next number, without name, keywords or centroid until the next run; the cluster keeps the others (it is deleted when
 * none is left). Refused while another user holds its lock. Answers the new cluster.
 */
export async function splitLearnCluster(
  db: Database,
  opts: { caller: Caller; projectId: string; clusterId: string; input: unknown },
): Promise<LearnClusterDto> {
  const data = parseInput(ZLearnClusterSplit, opts.input ?? {});
  const madeId = await changeClusters(
    db,
    { caller: opts.caller, projectId: opts.projectId, clusterIds: [opts.clusterId], allocates: true },
    async (change) => {
      const [source] = change.clusters;
      if (!source) throw new Error("no cluster");
      assertClusterChangeable(source, opts.caller.userId);
      await assertMembers(change.tx, source, data.documentIds);
      const now = new Date();
      const [last] = await change.tx
        .select({ number: max(learnClusters.number) })
        .from(learnClusters)
        .where(eq(learnClusters.projectId, change.project.id));
      const [made] = await change.tx
        .insert(learnClusters)
        .values({
          projectId: change.project.id,
          systemId: change.project.systemId,
          number: (last?.number ?? 0) + 1,
          size: data.documentIds.length,
          created: now,
          updated: now,
        })
        .returning();
      if (!made) throw new Error("no cluster made");
      await change.tx.update(learnDocuments).set({ clusterId: made.id }).where(inArray(learnDocuments.id, data.documentIds));
      await settleSizes(change.tx, [source.id, made.id], now);
      await change.audit({ cluster: clusterRef(source), splitInto: clusterRef(made), documents: data.documentIds.length });
      return made.id;
    },
  );
  // learn config createLearnJobOnClusterChange, once the change is committed (while a cluster is locked, the run waits)
  await afterClusterChange(db, opts.projectId);
  return projectCluster(db, opts.projectId, madeId);
}
