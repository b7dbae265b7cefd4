import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { DEFAULT_MIN_CLUSTER_SIZE, DEFAULT_SIMILARITY } from "../engine";
import {
  assertLearnable,
  assertNoClusterLocked,
  exportDue,
  FAILED_RUN_PAUSE_MS,
  GROUP_QUIET_MS,
  groupedRunDue,
  isFixedCluster,
  type LearnProjectState,
  learnOptions,
  waitsForLocks,
} from "./rules";

const codeOf = (f: () => void) => {
  try {
    f();
  } catch (error) {
    return error instanceof AppError ? [error.code, error.entries[0]?.params] : error;
  }
  return null;
};

const NOW = new Date("2030-01-01T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const state = (overrides: Partial<LearnProjectState> = {}): LearnProjectState => ({
  updating: false,
  pending: 0,
  newestPending: null,
  openRun: false,
  locked: false,
  lastRunState: "Ready",
  lastRunCode: null,
  lastRunFinished: ago(3_600_000),
  lastReady: ago(3_600_000),
  clustersUpdated: ago(3_600_000),
  staleClusters: false,
  linkedProjectId: null,
  exported: null,
  ...overrides,
});

describe("learn run rules", () => {
  it("refuses a deleted project, one under its updating lock, and a locked cluster (named or by number)", () => {
    expect(codeOf(() => assertLearnable({ name: "Mail", deletedAt: null, updating: false }))).toBeNull();
    expect(codeOf(() => assertLearnable({ name: "Mail", deletedAt: new Date(), updating: false }))).toEqual([
      "LearnProjectDeleted",
      { name: "Mail" },
    ]);
    expect(codeOf(() => assertLearnable({ name: "Mail", deletedAt: null, updating: true }))).toEqual([
      "LearnProjectUpdating",
      { name: "Mail" },
    ]);
    expect(codeOf(() => assertNoClusterLocked(undefined))).toBeNull();
    expect(codeOf(() => assertNoClusterLocked({ number: 7, name: null, lockedByName: "maria" }))).toEqual([
      "LearnClusterLocked",
      { cluster: "Cluster 7", user: "maria" },
    ]);
    expect(codeOf(() => assertNoClusterLocked({ number: 7, name: "Invoices", lockedByName: null }))).toEqual([
      "LearnClusterLocked",
      { cluster: "Invoices", user: "?" },
    ]);
  });

  it("takes the project's learn settings, else the engine's defaults; named or complete clusters are fixed", () => {
    expect(learnOptions(null)).toEqual({ similarity: DEFAULT_SIMILARITY, minClusterSize: DEFAULT_MIN_CLUSTER_SIZE });
    expect(learnOptions({ similarity: 0.7 })).toEqual({ similarity: 0.7, minClusterSize: DEFAULT_MIN_CLUSTER_SIZE });
    expect(learnOptions({ minClusterSize: 3, similarity: 0.4 })).toEqual({ similarity: 0.4, minClusterSize: 3 });
    expect([isFixedCluster({ name: null, complete: false }), isFixedCluster({ name: "A", complete: false })]).toEqual([
      false,
      true,
    ]);
    expect(isFixedCluster({ name: null, complete: true })).toBe(true);
  });

  it("groups pending documents once none came for the quiet time; changed or stale clusters with the setting", () => {
    const due = (s: Partial<LearnProjectState>, onClusterChange = true) => groupedRunDue(state(s), NOW, { onClusterChange });
    expect(due({})).toBeNull();
    expect(due({ pending: 3, newestPending: ago(GROUP_QUIET_MS - 1) })).toBeNull();
    expect(due({ pending: 3, newestPending: ago(GROUP_QUIET_MS) })).toBe("PendingDocuments");
    expect(due({ clustersUpdated: ago(60_000) })).toBe("ClusterChange");
    expect(due({ clustersUpdated: ago(60_000) }, false)).toBeNull();
    expect(due({ staleClusters: true })).toBe("ClusterChange");
    // clusters but never a Ready run (made by hand): a run
    expect(due({ lastReady: null })).toBe("ClusterChange");
    for (const blocked of [{ updating: true }, { openRun: true }]) {
      expect(due({ ...blocked, pending: 3, newestPending: ago(GROUP_QUIET_MS) })).toBeNull();
    }
    // a held lock does not keep the run away: it waits for the lock
    expect(due({ locked: true, pending: 3, newestPending: ago(GROUP_QUIET_MS) })).toBe("PendingDocuments");
    expect(waitsForLocks("PendingDocuments")).toBe(true);
    expect(waitsForLocks("ClusterChange")).toBe(true);
    expect(waitsForLocks("Task")).toBe(true);
    expect(waitsForLocks("Manual")).toBe(false);
    // a failure pauses for an hour; a refusal does not
    const failed = { pending: 3, newestPending: ago(GROUP_QUIET_MS), lastRunState: "Error", lastRunFinished: ago(60_000) };
    expect(due({ ...failed, lastRunCode: "LearnRunFailed" })).toBeNull();
    expect(due({ ...failed, lastRunCode: "LearnRunFailed", lastRunFinished: ago(FAILED_RUN_PAUSE_MS) })).toBe("PendingDocuments");
    expect(due({ ...failed, lastRunCode: "LearnClusterLocked" })).toBe("PendingDocuments");
  });

  it("renews an export once a run or a person changed the clusters after it, while nothing is open or locked", () => {
    const linked = { linkedProjectId: "p", exported: ago(1000) };
    expect(exportDue(state())).toBe(false);
    expect(exportDue(state(linked))).toBe(false);
    expect(exportDue(state({ ...linked, lastReady: ago(10) }))).toBe(true);
    expect(exportDue(state({ ...linked, clustersUpdated: ago(10) }))).toBe(true);
    expect(exportDue(state({ ...linked, lastReady: ago(10), openRun: true }))).toBe(false);
    expect(exportDue(state({ ...linked, lastReady: ago(10), locked: true }))).toBe(false);
    expect(exportDue(state({ linkedProjectId: "p", exported: null, lastReady: ago(10) }))).toBe(false);
  });
});
