import { and, eq, inArray, isNotNull, lt } from "drizzle-orm";
import { learnClusters, projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { CLUSTER_LOCK_MAX_MS } from "@/lib/learn/rules";
import { log } from "@/lib/log";
import type { TaskFunction } from "./types";

/**
 * BreakOldClusterLocks (spec operations §3, §4, §9; docs/decisions.md "Learn clusters"): a cluster lock taken more than
 * 12 hours before the run's time is released, so that a forgotten lock neither blocks the learn runs nor keeps others
 * from the cluster for good. Each broken lock writes its LearnProject/Update row (by "system", naming the holder and
 * when it was taken) in the transaction that breaks it. A lock renewed meanwhile is left alone. A system's run covers
 * that system's clusters only.
 */
export const breakOldClusterLocks: TaskFunction = async ({ db, systemId, now }) => {
  const before = new Date(now.getTime() - CLUSTER_LOCK_MAX_MS);
  const broken = await db.transaction(async (tx) => {
    const stale = await tx
      .select({ cluster: learnClusters, project: projects.name })
      .from(learnClusters)
      .innerJoin(projects, eq(projects.id, learnClusters.projectId))
      .where(
        and(
          isNotNull(learnClusters.lockedAt),
          lt(learnClusters.lockedAt, before),
          systemId ? eq(learnClusters.systemId, systemId) : undefined,
        ),
      )
      .for("update", { of: learnClusters, skipLocked: true });
    if (!stale.length) return 0;
    await tx
      .update(learnClusters)
      .set({ lockedBy: null, lockedByName: null, lockedAt: null })
      .where(
        inArray(
          learnClusters.id,
          stale.map((s) => s.cluster.id),
        ),
      );
    for (const { cluster, project } of stale) {
      await writeAudit(tx, null, {
        category: "LearnProject",
        operation: "Update",
        systemId: cluster.systemId,
        projectId: cluster.projectId,
        project,
        value: {
          id: cluster.projectId,
          cluster: { id: cluster.id, number: cluster.number, name: cluster.name },
          lock: "broken",
          lockedBy: cluster.lockedByName,
          lockedAt: cluster.lockedAt?.toISOString() ?? null,
          reason: "olderThan12Hours",
        },
      });
    }
    return stale.length;
  });
  if (broken) log.info({ task: "BreakOldClusterLocks", systemId, broken }, "task done");
  return { message: `${broken} cluster lock(s) older than 12 hours broken`, details: { broken } };
};
