import { seededRandom } from "./random";
import { type SparseRows, truncatedSvd } from "./svd";
import { tokenize } from "./tokenize";
import { decodeFloat32, decodeInt8, encodeFloat32, encodeInt8 } from "./vectors";

/**
 * The learned text model: a vocabulary with inverse document frequencies and a latent semantic (LSA) projection of
 * TF-IDF onto a few dozen dense dimensions, fitted on a learn project's documents. A document's embedding is its
 * TF-IDF vector (sublinear term counts × idf, unit length) times the projection, made unit length again. The model is
 * plain JSON (it lives in a jsonb column): the projection is stored as int8 with one float32 scale per term, and
 * embed() computes from exactly the stored bytes, so a model read back gives bitwise the same vectors.
 */

export const MODEL_FORMAT = "learn-model/1";

export type LearnModel = {
  format: typeof MODEL_FORMAT;
  /** documents the model was fitted on */
  documents: number;
  /** dimension of every embedding */
  dimension: number;
  /** the vocabulary (stemmed terms, see tokenize.ts); a term's row in idf and projection is its index here */
  terms: string[];
  /** base64 float32 per term: the inverse document frequency */
  idf: string;
  /** base64 float32 per term: the scale of its row of the projection */
  scales: string;
  /** base64 int8, terms × dimension, row-major: the projection */
  projection: string;
};

export type FitOptions = {
  /**
   * the embedding's dimension; default 2·√documents within 16..DEFAULT_DIMENSION (a small collection has fewer
   * directions worth keeping, and more would split its kinds), never more than documents or terms
   */
  dimension?: number;
  /** the vocabulary keeps at most this many terms, the most frequent first */
  maxTerms?: number;
  /** a term must occur in this many documents (default 2, or 1 below 20 documents) */
  minDocumentFrequency?: number;
  /** a term in more than this share of the documents says nothing (default 0.5) */
  maxDocumentShare?: number;
  seed?: number;
};

export const DEFAULT_DIMENSION = 100;
const MIN_DIMENSION = 16;

export function defaultDimension(documents: number): number {
  return Math.min(DEFAULT_DIMENSION, Math.max(MIN_DIMENSION, Math.round(2 * Math.sqrt(documents))));
}
export const DEFAULT_MAX_TERMS = 8000;

type Decoded = { index: Map<string, number>; idf: Float32Array; scales: Float32Array; projection: Int8Array };
const decodedModels = new WeakMap<LearnModel, Decoded>();

function decoded(model: LearnModel): Decoded {
  let d = decodedModels.get(model);
  if (!d) {
    if (model.format !== MODEL_FORMAT) throw new Error(`not a learn model of format ${MODEL_FORMAT}: ${String(model.format)}`);
    d = {
      index: new Map(model.terms.map((t, i) => [t, i])),
      idf: decodeFloat32(model.idf),
      scales: decodeFloat32(model.scales),
      projection: decodeInt8(model.projection),
    };
    if (d.idf.length !== model.terms.length || d.projection.length !== model.terms.length * model.dimension)
      throw new Error("a learn model whose parts do not match its vocabulary");
    decodedModels.set(model, d);
  }
  return d;
}

/** each vocabulary term's inverse document frequency */
export function decodedIdf(model: LearnModel): Map<string, number> {
  const d = decoded(model);
  return new Map(model.terms.map((t, i) => [t, d.idf[i]!]));
}

/** a text's TF-IDF vector over the vocabulary, unit length, terms in index order */
function tfidf(index: Map<string, number>, idf: Float32Array, tokens: readonly string[]) {
  const counts = new Map<number, number>();
  for (const token of tokens) {
    const i = index.get(token);
    if (i !== undefined) counts.set(i, (counts.get(i) ?? 0) + 1);
  }
  const indices = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
  const values = new Float64Array(indices.length);
  let sum = 0;
  for (let k = 0; k < indices.length; k++) {
    const w = (1 + Math.log(counts.get(indices[k]!)!)) * idf[indices[k]!]!;
    values[k] = w;
    sum += w * w;
  }
  const n = Math.sqrt(sum);
  if (n > 0) for (let k = 0; k < values.length; k++) values[k]! /= n;
  return { indices, values };
}

/** Fits the model; the texts' order does not matter (they are taken sorted), so the same set gives the same model. */
export function fitModel(texts: readonly string[], options: FitOptions = {}): LearnModel {
  const tokenized = [...texts].sort().map(tokenize);
  const n = texts.length;
  const minDf = options.minDocumentFrequency ?? (n >= 20 ? 2 : 1);
  const maxDf = Math.max(1, Math.floor((options.maxDocumentShare ?? 0.5) * n));
  const df = new Map<string, number>();
  for (const tokens of tokenized) for (const t of new Set(tokens)) df.set(t, (df.get(t) ?? 0) + 1);
  const terms = [...df]
    .filter(([, f]) => f >= minDf && (f <= maxDf || n < 3))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, options.maxTerms ?? DEFAULT_MAX_TERMS)
    .map(([t]) => t)
    .sort();
  const idf = Float32Array.from(terms, (t) => Math.log((1 + n) / (1 + df.get(t)!)) + 1);
  const index = new Map(terms.map((t, i) => [t, i]));
  const rows: SparseRows = tokenized.map((tokens) => tfidf(index, idf, tokens));

  const svd = truncatedSvd({
    rows,
    terms: terms.length,
    rank: options.dimension ?? defaultDimension(n),
    random: seededRandom(options.seed ?? 1),
  });
  const dimension = Math.max(1, svd.components.length);
  const scales = new Float32Array(terms.length);
  const projection = new Int8Array(terms.length * dimension);
  for (let t = 0; t < terms.length; t++) {
    let max = 0;
    for (const c of svd.components) max = Math.max(max, Math.abs(c[t]!));
    const scale = Math.fround(max / 127);
    scales[t] = scale;
    if (scale === 0) continue;
    svd.components.forEach((c, j) => {
      projection[t * dimension + j] = Math.max(-127, Math.min(127, Math.round(c[t]! / scale)));
    });
  }
  return {
    format: MODEL_FORMAT,
    documents: n,
    dimension,
    terms,
    idf: encodeFloat32(idf),
    scales: encodeFloat32(scales),
    projection: encodeInt8(projection),
  };
}

/**
 * A text's embedding: unit length, model.dimension long; all zeros when none of its terms is in the vocabulary
 * (such a document is similar to nothing and stays unclustered). The same model and text give bitwise the same vector.
 */
export function embed(model: LearnModel, text: string): Float32Array {
  const d = decoded(model);
  const { indices, values } = tfidf(d.index, d.idf, tokenize(text));
  const dim = model.dimension;
  const sum = new Float64Array(dim);
  for (let k = 0; k < indices.length; k++) {
    const t = indices[k]!;
    const w = values[k]! * d.scales[t]!;
    const row = t * dim;
    for (let j = 0; j < dim; j++) sum[j]! += w * d.projection[row + j]!;
  }
  let n = 0;
  for (let j = 0; j < dim; j++) n += sum[j]! * sum[j]!;
  n = Math.sqrt(n);
  const out = new Float32Array(dim);
  if (n > 0) for (let j = 0; j < dim; j++) out[j] = sum[j]! / n;
  return out;
}
