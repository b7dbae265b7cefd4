import type { Random } from "./random";

/**
 * The leading right singular vectors of a sparse matrix (documents × terms), by randomised range finding with power
 * iterations (Halko, Martinsson, Tropp 2011, algorithms 4.4 and 5.1): a Gaussian sketch of the row space, refined a
 * few times, then the exact SVD of the small projected matrix through the eigenvectors of its Gram matrix (Jacobi).
 * Dense matrices are kept as arrays of columns.
 */

export type SparseRows = { indices: Int32Array; values: Float64Array }[];

/** columns orthonormalised in place (modified Gram–Schmidt, twice for stability); a column that vanishes stays zero */
function orthonormalize(columns: Float64Array[]): void {
  for (let pass = 0; pass < 2; pass++) {
    for (let j = 0; j < columns.length; j++) {
      const c = columns[j]!;
      for (let i = 0; i < j; i++) {
        const q = columns[i]!;
        let d = 0;
        for (let r = 0; r < c.length; r++) d += c[r]! * q[r]!;
        if (d !== 0) for (let r = 0; r < c.length; r++) c[r]! -= d * q[r]!;
      }
      let n = 0;
      for (let r = 0; r < c.length; r++) n += c[r]! * c[r]!;
      n = Math.sqrt(n);
      if (n < 1e-12) c.fill(0);
      else for (let r = 0; r < c.length; r++) c[r]! /= n;
    }
  }
}

/** A · X, X given as columns over the terms; result as columns over the rows */
function times(rows: SparseRows, x: Float64Array[]): Float64Array[] {
  const out = x.map(() => new Float64Array(rows.length));
  for (let r = 0; r < rows.length; r++) {
    const { indices, values } = rows[r]!;
    for (let j = 0; j < x.length; j++) {
      const col = x[j]!;
      let s = 0;
      for (let k = 0; k < indices.length; k++) s += values[k]! * col[indices[k]!]!;
      out[j]![r] = s;
    }
  }
  return out;
}

/** Aᵀ · Y, Y given as columns over the rows; result as columns over the terms */
function timesTransposed(rows: SparseRows, terms: number, y: Float64Array[]): Float64Array[] {
  const out = y.map(() => new Float64Array(terms));
  for (let r = 0; r < rows.length; r++) {
    const { indices, values } = rows[r]!;
    for (let j = 0; j < y.length; j++) {
      const w = y[j]![r]!;
      if (w === 0) continue;
      const col = out[j]!;
      for (let k = 0; k < indices.length; k++) col[indices[k]!]! += values[k]! * w;
    }
  }
  return out;
}

/** eigen-decomposition of a symmetric matrix (cyclic Jacobi): eigenvalues and eigenvectors as columns */
export function symmetricEigen(matrix: Float64Array[], sweeps = 60): { values: number[]; vectors: Float64Array[] } {
  const n = matrix.length;
  const a = matrix.map((row) => Float64Array.from(row));
  const v = Array.from({ length: n }, (_, i) => {
    const col = new Float64Array(n);
    col[i] = 1;
    return col;
  });
  for (let sweep = 0; sweep < sweeps; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p]![q]! * a[p]![q]!;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p]![q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k]![p]!;
          const akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p]![k]!;
          const aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        // v holds eigenvectors as columns: rotate columns p and q
        const vp = v[p]!;
        const vq = v[q]!;
        for (let k = 0; k < n; k++) {
          const x = vp[k]!;
          const y = vq[k]!;
          vp[k] = c * x - s * y;
          vq[k] = s * x + c * y;
        }
      }
    }
  }
  return { values: a.map((row, i) => row[i]!), vectors: v };
}

export type TruncatedSvd = {
  /** right singular vectors as columns over the terms, largest singular value first */
  components: Float64Array[];
  singularValues: number[];
};

export function truncatedSvd(options: {
  rows: SparseRows;
  terms: number;
  rank: number;
  random: Random;
  oversampling?: number;
  powerIterations?: number;
}): TruncatedSvd {
  const { rows, terms, random } = options;
  const width = Math.min(options.rank + (options.oversampling ?? 10), rows.length, terms);
  const rank = Math.min(options.rank, width);
  if (width <= 0) return { components: [], singularValues: [] };
  const sketch = Array.from({ length: width }, () => {
    const col = new Float64Array(terms);
    for (let t = 0; t < terms; t++) col[t] = random.gaussian();
    return col;
  });
  let y = times(rows, sketch);
  orthonormalize(y);
  for (let i = 0; i < (options.powerIterations ?? 2); i++) {
    const z = timesTransposed(rows, terms, y);
    orthonormalize(z);
    y = times(rows, z);
    orthonormalize(y);
  }
  // Bᵀ = Aᵀ Q (terms × width); B Bᵀ = (Aᵀ Q)ᵀ (Aᵀ Q)
  const bt = timesTransposed(rows, terms, y);
  const gram = bt.map(() => new Float64Array(width));
  for (let i = 0; i < width; i++) {
    for (let j = i; j < width; j++) {
      const ci = bt[i]!;
      const cj = bt[j]!;
      let s = 0;
      for (let t = 0; t < terms; t++) s += ci[t]! * cj[t]!;
      gram[i]![j] = s;
      gram[j]![i] = s;
    }
  }
  const { values, vectors } = symmetricEigen(gram);
  const order = values.map((_, i) => i).sort((i, j) => values[j]! - values[i]! || i - j);
  const components: Float64Array[] = [];
  const singularValues: number[] = [];
  for (const i of order.slice(0, rank)) {
    const sigma = Math.sqrt(Math.max(values[i]!, 0));
    if (sigma < 1e-9) break;
    const w = vectors[i]!;
    const col = new Float64Array(terms);
    for (let j = 0; j < width; j++) {
      const f = w[j]! / sigma;
      if (f === 0) continue;
      const b = bt[j]!;
      for (let t = 0; t < terms; t++) col[t]! += f * b[t]!;
    }
    // a component's sign is arbitrary: fix it (largest entry positive) so that a refit of the same input is identical
    let largest = 0;
    for (let t = 0; t < terms; t++) if (Math.abs(col[t]!) > Math.abs(col[largest]!)) largest = t;
    if (col[largest]! < 0) for (let t = 0; t < terms; t++) col[t] = -col[t]!;
    components.push(col);
    singularValues.push(sigma);
  }
  return { components, singularValues };
}
