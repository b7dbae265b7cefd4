import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type LearnCluster, learnClusters, learnDocuments, type Project, projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { clusterLabel, lockLapsed, lockSeenAt } from "../clusters/rules";
import { learnProjectForCaller } from "../queries";
import { assertLearnProjectLive } from "../rules";

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
 * (two splits at once take turns instead of colliding on the number). A lock of those clusters that has lapsed is
 * ended first (endLapsedLocks), so the change sees only locks that are held.
 */
export async function changeClusters<T>(
  db: Database,
  opts: {
    caller: Caller;
    projectId: string;
    /** the clusters the change names, or those whose lock the caller holds (the overview's "release my locks") */
    clusterIds: string[] | "lockedByCaller";
    allocates?: boolean;
  },
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
    const named = opts.clusterIds;
    const rows = await tx
      .select()
      .from(learnClusters)
      .where(
        and(
          eq(learnClusters.projectId, project.id),
          named === "lockedByCaller" ? eq(learnClusters.lockedBy, opts.caller.userId) : inArray(learnClusters.id, named),
        ),
      )
      .orderBy(asc(learnClusters.id))
      .for("update");
    const clusters = named === "lockedByCaller" ? rows : named.map((id) => rows.find((r) => r.id === id));
    if (clusters.some((c) => c === undefined)) throw new AppError("LearnClusterNotFound");
    const system = { id: project.systemId, name: loaded.systemName };
    const current = await endLapsedLocks(tx, project, clusters as LearnCluster[]);
    return run({
      tx,
      project,
      clusters: current,
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

/**
 * Ends the lapsed locks among clusters read FOR UPDATE (docs/decisions.md "Learn clusters"): a lock whose holder was not
 * seen for CLUSTER_LOCK_LAPSE_MS is held by nobody; its row is freed with its audit-trail row (by "system", naming the
 * holder, when it was taken and last seen). Answers the clusters as they are now.
 */
export async function endLapsedLocks(tx: Database, project: Project, clusters: LearnCluster[]): Promise<LearnCluster[]> {
  const now = new Date();
  const out: LearnCluster[] = [];
  for (const cluster of clusters) {
    if (!lockLapsed(cluster, now)) {
      out.push(cluster);
      continue;
    }
    await tx
      .update(learnClusters)
      .set({ lockedBy: null, lockedByName: null, lockedAt: null, lockSeen: null })
      .where(eq(learnClusters.id, cluster.id));
    await writeAudit(tx, null, {
      category: "LearnProject",
      operation: "Update",
      systemId: project.systemId,
      projectId: project.id,
      project: project.name,
      value: {
        id: project.id,
        cluster: clusterRef(cluster),
        lock: "lapsed",
        lockedBy: cluster.lockedByName,
        lockedAt: cluster.lockedAt?.toISOString() ?? null,
        seen: lockSeenAt(cluster)?.toISOString() ?? null,
      },
    });
    out.push({ ...cluster, lockedBy: null, lockedByName: null, lockedAt: null, lockSeen: null });
  }
  return out;
}

/**
 * Frees a cluster's lock inside a change with its one audit-trail row: released by its holder, or broken (naming the
 * holder); both name when it was taken.
 */
export async function endLock(change: ClusterChange, cluster: LearnCluster, how: "released" | "broken"): Promise<void> {
  await change.tx
    .update(learnClusters)
    .set({ lockedBy: null, lockedByName: null, lockedAt: null, lockSeen: null })
    .where(eq(learnClusters.id, cluster.id));
  await change.audit({
    cluster: clusterRef(cluster),
    lock: how,
    ...(how === "broken" ? { lockedBy: cluster.lockedByName } : {}),
    lockedAt: cluster.lockedAt?.toISOString() ?? null,
  });
}
