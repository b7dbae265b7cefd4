// The baseline of the learn bench: plain TF-IDF (the engine's tokens and vocabulary rule: min df 2, max df 50 %,
// sublinear tf × smoothed idf, unit length) and Euclidean k-means with k-means++ seeding and k = the true number of
// classes; of SEEDS seeded runs the one with the least inertia is kept (scikit-learn's n_init; no label is looked at).
import { seededRandom } from "@/lib/learn/engine/random";
import { tokenize } from "@/lib/learn/engine/tokenize";

export type Sparse = { indices: Int32Array; values: Float64Array };
export const SEEDS = [1, 2, 3, 4, 5];
const MAX_ITERATIONS = 100;

export function tfidfVectors(texts: readonly string[]): {
  vectors: Sparse[];
  terms: number;
  vectorize: (text: string) => Sparse;
} {
  const tokens = texts.map(tokenize);
  const df = new Map<string, number>();
  for (const t of tokens) for (const w of new Set(t)) df.set(w, (df.get(w) ?? 0) + 1);
  const n = texts.length;
  const vocabulary = [...df]
    .filter(([, f]) => f >= 2 && f <= n / 2)
    .map(([w]) => w)
    .sort();
  const index = new Map(vocabulary.map((w, i) => [w, i]));
  const idf = vocabulary.map((w) => Math.log((1 + n) / (1 + df.get(w)!)) + 1);
  const vectorize = (text: string): Sparse => {
    const counts = new Map<number, number>();
    for (const w of tokenize(text)) {
      const i = index.get(w);
      if (i !== undefined) counts.set(i, (counts.get(i) ?? 0) + 1);
    }
    const indices = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
    const values = Float64Array.from(indices, (i) => (1 + Math.log(counts.get(i)!)) * idf[i]!);
    const norm = Math.hypot(...values);
    if (norm > 0) for (let k = 0; k < values.length; k++) values[k]! /= norm;
    return { indices, values };
  };
  return { vectors: texts.map(vectorize), terms: vocabulary.length, vectorize };
}

function sqDistance(x: Sparse, c: Float64Array, cNorm: number): number {
  let dotp = 0;
  let xx = 0;
  for (let k = 0; k < x.indices.length; k++) {
    dotp += x.values[k]! * c[x.indices[k]!]!;
    xx += x.values[k]! ** 2;
  }
  return xx + cNorm - 2 * dotp;
}

function once(vectors: Sparse[], terms: number, k: number, seed: number) {
  const random = seededRandom(seed);
  const n = vectors.length;
  const centroids: Float64Array[] = [];
  const norms: number[] = [];
  const add = (x: Sparse) => {
    const c = new Float64Array(terms);
    for (let j = 0; j < x.indices.length; j++) c[x.indices[j]!] = x.values[j]!;
    centroids.push(c);
    norms.push(c.reduce((s, v) => s + v * v, 0));
  };
  add(vectors[Math.floor(random.next() * n)]!);
  const best = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  while (centroids.length < k) {
    const c = centroids.length - 1;
    let total = 0;
    for (let i = 0; i < n; i++) {
      best[i] = Math.min(best[i]!, Math.max(0, sqDistance(vectors[i]!, centroids[c]!, norms[c]!)));
      total += best[i]!;
    }
    let target = random.next() * total;
    let chosen = n - 1;
    for (let i = 0; i < n; i++) {
      target -= best[i]!;
      if (target < 0) {
        chosen = i;
        break;
      }
    }
    add(vectors[chosen]!);
  }
  const assignment = new Int32Array(n).fill(-1);
  let inertia = 0;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    let moved = 0;
    inertia = 0;
    for (let i = 0; i < n; i++) {
      let bi = 0;
      let bd = Number.POSITIVE_INFINITY;
      for (let c = 0; c < k; c++) {
        const d = sqDistance(vectors[i]!, centroids[c]!, norms[c]!);
        if (d < bd) {
          bd = d;
          bi = c;
        }
      }
      inertia += bd;
      if (assignment[i] !== bi) {
        assignment[i] = bi;
        moved++;
      }
    }
    if (moved === 0) break;
    const sizes = new Array<number>(k).fill(0);
    for (const c of centroids) c.fill(0);
    for (let i = 0; i < n; i++) {
      const c = centroids[assignment[i]!]!;
      sizes[assignment[i]!]!++;
      const x = vectors[i]!;
      for (let j = 0; j < x.indices.length; j++) c[x.indices[j]!]! += x.values[j]!;
    }
    centroids.forEach((c, ci) => {
      if (sizes[ci]! > 0) for (let t = 0; t < terms; t++) c[t]! /= sizes[ci]!;
      norms[ci] = c.reduce((s, v) => s + v * v, 0);
    });
  }
  return { assignment, inertia, centroids, norms };
}

export function kMeansBaseline(vectors: Sparse[], terms: number, k: number) {
  let best: ReturnType<typeof once> | undefined;
  for (const seed of SEEDS) {
    const run = once(vectors, terms, k, seed);
    if (!best || run.inertia < best.inertia) best = run;
  }
  const result = best!;
  const nearestCentroid = (x: Sparse) => {
    let bi = 0;
    let bd = Number.POSITIVE_INFINITY;
    result.centroids.forEach((c, ci) => {
      const d = sqDistance(x, c, result.norms[ci]!);
      if (d < bd) {
        bd = d;
        bi = ci;
      }
    });
    return bi;
  };
  return { assignment: result.assignment, inertia: result.inertia, nearestCentroid };
}
