import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import { learnClusters, projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { CLUSTER_LOCK_LAPSE_MS, CLUSTER_LOCK_MAX_MS, lockSeenAt } from "@/lib/learn/clusters/rules";
import { log } from "@/lib/log";
import type { TaskFunction } from "./types";

/**
 * BreakOldClusterLocks (spec operations §3, §4, §9; docs/decisions.md "Learn clusters"): a cluster lock taken more than
 * 12 hours before the run's time is broken, so that a forgotten lock neither blocks the learn runs nor keeps others
 * from the cluster for good; a lock whose holder was not seen for CLUSTER_LOCK_LAPSE_MS (it lapsed: held by nobody
 * already) is ended too, so its row is freed and the trail tells. Each writes its LearnProject/Update row (by "system",
 * naming the holder, when it was taken and, for a lapsed one, last seen) in the transaction that ends it. A lock renewed
 * meanwhile is left alone. A system's run covers that system's clusters only.
 */
export const breakOldClusterLocks: TaskFunction = async ({ db, systemId, now }) => {
  const before = new Date(now.getTime() - CLUSTER_LOCK_MAX_MS);
  const unseen = new Date(now.getTime() - CLUSTER_LOCK_LAPSE_MS);
  const ended = await db.transaction(async (tx) => {
    const stale = await tx
      .select({ cluster: learnClusters, project: projects.name })
      .from(learnClusters)
      .innerJoin(projects, eq(projects.id, learnClusters.projectId))
      .where(
        and(
          isNotNull(learnClusters.lockedAt),
          or(
            lt(learnClusters.lockedAt, before),
            lt(sql`coalesce(${learnClusters.lockSeen}, ${learnClusters.lockedAt})`, sql`${unseen.toISOString()}::timestamptz`),
          ),
          systemId ? eq(learnClusters.systemId, systemId) : undefined,
        ),
      )
      .for("update", { of: learnClusters, skipLocked: true });
    if (!stale.length) return { broken: 0, lapsed: 0 };
    await tx
      .update(learnClusters)
      .set({ lockedBy: null, lockedByName: null, lockedAt: null, lockSeen: null })
      .where(
        inArray(
          learnClusters.id,
          stale.map((s) => s.cluster.id),
        ),
      );
    let broken = 0;
    for (const { cluster, project } of stale) {
      const old = (cluster.lockedAt?.getTime() ?? 0) < before.getTime();
      if (old) broken++;
      await writeAudit(tx, null, {
        category: "LearnProject",
        operation: "Update",
        systemId: cluster.systemId,
        projectId: cluster.projectId,
        project,
        value: {
          id: cluster.projectId,
          cluster: { id: cluster.id, number: cluster.number, name: cluster.name },
          lock: old ? "broken" : "lapsed",
          lockedBy: cluster.lockedByName,
          lockedAt: cluster.lockedAt?.toISOString() ?? null,
          ...(old ? { reason: "olderThan12Hours" } : { seen: lockSeenAt(cluster)?.toISOString() ?? null }),
        },
      });
    }
    return { broken, lapsed: stale.length - broken };
  });
  if (ended.broken + ended.lapsed) log.info({ task: "BreakOldClusterLocks", systemId, ...ended }, "task done");
  return {
    message: `${ended.broken} cluster lock(s) older than 12 hours broken, ${ended.lapsed} lapsed lock(s) ended`,
    details: ended,
  };
};
