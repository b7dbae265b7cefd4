import type { Random } from "./random";

/**
 * Spherical k-means (cosine) over unit vectors packed row by row in one array: k-means++ seeding from the seeded
 * generator, then Lloyd iterations (each point to the centroid of highest dot product, centroids the normalised sums)
 * until no point moves. Ties go to the lower centroid index, so the result is a function of the input order and seed.
 */

export type Packed = { data: Float32Array; count: number; dimension: number };

export function pack(vectors: readonly ArrayLike<number>[], dimension: number): Packed {
  const data = new Float32Array(vectors.length * dimension);
  vectors.forEach((v, i) => {
    for (let j = 0; j < dimension; j++) data[i * dimension + j] = v[j]!;
  });
  return { data, count: vectors.length, dimension };
}

/** index of the centroid (packed, k × dimension) with the highest dot product with point p, and that product */
export function nearest(points: Packed, p: number, centroids: Float64Array, k: number): { index: number; similarity: number } {
  const d = points.dimension;
  const x = points.data;
  const o = p * d;
  let best = -1;
  let bestSim = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < k; c++) {
    const co = c * d;
    let s = 0;
    for (let j = 0; j < d; j++) s += x[o + j]! * centroids[co + j]!;
    if (s > bestSim) {
      bestSim = s;
      best = c;
    }
  }
  return { index: best, similarity: bestSim };
}

/** the normalised sums of the points of each cluster (k × dimension); an empty cluster keeps a zero centroid */
export function centroidsOf(points: Packed, assignment: Int32Array, k: number): Float64Array {
  const d = points.dimension;
  const sums = new Float64Array(k * d);
  for (let p = 0; p < points.count; p++) {
    const c = assignment[p]!;
    if (c < 0) continue;
    const o = p * d;
    const co = c * d;
    for (let j = 0; j < d; j++) sums[co + j]! += points.data[o + j]!;
  }
  for (let c = 0; c < k; c++) {
    let n = 0;
    for (let j = 0; j < d; j++) n += sums[c * d + j]! ** 2;
    n = Math.sqrt(n);
    if (n > 0) for (let j = 0; j < d; j++) sums[c * d + j]! /= n;
  }
  return sums;
}

/** k-means++: the first centre at random, each next one with probability ∝ (1 − best cosine)² */
function seed(points: Packed, k: number, random: Random): Float64Array {
  const d = points.dimension;
  const x = points.data;
  const centroids = new Float64Array(k * d);
  const bestSim = new Float64Array(points.count).fill(Number.NEGATIVE_INFINITY);
  let chosen = Math.floor(random.next() * points.count);
  for (let c = 0; c < k; c++) {
    for (let j = 0; j < d; j++) centroids[c * d + j] = x[chosen * d + j]!;
    let total = 0;
    for (let p = 0; p < points.count; p++) {
      let s = 0;
      for (let j = 0; j < d; j++) s += x[p * d + j]! * centroids[c * d + j]!;
      if (s > bestSim[p]!) bestSim[p] = s;
      total += (1 - bestSim[p]!) ** 2;
    }
    if (c === k - 1) break;
    if (total <= 0) {
      chosen = Math.floor(random.next() * points.count);
      continue;
    }
    let target = random.next() * total;
    chosen = points.count - 1;
    for (let p = 0; p < points.count; p++) {
      target -= (1 - bestSim[p]!) ** 2;
      if (target < 0) {
        chosen = p;
        break;
      }
    }
  }
  return centroids;
}

export type KMeansResult = {
  assignment: Int32Array;
  centroids: Float64Array;
  k: number;
  /** assignment passes run */
  iterations: number;
};

/** Lloyd iterations from given centroids (k × dimension) */
export function lloyd(
  points: Packed,
  start: Float64Array,
  k: number,
  maxIterations: number,
  onIteration?: () => void,
): KMeansResult {
  let centroids = start;
  const assignment = new Int32Array(points.count).fill(-1);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    let moved = 0;
    for (let p = 0; p < points.count; p++) {
      const { index } = nearest(points, p, centroids, k);
      if (index !== assignment[p]) {
        assignment[p] = index;
        moved++;
      }
    }
    onIteration?.();
    if (moved === 0) {
      iterations++;
      break;
    }
    centroids = centroidsOf(points, assignment, k);
  }
  return { assignment, centroids, k, iterations };
}

export function sphericalKMeans(options: {
  points: Packed;
  k: number;
  random: Random;
  maxIterations: number;
  onIteration?: () => void;
}): KMeansResult {
  const { points, random } = options;
  const k = Math.max(1, Math.min(options.k, points.count));
  return lloyd(points, seed(points, k, random), k, options.maxIterations, options.onIteration);
}
