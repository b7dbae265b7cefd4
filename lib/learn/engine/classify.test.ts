import { describe, expect, it } from "vitest";
import { classifyByCentroids, classifyVector } from "./classify";
import { makeDocuments } from "./corpus.fixture";
import { embed, fitModel, type LearnModel } from "./model";
import { centroidOf, decodeFloat32, encodeFloat32 } from "./vectors";

const invoices = makeDocuments("invoice", 10, 1);
const deliveries = makeDocuments("delivery", 10, 2);
const model = fitModel([...invoices, ...deliveries].map((d) => d.text));
const centroid = (docs: { text: string }[]) =>
  centroidOf(
    docs.map((d) => embed(model, d.text)),
    model.dimension,
  );
const classes = [
  { name: "Invoice", centroid: centroid(invoices) },
  { name: "DeliveryNote", centroid: centroid(deliveries) },
];

describe("classifyByCentroids", () => {
  it("answers the class of the nearest centroid", () => {
    const [newInvoice] = makeDocuments("invoice", 1, 50);
    const [newDelivery] = makeDocuments("delivery", 1, 51);
    const a = classifyByCentroids(model, classes, newInvoice!.text);
    expect(a.name).toBe("Invoice");
    expect(a.similarity).toBeGreaterThan(0.7);
    expect(classifyByCentroids(model, classes, newDelivery!.text).name).toBe("DeliveryNote");
  });

  it("answers no class below minSimilarity, without classes, or for a text without a known term", () => {
    const [recipe] = makeDocuments("recipe", 1, 52);
    expect(classifyByCentroids(model, classes, recipe!.text, { minSimilarity: 0.5 }).name).toBeNull();
    expect(classifyByCentroids(model, [], invoices[0]!.text)).toEqual({ name: null, similarity: 0 });
    expect(classifyByCentroids(model, classes, "zzz qqq", { minSimilarity: 0.1 }).name).toBeNull();
  });

  it("works with centroids and a model read back from JSON", () => {
    const stored = JSON.parse(
      JSON.stringify({ model, classes: classes.map((c) => ({ ...c, centroid: encodeFloat32(c.centroid) })) }),
    );
    const read = stored.classes.map((c: { name: string; centroid: string }) => ({
      name: c.name,
      centroid: decodeFloat32(c.centroid),
    }));
    const text = invoices[3]!.text;
    expect(classifyByCentroids(stored.model as LearnModel, read, text)).toEqual(classifyByCentroids(model, classes, text));
  });

  it("refuses a centroid of another dimension", () => {
    expect(() => classifyVector([{ name: "x", centroid: [1, 0] }], new Float32Array(3))).toThrow(/dimension/);
  });
});
