import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type LearnCluster, learnClusters, learnDocuments, type Project, projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { learnProjectForCaller } from "../queries";
import { assertLearnProjectLive, clusterLabel } from "../rules";

export type ClusterChange = {
  tx: Database;
  project: Project;
  /** the clusters named, in the order they were named */
  clusters: LearnCluster[];
  /** writes the change's audit-trail row (LearnProject/Update, acting in the project's system) */
  audit: (value: Record<string, unknown>) => Promise<void>;
};

/** How the audit trail names a cluster. */
export function clusterRef(c: Pick<LearnCluster, "id" | "number" | "name">) {
  return { id: c.id, number: c.number, name: c.name };
}

/**
 * One change of clusters of a learn project by a person (docs/decisions.md "Learn clusters"): the caller manages the
 * project's system (404 when foreign, 403 without ManageProjects), the project is not deleted (409 LearnProjectDeleted;
 * its row is read FOR SHARE, so a delete waits for the change or the change sees the delete), and every cluster named
 * belongs to it (404 LearnClusterNotFound), read FOR UPDATE in id order so that two changes of the same clusters take
 * turns. `allocates`: the change makes a cluster and takes the project's next number, so its row is held FOR UPDATE
 * (two splits at once take turns instead of colliding on the number).
 */
export async function changeClusters<T>(
  db: Database,
  opts: { caller: Caller; projectId: string; clusterIds: string[]; allocates?: boolean },
  run: (change: ClusterChange) => Promise<T>,
): Promise<T> {
  const loaded = await learnProjectForCaller(db, opts.caller, opts.projectId);
  assertLearnProjectLive(loaded.project);
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select()
      .from(projects)
      .where(eq(projects.id, loaded.project.id))
      .for(opts.allocates ? "update" : "share");
    if (!project) throw new AppError("ProjectNotFound");
    assertLearnProjectLive(project);
    const rows = await tx
      .select()
      .from(learnClusters)
      .where(and(eq(learnClusters.projectId, project.id), inArray(learnClusters.id, opts.clusterIds)))
      .orderBy(asc(learnClusters.id))
      .for("update");
    const clusters = opts.clusterIds.map((id) => rows.find((r) => r.id === id));
    if (clusters.some((c) => c === undefined)) throw new AppError("LearnClusterNotFound");
    const system = { id: project.systemId, name: loaded.systemName };
    return run({
      tx,
      project,
      clusters: clusters as LearnCluster[],
      audit: (value) =>
        writeAudit(tx, actingIn(opts.caller, system), {
          category: "LearnProject",
          operation: "Update",
          systemId: project.systemId,
          projectId: project.id,
          project: project.name,
          value: { id: project.id, ...value },
        }),
    });
  });
}

/**
 * The documents among `documentIds` that are members of `cluster`; 409 LearnDocumentNotInCluster naming the first that
 * is not (it was moved meanwhile, or never was).
 */
export async function assertMembers(tx: Database, cluster: LearnCluster, documentIds: number[]): Promise<void> {
  const rows = await tx
    .select({ id: learnDocuments.id })
    .from(learnDocuments)
    .where(and(eq(learnDocuments.clusterId, cluster.id), inArray(learnDocuments.id, documentIds)));
  const members = new Set(rows.map((r) => Number(r.id)));
  const stray = documentIds.find((id) => !members.has(id));
  if (stray !== undefined) throw new AppError("LearnDocumentNotInCluster", { id: stray, cluster: clusterLabel(cluster) });
}

/**
 * Sets each cluster's size to its members' count after documents moved, and its centroid to null (the next learn run
 * computes it again); a cluster left without documents is deleted. Answers the ids of the deleted ones.
 */
export async function settleSizes(tx: Database, clusterIds: string[], now: Date): Promise<string[]> {
  const rows = await tx
    .update(learnClusters)
    .set({
      size: sql`(select count(*) from ${learnDocuments} where ${learnDocuments.clusterId} = ${learnClusters.id})::int`,
      centroid: null,
      updated: now,
    })
    .where(inArray(learnClusters.id, clusterIds))
    .returning({ id: learnClusters.id, size: learnClusters.size });
  const empty = rows.filter((r) => r.size === 0).map((r) => r.id);
  if (empty.length) await tx.delete(learnClusters).where(inArray(learnClusters.id, empty));
  return empty;
}

/** 409 LearnClusterNameExists when another cluster of the project has the name, whatever its case. */
export async function assertClusterNameFree(tx: Database, projectId: string, name: string, exceptId: string): Promise<void> {
  const [same] = await tx
    .select({ id: learnClusters.id })
    .from(learnClusters)
    .where(
      and(
        eq(learnClusters.projectId, projectId),
        eq(sql`lower(${learnClusters.name})`, name.toLowerCase()),
        sql`${learnClusters.id} <> ${exceptId}`,
      ),
    );
  if (same) throw new AppError("LearnClusterNameExists", { name });
}
