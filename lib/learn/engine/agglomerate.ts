/**
 * Agglomerative clustering of groups of unit vectors, each group known by the sum of its vectors and its size; the
 * number of clusters is found by the similarity, used as a document is admitted to a cluster (cosine to its centroid
 * ≥ similarity). Two clusters may merge only when
 * - their centroids are at cosine ≥ similarity (as if one's centroid were a document joining the other), and
 * - the merged cluster's cohesion, the mean cosine of its members to its centroid (|Σx| / n), stays ≥ similarity.
 * The first alone lets loose clusters grow; the second alone lets two tight but unrelated clusters merge (their
 * members still lie at cos ≈ 0.7 · their old cohesion from the middle). Among the allowed pairs the one whose merge
 * loses the least cohesion mass (spherical Ward: |S_a| + |S_b| − |S_a + S_b|) merges first; it stops when no pair is
 * allowed. Only the Gram matrix of the sums is kept (m × m), so it is exact and cheap for a few hundred groups.
 * Ties: the lower pair of indices.
 */

export function agglomerate(options: {
  sums: readonly Float64Array[];
  sizes: readonly number[];
  similarity: number;
}): number[][] {
  const { sums, sizes } = options;
  const m = sums.length;
  const gram = sums.map((a) => Float64Array.from(sums, (b) => a.reduce((s, x, j) => s + x * b[j]!, 0)));
  const size = [...sizes];
  const members = sums.map((_, i) => [i]);
  const alive = new Uint8Array(m).fill(1);
  for (;;) {
    let bestA = -1;
    let bestB = -1;
    let bestLoss = Number.POSITIVE_INFINITY;
    for (let a = 0; a < m; a++) {
      if (!alive[a]) continue;
      const ga = gram[a]!;
      const na = Math.sqrt(Math.max(ga[a]!, 0));
      for (let b = a + 1; b < m; b++) {
        if (!alive[b]) continue;
        const nb = Math.sqrt(Math.max(gram[b]![b]!, 0));
        // the centroids themselves must be within the similarity, as a document must be to join a cluster
        if (ga[b]! < options.similarity * na * nb) continue;
        const merged = Math.sqrt(Math.max(ga[a]! + gram[b]![b]! + 2 * ga[b]!, 0));
        if (merged < options.similarity * (size[a]! + size[b]!)) continue;
        const loss = na + nb - merged;
        if (loss < bestLoss) {
          bestLoss = loss;
          bestA = a;
          bestB = b;
        }
      }
    }
    if (bestA < 0) break;
    // b into a: the sums add, so do their rows of the Gram matrix
    const ga = gram[bestA]!;
    const gb = gram[bestB]!;
    const self = ga[bestA]! + gb[bestB]! + 2 * ga[bestB]!;
    for (let c = 0; c < m; c++) {
      ga[c]! += gb[c]!;
      gram[c]![bestA] = ga[c]!;
    }
    ga[bestA] = self;
    size[bestA]! += size[bestB]!;
    members[bestA]!.push(...members[bestB]!);
    alive[bestB] = 0;
  }
  return members.filter((_, i) => alive[i]);
}
