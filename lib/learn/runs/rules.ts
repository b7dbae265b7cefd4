import type { LearnCluster, LearnRunTrigger, LearnSettings, Project } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { clusterLabel } from "../clusters/rules";
import { DEFAULT_MIN_CLUSTER_SIZE, DEFAULT_SIMILARITY } from "../engine";
import { assertLearnProjectLive } from "../rules";

// Pure rules of learn runs (no database): the request service and the learn worker ask the same ones.

/**
 * Who may be learned now (docs/decisions.md "Learn projects", "Learn runs and export"): not a deleted learn project
 * (409 LearnProjectDeleted), not one under its updating lock (409 LearnProjectUpdating: "learn runs leave it alone").
 */
export function assertLearnable(project: Pick<Project, "name" | "deletedAt" | "updating">): void {
  assertLearnProjectLive(project);
  if (project.updating) throw new AppError("LearnProjectUpdating", { name: project.name });
}

/** spec operations §5, §8: a learn run fails while a cluster is still locked (409 LearnClusterLocked). */
export function assertNoClusterLocked(locked: Pick<LearnCluster, "number" | "name" | "lockedByName"> | undefined): void {
  if (!locked) return;
  throw new AppError("LearnClusterLocked", { cluster: clusterLabel(locked), user: locked.lockedByName ?? "?" });
}

/**
 * docs/decisions.md "Learn runs and export": a run a trigger asked for (a task, a setting) waits while a cluster is
 * locked and starts once the locks are released or lapse; a person asking now (Manual) is told of the lock instead.
 */
export function waitsForLocks(trigger: LearnRunTrigger): boolean {
  return trigger !== "Manual";
}

/** The engine's options for a project: its project.json `learn` member, else the engine's defaults. */
export function learnOptions(settings: LearnSettings | null | undefined): { similarity: number; minClusterSize: number } {
  return {
    similarity: settings?.similarity ?? DEFAULT_SIMILARITY,
    minClusterSize: settings?.minClusterSize ?? DEFAULT_MIN_CLUSTER_SIZE,
  };
}

/** A named or complete cluster is fixed: a run keeps its members and only adds new documents (DESIGN.md "Learn"). */
export function isFixedCluster(cluster: Pick<LearnCluster, "name" | "complete">): boolean {
  return cluster.name !== null || cluster.complete;
}

/** GroupPendingDocuments: documents posted within this time are still arriving; the group waits for them. */
export const GROUP_QUIET_MS = 2 * 60_000;
/** After a run failed (not refused), the triggers wait this long before they ask again. */
export const FAILED_RUN_PAUSE_MS = 60 * 60_000;
/** Run errors that only say "not now" (refusals); other codes are failures worth a pause. */
const REFUSALS = new Set(["LearnClusterLocked", "LearnProjectUpdating", "LearnProjectDeleted", "LearnClustersChanged"]);

/** What the triggers know of a learn project (lib/learn/runs/queries.ts learnProjectsToWatch). */
export type LearnProjectState = {
  updating: boolean;
  pending: number;
  newestPending: Date | null;
  openRun: boolean;
  locked: boolean;
  lastRunState: string | null;
  lastRunCode: string | null;
  lastRunFinished: Date | null;
  lastReady: Date | null;
  clustersUpdated: Date | null;
  staleClusters: boolean;
  linkedProjectId: string | null;
  exported: Date | null;
};

/**
 * Whether a project may get a run from a trigger now: not reworked, no run open, no fresh failure. A held lock does not
 * keep the run from being asked: it waits for the lock (waitsForLocks).
 */
function mayRun(p: LearnProjectState, now: Date): boolean {
  if (p.updating || p.openRun) return false;
  const failed = p.lastRunState === "Error" && !REFUSALS.has(p.lastRunCode ?? "");
  return !(failed && p.lastRunFinished && now.getTime() - p.lastRunFinished.getTime() < FAILED_RUN_PAUSE_MS);
}

/**
 * GroupPendingDocuments (docs/decisions.md "Learn runs and export"): "documents posted since the last run are grouped
 * into one learn run" once no document came for GROUP_QUIET_MS (a batch of jobs ends in one run, not one per job);
 * otherwise, with createLearnJobOnClusterChange, clusters people changed since the last Ready run (or left without a
 * centroid by a merge or split) get the run the change could not get (the project was under its updating lock, say).
 * Null: no run now.
 */
export function groupedRunDue(
  p: LearnProjectState,
  now: Date,
  opts: { onClusterChange: boolean },
): "PendingDocuments" | "ClusterChange" | null {
  if (!mayRun(p, now)) return null;
  if (p.pending > 0 && p.newestPending && now.getTime() - p.newestPending.getTime() >= GROUP_QUIET_MS) return "PendingDocuments";
  if (!opts.onClusterChange) return null;
  const changed = p.clustersUpdated !== null && (p.lastReady === null || p.clustersUpdated > p.lastReady);
  return changed || p.staleClusters ? "ClusterChange" : null;
}

/**
 * LearnCompleteCluster: a linked learn project's export is renewed once a run or a person changed its clusters after
 * it (a full run's new model makes the exported centroids stale; new members move them), while no run is open and no
 * lock is held (a person may still be completing clusters).
 */
export function exportDue(p: LearnProjectState): boolean {
  if (!p.linkedProjectId || !p.exported || p.updating || p.openRun || p.locked) return false;
  const exported = p.exported;
  return (p.lastReady !== null && p.lastReady > exported) || (p.clustersUpdated !== null && p.clustersUpdated > exported);
}
