import { agglomerate } from "./agglomerate";
import { lloyd, nearest, type Packed, pack, sphericalKMeans } from "./kmeans";
import { seededRandom } from "./random";
import { centroidOf } from "./vectors";

/**
 * Clusters a learn project's documents (DESIGN.md "Learn"): deterministic (documents and clusters are taken in key
 * order, chance comes from a fixed seed), incremental (fixed clusters keep every member; a document in no cluster joins
 * the nearest cluster whose centroid is at least `similarity` away in cosine, else it is clustered with the other such
 * documents into new clusters), and the number of new clusters is found, not given:
 *
 * 1. micro-clusters: spherical k-means (k-means++) into about 2·√n groups, far more than there are kinds;
 * 2. agglomeration of the micro-clusters (agglomerate.ts): clusters whose centroids are at cosine ≥ `similarity` merge
 *    while the merged cluster's mean cosine to its centroid stays ≥ `similarity`: this decides how many there are;
 * 3. refinement: a few k-means iterations from those clusters' centroids, so every document ends at its nearest one;
 * 4. a cluster smaller than `minClusterSize` is dissolved: its documents join the nearest remaining cluster when its
 *    centroid is ≥ `similarity` away, else they are returned as `unclustered` (tried again on the next run).
 *
 * A full run (`onlyChanged: false`) dissolves every cluster that is not fixed and clusters its documents anew with the
 * unassigned ones; a new cluster takes the key of a dissolved one when it holds more than half of that one's members,
 * so a re-run of unchanged input gives back the same keys. An incremental run (`onlyChanged: true`) keeps every
 * existing cluster as it is and places only the documents in no cluster. A document with a zero vector (no known term)
 * is always unclustered.
 */

export const DEFAULT_SIMILARITY = 0.5;
export const DEFAULT_MIN_CLUSTER_SIZE = 5;
export const DEFAULT_SEED = 1;
const KMEANS_ITERATIONS = 10;
const REFINE_ITERATIONS = 5;
const MAX_MICRO_CLUSTERS = 400;
const MICRO_PER_ROOT = 2;

export type ClusterOptions = {
  /** the cosine a document needs to its cluster's centroid, and a new cluster's mean cosine (0..1) */
  similarity?: number;
  /** smaller new clusters are dissolved */
  minClusterSize?: number;
  /** true: existing clusters stay as they are, only documents in no cluster are placed */
  onlyChanged?: boolean;
  seed?: number;
};

export type ClusterInput = {
  documents: readonly { key: string; vector: ArrayLike<number> }[];
  /** the clusters so far; `fixed` ones (named or complete) always keep their members */
  clusters?: readonly { key: string; fixed: boolean; members: readonly string[] }[];
  options?: ClusterOptions;
  /** called as the work proceeds; done reaches total at the end */
  onProgress?: (done: number, total: number) => void;
};

export type ClusterOutput = {
  key: string | null;
  members: string[];
  centroid: Float32Array;
};

export type ClusterResult = {
  /** the kept clusters in key order (fixed ones and, when onlyChanged, the others), then the new ones, largest first */
  clusters: ClusterOutput[];
  /** documents in no cluster, in key order */
  unclustered: string[];
};

function byKey(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isZero(v: ArrayLike<number>): boolean {
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) return false;
  return true;
}

/** new clusters among the given documents (indices into `vectors`): steps 1–3 above */
function discover(options: {
  vectors: readonly ArrayLike<number>[];
  dimension: number;
  similarity: number;
  seed: number;
  progress: (units: number) => void;
}): number[][] {
  const { vectors, dimension, similarity } = options;
  const n = vectors.length;
  if (n === 0) return [];
  if (n === 1) return [[0]];
  const points: Packed = pack(vectors, dimension);
  const micro = Math.min(n, MAX_MICRO_CLUSTERS, Math.max(2, Math.round(MICRO_PER_ROOT * Math.sqrt(n))));
  const km = sphericalKMeans({
    points,
    k: micro,
    random: seededRandom(options.seed),
    maxIterations: KMEANS_ITERATIONS,
    onIteration: () => options.progress(1),
  });
  options.progress(KMEANS_ITERATIONS - km.iterations);
  const sums = Array.from({ length: km.k }, () => new Float64Array(dimension));
  const sizes = new Array<number>(km.k).fill(0);
  for (let p = 0; p < n; p++) {
    const c = km.assignment[p]!;
    sizes[c]!++;
    for (let j = 0; j < dimension; j++) sums[c]![j]! += points.data[p * dimension + j]!;
  }
  const nonEmpty = sizes.map((s, i) => (s > 0 ? i : -1)).filter((i) => i >= 0);
  const groups = agglomerate({
    sums: nonEmpty.map((i) => sums[i]!),
    sizes: nonEmpty.map((i) => sizes[i]!),
    similarity,
  });
  options.progress(1);
  const start = new Float64Array(groups.length * dimension);
  groups.forEach((g, c) => {
    const sum = new Float64Array(dimension);
    for (const i of g) for (let j = 0; j < dimension; j++) sum[j]! += sums[nonEmpty[i]!]![j]!;
    const norm = Math.sqrt(sum.reduce((s, x) => s + x * x, 0));
    for (let j = 0; j < dimension; j++) start[c * dimension + j] = norm > 0 ? sum[j]! / norm : 0;
  });
  const refined = lloyd(points, start, groups.length, REFINE_ITERATIONS, () => options.progress(1));
  options.progress(REFINE_ITERATIONS - refined.iterations);
  const out: number[][] = Array.from({ length: groups.length }, () => []);
  for (let p = 0; p < n; p++) out[refined.assignment[p]!]!.push(p);
  return out.filter((c) => c.length > 0);
}

export function clusterDocuments(input: ClusterInput): ClusterResult {
  const similarity = input.options?.similarity ?? DEFAULT_SIMILARITY;
  const minSize = Math.max(1, input.options?.minClusterSize ?? DEFAULT_MIN_CLUSTER_SIZE);
  const onlyChanged = input.options?.onlyChanged ?? false;
  const seed = input.options?.seed ?? DEFAULT_SEED;

  const documents = [...input.documents].sort((a, b) => byKey(a.key, b.key));
  const index = new Map<string, number>();
  documents.forEach((d, i) => {
    if (index.has(d.key)) throw new Error(`document key given twice: ${d.key}`);
    index.set(d.key, i);
  });
  const dimension = documents[0]?.vector.length ?? 0;
  if (documents.some((d) => d.vector.length !== dimension)) throw new Error("documents' vectors differ in dimension");
  const zero = documents.map((d) => isZero(d.vector));

  // existing clusters in key order, fixed ones first; a document listed twice stays with the first
  const existing = [...(input.clusters ?? [])].sort((a, b) => Number(b.fixed) - Number(a.fixed) || byKey(a.key, b.key));
  const owner = new Int32Array(documents.length).fill(-1);
  const kept: { key: string; members: number[] }[] = [];
  const dissolved: { key: string; members: Set<number> }[] = [];
  for (const c of existing) {
    const members = [...new Set(c.members)]
      .map((k) => index.get(k))
      .filter((i): i is number => i !== undefined && owner[i] === -1)
      .sort((a, b) => a - b);
    if (c.fixed || onlyChanged) {
      for (const i of members) owner[i] = kept.length;
      kept.push({ key: c.key, members });
    } else dissolved.push({ key: c.key, members: new Set(members) });
  }
  kept.sort((a, b) => byKey(a.key, b.key));
  kept.forEach((c, k) => {
    for (const i of c.members) owner[i] = k;
  });

  const free = documents.map((_, i) => i).filter((i) => owner[i] === -1 && !zero[i]);
  const unclustered = documents.map((_, i) => i).filter((i) => owner[i] === -1 && zero[i]);

  let done = 0;
  const total = 2 * free.length + KMEANS_ITERATIONS + 1 + REFINE_ITERATIONS;
  const progress = (units: number) => {
    done = Math.min(total, done + units);
    input.onProgress?.(done, total);
  };

  const vectorsOf = (indices: readonly number[]) => indices.map((i) => documents[i]!.vector);
  /** each document (index) to the nearest of the groups' centroids when it is ≥ similarity, else to `otherwise` */
  const place = (docs: readonly number[], groups: number[][], otherwise: number[]) => {
    const centroids = new Float64Array(groups.length * dimension);
    for (const [g, members] of groups.entries()) centroids.set(centroidOf(vectorsOf(members), dimension), g * dimension);
    const points = pack(vectorsOf(docs), dimension);
    const into = groups.map(() => [] as number[]);
    for (const [p, doc] of docs.entries()) {
      const best = groups.length > 0 ? nearest(points, p, centroids, groups.length) : undefined;
      if (best && best.similarity >= similarity) into[best.index]!.push(doc);
      else otherwise.push(doc);
    }
    for (const [g, members] of into.entries()) groups[g]!.push(...members);
  };

  // join: the free documents against the kept clusters as they were before this run
  const targets = kept.map((c) => [...c.members]);
  const rest: number[] = [];
  place(free, targets, rest);
  progress(free.length);

  // discover new clusters among the rest; those below minClusterSize are dissolved into the others or left alone
  const found = discover({ vectors: vectorsOf(rest), dimension, similarity, seed, progress }).map((c) => c.map((p) => rest[p]!));
  targets.push(...found.filter((c) => c.length >= minSize));
  place(found.filter((c) => c.length < minSize).flat(), targets, unclustered);
  progress(free.length);

  // keys: kept clusters keep theirs; a new cluster takes a dissolved one's when it holds more than half of its members
  const newClusters = targets.slice(kept.length).map((members) => {
    const sorted = [...members].sort((a, b) => a - b);
    const heir = dissolved.find((d) => sorted.filter((i) => d.members.has(i)).length * 2 > d.members.size);
    return { key: heir?.key ?? null, members: sorted };
  });
  newClusters.sort((a, b) => b.members.length - a.members.length || a.members[0]! - b.members[0]!);
  const keys = documents.map((d) => d.key);
  const output = (key: string | null, members: number[]): ClusterOutput => {
    const sorted = [...members].sort((a, b) => a - b);
    return {
      key,
      members: sorted.map((i) => keys[i]!),
      centroid: centroidOf(
        sorted.map((i) => documents[i]!.vector),
        dimension,
      ),
    };
  };
  input.onProgress?.(total, total);
  return {
    clusters: [...kept.map((c, k) => output(c.key, targets[k]!)), ...newClusters.map((c) => output(c.key, c.members))],
    unclustered: unclustered.sort((a, b) => a - b).map((i) => keys[i]!),
  };
}
