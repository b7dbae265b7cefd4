import { embed, type LearnModel } from "./model";

/**
 * The learned classifier of a linked extraction project (DESIGN.md "Processing a job"): a document belongs to the
 * exported cluster whose centroid is nearest in cosine. The centroids must come from the same model the text is
 * embedded with (an export keeps the model beside its centroids). Below `minSimilarity` (default 0: the nearest
 * always wins) or without classes the answer is no class (name null).
 */

export type CentroidClass = { name: string; centroid: ArrayLike<number> };
export type CentroidMatch = { name: string | null; similarity: number };

export function classifyVector(classes: readonly CentroidClass[], vector: ArrayLike<number>, minSimilarity = 0): CentroidMatch {
  let best: CentroidMatch = { name: null, similarity: 0 };
  let bestSimilarity = Number.NEGATIVE_INFINITY;
  for (const c of classes) {
    if (c.centroid.length !== vector.length) throw new Error(`the centroid of class "${c.name}" is not of the model's dimension`);
    let dot = 0;
    let norm = 0;
    for (let j = 0; j < vector.length; j++) {
      dot += c.centroid[j]! * vector[j]!;
      norm += c.centroid[j]! * c.centroid[j]!;
    }
    const similarity = norm > 0 ? dot / Math.sqrt(norm) : 0;
    // ties: the first class in the order given
    if (similarity > bestSimilarity) {
      bestSimilarity = similarity;
      best = { name: c.name, similarity };
    }
  }
  if (best.similarity < minSimilarity) return { name: null, similarity: best.similarity };
  return best;
}

export function classifyByCentroids(
  model: LearnModel,
  classes: readonly CentroidClass[],
  text: string,
  options: { minSimilarity?: number } = {},
): CentroidMatch {
  return classifyVector(classes, embed(model, text), options.minSimilarity ?? 0);
}
