import { describe, expect, it } from "vitest";
import type { ClusterResult } from "@/lib/learn/engine";
import { planWrite, progressTotal, runKind } from "./plan";

const c = (key: string | null, members: number[]) => ({ key, members: members.map(String), centroid: new Float32Array([1, 0]) });

describe("learn run planning", () => {
  it("is a full run when asked, or when there is no model to embed new documents with", () => {
    expect(runKind({ onlyChanged: true, hasModel: true })).toBe("incremental");
    expect(runKind({ onlyChanged: true, hasModel: false })).toBe("full");
    expect(runKind({ onlyChanged: false, hasModel: true })).toBe("full");
  });

  it("counts three units a document for a full run, two a new document for an incremental one, at least one", () => {
    expect(progressTotal("full", 100, 100)).toBe(300);
    expect(progressTotal("incremental", 100, 7)).toBe(14);
    expect(progressTotal("incremental", 100, 0)).toBe(1);
    expect(progressTotal("full", 0, 0)).toBe(1);
  });

  it("an incremental run: kept clusters updated (recomputed when changed or stale), new ones made, documents moved", () => {
    const result: ClusterResult = {
      clusters: [c("a", [1, 2, 7]), c("b", [3, 4]), c("s", [5]), c(null, [8, 9, 10])],
      unclustered: ["6", "11"],
    };
    const plan = planWrite({
      kind: "incremental",
      before: [
        { id: "a", fixed: true, members: [1, 2], stale: false },
        { id: "b", fixed: false, members: [3, 4], stale: false },
        { id: "s", fixed: false, members: [5], stale: true },
        { id: "gone", fixed: false, members: [], stale: false },
      ],
      result,
    });
    expect(plan.updates.map((u) => [u.id, u.members, u.changed, u.recompute])).toEqual([
      ["a", [1, 2, 7], true, true],
      ["b", [3, 4], false, false],
      ["s", [5], false, true],
    ]);
    expect(plan.inserts.map((i) => i.members)).toEqual([[8, 9, 10]]);
    expect(plan.deletes).toEqual(["gone"]);
    // 6 was unclustered before (no cluster) and stays so: no move
    expect(plan.moves).toEqual([
      { id: 7, to: { existing: "a" } },
      { id: 8, to: { created: 0 } },
      { id: 9, to: { created: 0 } },
      { id: 10, to: { created: 0 } },
    ]);
    expect(plan.summary).toEqual({ documents: 11, placed: 4, newClusters: 1, changedClusters: 1, unclustered: 2 });
  });

  it("a full run: every cluster recomputed; a dissolved cluster not continued goes, its documents move; fixed ones stay even empty", () => {
    const plan = planWrite({
      kind: "full",
      before: [
        { id: "named", fixed: true, members: [], stale: true },
        { id: "old", fixed: false, members: [1, 2, 3], stale: false },
        { id: "kept", fixed: false, members: [4, 5], stale: false },
      ],
      result: { clusters: [c("named", []), c("kept", [4, 5]), c(null, [1, 2]), c("empty", [])], unclustered: ["3"] },
    });
    expect(plan.updates.map((u) => [u.id, u.recompute])).toEqual([
      ["named", true],
      ["kept", true],
    ]);
    expect(plan.deletes).toEqual(["old"]);
    expect(plan.moves).toEqual([
      { id: 1, to: { created: 0 } },
      { id: 2, to: { created: 0 } },
      { id: 3, to: null },
    ]);
    expect(plan.summary).toMatchObject({ placed: 0, newClusters: 1, changedClusters: 0, unclustered: 1 });
  });
});
