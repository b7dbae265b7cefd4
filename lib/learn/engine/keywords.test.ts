import { describe, expect, it } from "vitest";
import { clusterDocuments } from "./cluster";
import { makeDocuments } from "./corpus.fixture";
import { closestDocuments, clusterKeywords } from "./keywords";
import { embed, fitModel } from "./model";

const invoices = makeDocuments("invoice", 12, 1);
const deliveries = makeDocuments("delivery", 12, 2);
const all = [...invoices, ...deliveries];
const model = fitModel(all.map((d) => d.text));

describe("clusterKeywords", () => {
  it("names a cluster by the words its documents use more than the collection", () => {
    const keywords = clusterKeywords(
      model,
      invoices.map((d) => d.text),
      8,
    );
    expect(keywords).toHaveLength(8);
    expect(keywords).toContain("invoice");
    // words of every kind (the common pool) and of the other kind are not distinctive
    for (const k of keywords) expect(["date", "number", "page", "lieferung", "paket"]).not.toContain(k);
  });

  it("shows the commonest word form, not the stem, with umlauts as written folded", () => {
    const keywords = clusterKeywords(
      model,
      deliveries.map((d) => d.text),
      20,
    );
    expect(keywords).toContain("lieferschein");
    expect(keywords).toContain("empfaenger");
    expect(keywords.every((k) => /^[a-z]+$/.test(k))).toBe(true);
  });

  it("is empty for no texts", () => {
    expect(clusterKeywords(model, [], 5)).toEqual([]);
  });
});

describe("closestDocuments", () => {
  it("picks the documents nearest to the centroid, nearest first", () => {
    const documents = all.map((d) => ({ key: d.key, vector: embed(model, d.text) }));
    const { clusters } = clusterDocuments({ documents });
    const invoiceCluster = clusters.find((c) => c.members.includes(invoices[0]!.key))!;
    const samples = closestDocuments(invoiceCluster.centroid, documents, 3);
    expect(samples).toHaveLength(3);
    for (const s of samples) expect(s.startsWith("invoice-")).toBe(true);
    expect(closestDocuments(invoiceCluster.centroid, documents, 3)).toEqual(samples);
  });
});
