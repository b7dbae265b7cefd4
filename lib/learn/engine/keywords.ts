import { decodedIdf, type LearnModel } from "./model";
import { stem, words } from "./tokenize";

/**
 * What a cluster is about, for the person who names it: the terms that its documents use far more often than the
 * whole collection does, and the documents that stand closest to its centroid.
 *
 * A term's weight is p · ln(p / q): p the share of the cluster's documents that contain it, q the share of the
 * collection's documents (from the model's idf, smoothed as it was computed). It favours terms that are both common
 * in the cluster and rare outside it. A term is shown as the commonest word form it stands for in the cluster
 * ("rates", not the stem "rat").
 */

export function clusterKeywords(model: LearnModel, texts: readonly string[], n = 10): string[] {
  if (texts.length === 0 || n <= 0) return [];
  const idf = decodedIdf(model);
  const documentCount = new Map<string, number>();
  const forms = new Map<string, Map<string, number>>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (const word of words(text)) {
      const term = stem(word);
      const f = forms.get(term) ?? new Map<string, number>();
      f.set(word, (f.get(word) ?? 0) + 1);
      forms.set(term, f);
      seen.add(term);
    }
    for (const term of seen) documentCount.set(term, (documentCount.get(term) ?? 0) + 1);
  }
  const scored: { term: string; score: number }[] = [];
  for (const [term, count] of documentCount) {
    const weight = idf.get(term);
    // a term outside the vocabulary is too rare (or too common) in the collection to characterise a cluster
    if (weight === undefined) continue;
    const p = count / texts.length;
    // idf = ln((1 + N) / (1 + df)) + 1  ⇒  the collection's share q = (1 + df) / (1 + N) = e^(1 − idf)
    const q = Math.exp(1 - weight);
    if (p <= q) continue;
    scored.push({ term, score: p * Math.log(p / q) });
  }
  scored.sort((a, b) => b.score - a.score || (a.term < b.term ? -1 : 1));
  return scored.slice(0, n).map(({ term }) => {
    const f = [...forms.get(term)!].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return f[0]![0];
  });
}

/** the keys of the n documents closest to the centroid (cosine), closest first; ties in key order */
export function closestDocuments(
  centroid: ArrayLike<number>,
  documents: readonly { key: string; vector: ArrayLike<number> }[],
  n = 3,
): string[] {
  return documents
    .map((d) => {
      let s = 0;
      for (let j = 0; j < centroid.length; j++) s += centroid[j]! * d.vector[j]!;
      return { key: d.key, similarity: s };
    })
    .sort((a, b) => b.similarity - a.similarity || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, n)
    .map((d) => d.key);
}
