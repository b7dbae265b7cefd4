import type { ClusterResult } from "@/lib/learn/engine";
import type { LearnRunSummary } from "@/lib/learn/runs/schemas";

/**
 * The pure parts of a learn run (docs/decisions.md "Learn runs and export"): which kind of run it is, how its progress
 * is counted, and what the engine's result means for the tables (which clusters are updated, made or removed, which
 * documents move, the summary). No database here; workers/learn/run.ts reads and writes.
 */

export type RunKind = "full" | "incremental";

/** A full run when asked for, or when the project has no model yet (nothing to embed new documents with). */
export function runKind(opts: { onlyChanged: boolean; hasModel: boolean }): RunKind {
  return opts.onlyChanged && opts.hasModel ? "incremental" : "full";
}

/**
 * Work units of a run (learn_runs.total): a full run fits, embeds and clusters every document (three units each); an
 * incremental one embeds and places the new ones (two each), and at least one unit (recomputing changed clusters).
 */
export function progressTotal(kind: RunKind, documents: number, embedded: number): number {
  return Math.max(1, kind === "full" ? 3 * documents : 2 * embedded);
}

/** A cluster as the run found it. */
export type ClusterBefore = {
  id: string;
  fixed: boolean;
  members: readonly number[];
  /** a person's merge or split left it without a centroid, or it has no keywords yet: computed again in any case */
  stale: boolean;
};

/** Where a document goes: an existing cluster (its id), a new one (its index among `inserts`), or none. */
export type Destination = { existing: string } | { created: number } | null;

export type WritePlan = {
  /** existing clusters that stay, with their members after the run; `recompute`: keywords and samples anew */
  updates: { id: string; members: number[]; centroid: Float32Array; recompute: boolean; changed: boolean }[];
  /** new clusters in the engine's order (largest first): they take the project's next numbers in this order */
  inserts: { members: number[]; centroid: Float32Array }[];
  /** existing clusters that go: dissolved by a full run and not continued, or left empty (never a fixed one) */
  deletes: string[];
  /** the documents whose cluster changes */
  moves: { id: number; to: Destination }[];
  summary: LearnRunSummary;
};

function sameMembers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((m) => set.has(m));
}

/**
 * What the engine's result (document keys = learn_documents ids as text, cluster keys = learn_clusters ids) means for
 * the tables. A full run recomputes every cluster's keywords and samples (the model is new); an incremental one only
 * those whose members changed, the new ones and the stale ones.
 */
export function planWrite(opts: { kind: RunKind; before: readonly ClusterBefore[]; result: ClusterResult }): WritePlan {
  const { kind, before, result } = opts;
  const byId = new Map(before.map((c) => [c.id, c]));
  const previous = new Map<number, string>();
  for (const c of before) for (const m of c.members) previous.set(m, c.id);
  const updates: WritePlan["updates"] = [];
  const inserts: WritePlan["inserts"] = [];
  const destination = new Map<number, Destination>();
  const kept = new Set<string>();
  for (const out of result.clusters) {
    const members = out.members.map(Number);
    const prior = out.key === null ? undefined : byId.get(out.key);
    if (prior && (members.length > 0 || prior.fixed)) {
      kept.add(prior.id);
      const changed = !sameMembers(prior.members, members);
      updates.push({
        id: prior.id,
        members,
        centroid: out.centroid,
        changed,
        recompute: kind === "full" || changed || prior.stale,
      });
      for (const m of members) destination.set(m, { existing: prior.id });
    } else if (!prior && members.length > 0) {
      for (const m of members) destination.set(m, { created: inserts.length });
      inserts.push({ members, centroid: out.centroid });
    }
  }
  for (const key of result.unclustered) destination.set(Number(key), null);
  const moves: WritePlan["moves"] = [];
  let placed = 0;
  for (const [id, to] of destination) {
    const from = previous.get(id) ?? null;
    if (from === null && to !== null) placed++;
    const same = to === null ? from === null : "existing" in to && to.existing === from;
    if (!same) moves.push({ id, to });
  }
  moves.sort((a, b) => a.id - b.id);
  return {
    updates,
    inserts,
    deletes: before.filter((c) => !kept.has(c.id) && !c.fixed).map((c) => c.id),
    moves,
    summary: {
      documents: destination.size,
      placed,
      newClusters: inserts.length,
      changedClusters: updates.filter((u) => u.changed).length,
      unclustered: result.unclustered.length,
    },
  };
}
