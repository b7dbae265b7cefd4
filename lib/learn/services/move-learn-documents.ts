import { inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnDocuments } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { assertClusterChangeable } from "../access";
import { projectCluster } from "../clusters/queries";
import { type LearnClusterDto, ZLearnDocumentsMove } from "../clusters/schemas";
import { assertMembers, changeClusters, clusterRef, settleSizes } from "./cluster-change";
import { afterClusterChange } from "./trigger-learn-run";

/**
 * POST v3/learn/projects/{id}/clusters/{clusterId}/move `{ documentIds, to }` (docs/decisions.md "Learn clusters"):
 * documents of the cluster (409 LearnDocumentNotInCluster otherwise) join another cluster of the project; both sizes
 * are counted again and both centroids left to the next run; a cluster left without documents is deleted. Refused
 * while another user holds the lock of either. Answers the cluster they joined.
 */
export async function moveLearnDocuments(
  db: Database,
  opts: { caller: Caller; projectId: string; clusterId: string; input: unknown },
): Promise<LearnClusterDto> {
  const data = parseInput(ZLearnDocumentsMove, opts.input ?? {});
  if (data.to === opts.clusterId) throw new AppError("InvalidField", { field: "to", reason: "the documents are there already" });
  await changeClusters(
    db,
    { caller: opts.caller, projectId: opts.projectId, clusterIds: [opts.clusterId, data.to] },
    async (change) => {
      const [source, target] = change.clusters;
      if (!source || !target) return;
      assertClusterChangeable(source, opts.caller.userId);
      assertClusterChangeable(target, opts.caller.userId);
      await assertMembers(change.tx, source, data.documentIds);
      await change.tx.update(learnDocuments).set({ clusterId: target.id }).where(inArray(learnDocuments.id, data.documentIds));
      await settleSizes(change.tx, [source.id, target.id], new Date());
      await change.audit({ cluster: clusterRef(source), movedTo: clusterRef(target), documents: data.documentIds.length });
    },
  );
  // learn config createLearnJobOnClusterChange, once the change is committed (while a cluster is locked, the run waits)
  await afterClusterChange(db, opts.projectId);
  return projectCluster(db, opts.projectId, data.to);
}
