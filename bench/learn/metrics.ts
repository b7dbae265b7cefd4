// Agreement of a clustering with the labels: adjusted Rand index (Hubert & Arabie 1985) and normalised mutual
// information (arithmetic-mean normalisation, as scikit-learn's default), from the contingency table.

function contingency(labels: readonly string[], clusters: readonly string[]) {
  const table = new Map<string, Map<string, number>>();
  const rows = new Map<string, number>();
  const cols = new Map<string, number>();
  labels.forEach((l, i) => {
    const c = clusters[i]!;
    const row = table.get(l) ?? new Map<string, number>();
    row.set(c, (row.get(c) ?? 0) + 1);
    table.set(l, row);
    rows.set(l, (rows.get(l) ?? 0) + 1);
    cols.set(c, (cols.get(c) ?? 0) + 1);
  });
  return { table, rows, cols, n: labels.length };
}

const pairs = (x: number) => (x * (x - 1)) / 2;

export function adjustedRandIndex(labels: readonly string[], clusters: readonly string[]): number {
  const { table, rows, cols, n } = contingency(labels, clusters);
  let index = 0;
  for (const row of table.values()) for (const v of row.values()) index += pairs(v);
  let a = 0;
  for (const v of rows.values()) a += pairs(v);
  let b = 0;
  for (const v of cols.values()) b += pairs(v);
  const expected = (a * b) / pairs(n);
  const max = (a + b) / 2;
  return max === expected ? 1 : (index - expected) / (max - expected);
}

function entropy(counts: Iterable<number>, n: number): number {
  let h = 0;
  for (const c of counts) if (c > 0) h -= (c / n) * Math.log(c / n);
  return h;
}

export function normalizedMutualInformation(labels: readonly string[], clusters: readonly string[]): number {
  const { table, rows, cols, n } = contingency(labels, clusters);
  let mi = 0;
  for (const [l, row] of table) for (const [c, v] of row) mi += (v / n) * Math.log((n * v) / (rows.get(l)! * cols.get(c)!));
  const h = (entropy(rows.values(), n) + entropy(cols.values(), n)) / 2;
  return h === 0 ? 1 : mi / h;
}
