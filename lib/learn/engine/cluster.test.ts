import { describe, expect, it } from "vitest";
import { type ClusterInput, type ClusterResult, clusterDocuments } from "./cluster";
import { makeDocuments } from "./corpus.fixture";
import { embed, fitModel } from "./model";
import { seededRandom } from "./random";

const invoices = makeDocuments("invoice", 12, 1);
const deliveries = makeDocuments("delivery", 12, 2);
const applications = makeDocuments("application", 12, 3);
const all = [...invoices, ...deliveries, ...applications];
const newInvoice = makeDocuments("invoice", 1, 99, "new-invoice");
const recipes = makeDocuments("recipe", 4, 7);
// the model knows the recipes' words (fitted on a full run that saw such documents): a model that does not embeds
// them by their few known words only, and those are the common ones
const model = fitModel([...all, ...newInvoice, ...recipes].map((d) => d.text));
const vectorsOf = (docs: { key: string; text: string }[]) => docs.map((d) => ({ key: d.key, vector: embed(model, d.text) }));
const documents = vectorsOf(all);

const keysOf = (docs: { key: string }[]) => docs.map((d) => d.key).sort();
const plain = (r: ClusterResult) => ({ ...r, clusters: r.clusters.map((c) => ({ ...c, centroid: [...c.centroid] })) });
const shuffled = <T>(items: readonly T[], seed: number) => {
  const random = seededRandom(seed);
  return [...items]
    .map((x) => ({ x, r: random.next() }))
    .sort((a, b) => a.r - b.r)
    .map(({ x }) => x);
};

describe("clusterDocuments", () => {
  it("finds the kinds without being told how many there are", () => {
    const result = clusterDocuments({ documents });
    expect(result.clusters.map((c) => c.members).sort()).toEqual([keysOf(applications), keysOf(deliveries), keysOf(invoices)]);
    expect(result.clusters.every((c) => c.key === null)).toBe(true);
    expect(result.unclustered).toEqual([]);
  });

  it("is deterministic, whatever the order of documents and clusters", () => {
    const input: ClusterInput = {
      documents,
      clusters: [
        { key: "b", fixed: true, members: keysOf(invoices.slice(0, 3)) },
        { key: "a", fixed: false, members: keysOf(deliveries.slice(0, 5)) },
      ],
    };
    const first = plain(clusterDocuments(input));
    expect(plain(clusterDocuments(input))).toEqual(first);
    for (const seed of [1, 2, 3]) {
      const reordered = { documents: shuffled(input.documents, seed), clusters: shuffled(input.clusters!, seed) };
      expect(plain(clusterDocuments(reordered))).toEqual(first);
    }
  });

  it("keeps every member of a fixed cluster, even one that fits elsewhere", () => {
    const odd = applications[0]!.key;
    const result = clusterDocuments({
      documents,
      clusters: [{ key: "named", fixed: true, members: [...keysOf(invoices.slice(0, 3)), odd] }],
    });
    const named = result.clusters.find((c) => c.key === "named")!;
    expect(named.members).toContain(odd);
    // the other invoices join it; the other applications form their own cluster
    expect(named.members).toEqual(keysOf([...invoices, applications[0]!]));
    expect(result.clusters.find((c) => c.members.includes(applications[1]!.key))?.key).toBeNull();
  });

  it("incrementally: a new document close to a cluster joins it, far ones form a new cluster", () => {
    const known = clusterDocuments({ documents });
    const clusters = known.clusters.map((c, i) => ({ key: `c${i}`, fixed: i === 0, members: c.members }));
    const result = clusterDocuments({
      documents: [...documents, ...vectorsOf([...newInvoice, ...recipes])],
      clusters,
      options: { onlyChanged: true, minClusterSize: 3 },
    });
    // existing clusters keep their members and keys
    for (const c of clusters)
      expect(result.clusters.find((r) => r.key === c.key)!.members).toEqual(expect.arrayContaining(c.members));
    const invoiceCluster = result.clusters.find((c) => c.members.includes(invoices[0]!.key))!;
    expect(invoiceCluster.members).toContain(newInvoice[0]!.key);
    const fresh = result.clusters.filter((c) => c.key === null);
    expect(fresh.map((c) => c.members)).toEqual([keysOf(recipes)]);
  });

  it("leaves a far document alone when it is fewer than minClusterSize", () => {
    const recipe = recipes.slice(0, 1);
    const result = clusterDocuments({ documents: [...documents, ...vectorsOf(recipe)], options: { minClusterSize: 3 } });
    expect(result.unclustered).toEqual([recipe[0]!.key]);
    expect(result.clusters).toHaveLength(3);
  });

  it("on a full run re-clusters the clusters that are not fixed, keeping their keys", () => {
    const messy = [
      { key: "x", fixed: false, members: [...keysOf(invoices.slice(0, 8)), ...keysOf(deliveries.slice(0, 2))] },
      { key: "y", fixed: false, members: keysOf(deliveries.slice(2)) },
    ];
    const full = clusterDocuments({ documents, clusters: messy });
    expect(full.clusters.find((c) => c.key === "x")!.members).toEqual(keysOf(invoices));
    expect(full.clusters.find((c) => c.key === "y")!.members).toEqual(keysOf(deliveries));
    const incremental = clusterDocuments({ documents, clusters: messy, options: { onlyChanged: true } });
    // incremental: x keeps its two delivery notes, the free invoices join it
    expect(incremental.clusters.find((c) => c.key === "x")!.members).toEqual(keysOf([...invoices, ...deliveries.slice(0, 2)]));
  });

  it("never clusters a document without a known term", () => {
    const empty = { key: "empty", vector: new Float32Array(model.dimension) };
    const result = clusterDocuments({ documents: [...documents, empty], options: { minClusterSize: 1 } });
    expect(result.unclustered).toEqual(["empty"]);
  });

  it("reports progress up to its total", () => {
    const calls: [number, number][] = [];
    clusterDocuments({ documents, onProgress: (done, total) => calls.push([done, total]) });
    expect(calls.length).toBeGreaterThan(2);
    const last = calls.at(-1)!;
    expect(last[0]).toBe(last[1]);
    for (let i = 1; i < calls.length; i++) expect(calls[i]![0]).toBeGreaterThanOrEqual(calls[i - 1]![0]);
  });

  it("handles no documents and refuses duplicate keys", () => {
    expect(clusterDocuments({ documents: [] })).toEqual({ clusters: [], unclustered: [] });
    expect(() => clusterDocuments({ documents: [documents[0]!, documents[0]!] })).toThrow(/twice/);
  });
});
