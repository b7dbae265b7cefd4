import { describe, expect, it } from "vitest";
import { makeDocuments } from "./corpus.fixture";
import { embed, fitModel, type LearnModel } from "./model";
import { cosine } from "./vectors";

const docs = [...makeDocuments("invoice", 10, 1), ...makeDocuments("delivery", 10, 2), ...makeDocuments("application", 10, 3)];
const texts = docs.map((d) => d.text);

describe("fitModel and embed", () => {
  it("gives unit vectors of the model's dimension, bitwise the same for the same text", () => {
    const model = fitModel(texts);
    const a = embed(model, texts[0]!);
    expect(a).toHaveLength(model.dimension);
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
    expect(Buffer.from(embed(model, texts[0]!).buffer)).toEqual(Buffer.from(a.buffer));
  });

  it("is deterministic: the same texts, in any order, fit the same model", () => {
    const model = JSON.stringify(fitModel(texts));
    expect(JSON.stringify(fitModel(texts))).toBe(model);
    expect(JSON.stringify(fitModel([...texts].reverse()))).toBe(model);
  });

  it("round-trips through JSON with identical embeddings", () => {
    const model = fitModel(texts);
    const copy = JSON.parse(JSON.stringify(model)) as LearnModel;
    for (const text of [...texts, "an unseen invoice text with a payment"]) {
      expect(Buffer.from(embed(copy, text).buffer)).toEqual(Buffer.from(embed(model, text).buffer));
    }
  });

  it("puts documents of a kind closer to each other than to other kinds", () => {
    const model = fitModel(texts);
    const v = texts.map((t) => embed(model, t));
    expect(cosine(v[0]!, v[1]!)).toBeGreaterThan(0.6);
    expect(cosine(v[0]!, v[11]!)).toBeLessThan(0.3);
    expect(cosine(v[11]!, v[21]!)).toBeLessThan(0.3);
  });

  it("embeds a text without a known term as zeros", () => {
    const model = fitModel(texts);
    expect([...embed(model, "zzz 12345 qqq")].every((x) => x === 0)).toBe(true);
  });

  it("fits on no or one text without failing", () => {
    for (const few of [[], ["one lonely invoice"]]) {
      const model = fitModel(few);
      const v = embed(model, "one lonely invoice");
      expect(v).toHaveLength(model.dimension);
      expect(JSON.parse(JSON.stringify(model))).toEqual(model);
    }
  });

  it("caps the vocabulary and keeps the model compact", () => {
    const model = fitModel(texts, { maxTerms: 10, dimension: 4 });
    expect(model.terms).toHaveLength(10);
    expect(model.dimension).toBe(4);
    expect(() => embed({ ...model, format: "other" } as unknown as LearnModel, "x")).toThrow(/format/);
  });
});
