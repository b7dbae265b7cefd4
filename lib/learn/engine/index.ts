/**
 * The learn engine (DESIGN.md "Learn"; issue 13): pure functions, no database, no I/O, deterministic. A learn project's
 * documents are embedded with a model fitted on them and grouped into clusters; a person names, merges and completes
 * clusters; complete named clusters become document classes of a linked extraction project, classified by their
 * centroids. How and why: docs/decisions.md "Learn engine"; measured in bench/RESULTS.md (npm run bench:learn).
 *
 * - `fitModel(texts, options?) → LearnModel`: vocabulary (≤ 8000 stemmed terms, English and German, see tokenize.ts)
 *   with idf and an LSA projection to `dimension` dense dimensions (default 2·√n within 16..100, `defaultDimension`);
 *   plain JSON for a jsonb column (≈ 1.2 MB at 8000 terms × 100). Refit on a full run when the documents have changed much; clusters are memberships, so they survive
 *   a refit (their centroids are recomputed from the members' new vectors).
 * - `embed(model, text) → Float32Array`: unit length (all zeros when no term is known), bitwise the same for the same
 *   model and text, also after the model went through JSON.
 * - `clusterDocuments({ documents: {key, vector}[], clusters?: {key, fixed, members}[], options?: { similarity,
 *   minClusterSize, onlyChanged, seed }, onProgress?(done, total) }) → { clusters: {key | null, members,
 *   centroid}[], unclustered: string[] }`: fixed clusters keep their members; documents in no cluster join the nearest
 *   cluster at cosine ≥ similarity, or form new clusters (key null, or the key of a dissolved cluster they mostly
 *   continue); new clusters below minClusterSize are dissolved into the nearest cluster at ≥ similarity, else
 *   their documents are `unclustered`. `onlyChanged: false` (full run) dissolves and re-clusters the clusters that are
 *   not fixed; `true` (incremental) keeps every cluster and places only the new documents. See cluster.ts.
 * - `clusterKeywords(model, texts, n)`: a cluster's most distinctive words; `closestDocuments(centroid, documents, n)`:
 *   its sample documents.
 * - `classifyByCentroids(model, classes: {name, centroid}[], text, { minSimilarity? }) → { name | null, similarity }`
 *   and `classifyVector` for a vector at hand.
 * - `encodeFloat32` / `decodeFloat32`: a vector (centroid) as base64 for JSON, bitwise.
 * - Defaults: `DEFAULT_SIMILARITY`, `DEFAULT_MIN_CLUSTER_SIZE` (project.json `learn: { similarity, minClusterSize }`
 *   overrides them), `DEFAULT_DIMENSION`.
 */

export { type CentroidClass, type CentroidMatch, classifyByCentroids, classifyVector } from "./classify";
export {
  type ClusterInput,
  type ClusterOptions,
  type ClusterOutput,
  type ClusterResult,
  clusterDocuments,
  DEFAULT_MIN_CLUSTER_SIZE,
  DEFAULT_SEED,
  DEFAULT_SIMILARITY,
} from "./cluster";
export { closestDocuments, clusterKeywords } from "./keywords";
export {
  DEFAULT_DIMENSION,
  DEFAULT_MAX_TERMS,
  defaultDimension,
  embed,
  type FitOptions,
  fitModel,
  type LearnModel,
  MODEL_FORMAT,
} from "./model";
export { tokenize } from "./tokenize";
export { decodeFloat32, encodeFloat32 } from "./vectors";
