import type { LearnCluster } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { clusterLabel, lockHeld } from "./clusters/rules";

// Who may change a cluster of a learn project (pure; ManageProjects in the project's system is lib/projects/access.ts).

type ClusterLock = Pick<LearnCluster, "number" | "name" | "lockedBy" | "lockedByName" | "lockedAt" | "lockSeen">;

/**
 * Whether someone other than `userId` holds the cluster's lock (a lapsed lock is nobody's). A lock whose user was
 * deleted (`locked_by` null) is nobody's own, so only an administrator, its lapse or BreakOldClusterLocks ends it.
 */
export function lockedByOther(cluster: ClusterLock, userId: string, now = new Date()): boolean {
  return lockHeld(cluster, now) && cluster.lockedBy !== userId;
}

/**
 * docs/decisions.md "Learn clusters": a cluster another user holds the lock of is changed by nobody else (409
 * LearnClusterLocked); a free cluster and one's own are changed without ceremony.
 */
export function assertClusterChangeable(cluster: ClusterLock, userId: string, now = new Date()): void {
  if (lockedByOther(cluster, userId, now)) {
    throw new AppError("LearnClusterLocked", { cluster: clusterLabel(cluster), user: cluster.lockedByName ?? "?" });
  }
}
