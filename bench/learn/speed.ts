// Time and memory of the learn engine at scale (run by quality.ts in a process of its own, so that its peak RSS is
// this run's): the first 10 000 Reuters-21578 articles with a body (id order; title + body; real, distinct texts, no
// repetition), then the next 100 added incrementally.
//   node --import tsx bench/learn/speed.ts [--documents N] [--added N]      prints one JSON line
import { performance } from "node:perf_hooks";
import { clusterDocuments, embed, fitModel } from "@/lib/learn/engine";
import { loadArticles } from "./corpus";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const DOCUMENTS = opt("--documents", 10_000);
const ADDED = opt("--added", 100);

const articles = loadArticles();
if (articles.length < DOCUMENTS + ADDED) throw new Error(`the corpus has ${articles.length} articles, fewer than needed`);
const docs = articles
  .slice(0, DOCUMENTS + ADDED)
  .map((a) => ({ key: `r${String(a.id).padStart(5, "0")}`, text: `${a.title}\n${a.body}` }));
const first = docs.slice(0, DOCUMENTS);
const added = docs.slice(DOCUMENTS);
globalThis.gc?.();
const rssBefore = process.memoryUsage().rss;

const seconds = (t: number) => (performance.now() - t) / 1000;
let t = performance.now();
const model = fitModel(first.map((d) => d.text));
const fitSeconds = seconds(t);
t = performance.now();
const vectors = first.map((d) => ({ key: d.key, vector: embed(model, d.text) }));
const embedSeconds = seconds(t);
t = performance.now();
let progressCalls = 0;
const full = clusterDocuments({ documents: vectors, onProgress: () => progressCalls++ });
const clusterSeconds = seconds(t);
const peakFullKb = process.resourceUsage().maxRSS;

// incremental: the full run's clusters as they are stored (the largest half named, so fixed), 100 new documents
t = performance.now();
const addedVectors = added.map((d) => ({ key: d.key, vector: embed(model, d.text) }));
const incremental = clusterDocuments({
  documents: [...vectors, ...addedVectors],
  clusters: full.clusters.map((c, i) => ({ key: `c${i}`, fixed: i < full.clusters.length / 2, members: c.members })),
  options: { onlyChanged: true },
});
const incrementalSeconds = seconds(t);
const joined = incremental.clusters
  .slice(0, full.clusters.length)
  .reduce((s, c, i) => s + c.members.length - full.clusters[i]!.members.length, 0);

console.log(
  JSON.stringify({
    documents: DOCUMENTS,
    added: ADDED,
    fitSeconds,
    embedSeconds,
    clusterSeconds,
    fullSeconds: fitSeconds + embedSeconds + clusterSeconds,
    clusters: full.clusters.length,
    unclustered: full.unclustered.length,
    terms: model.terms.length,
    dimension: model.dimension,
    modelBytes: JSON.stringify(model).length,
    progressCalls,
    rssBeforeMb: rssBefore / 1e6,
    peakRssMb: (peakFullKb * 1024) / 1e6,
    incrementalSeconds,
    incrementalJoined: joined,
    incrementalNew: incremental.clusters.length - full.clusters.length,
    incrementalUnclustered: incremental.unclustered.length - full.unclustered.length,
  }),
);
