import { afterEach, describe, expect, it } from "vitest";
import { clusterDocuments, embed, fitModel } from "@/lib/learn/engine";
import { makeDocuments } from "@/lib/learn/engine/corpus.fixture";
import { clusterFor, fitModelFor, inChild, isolateLearnCompute } from "./compute";

const docs = [...makeDocuments("invoice", 10, 1), ...makeDocuments("delivery", 10, 2), ...makeDocuments("application", 10, 3)];

describe("the learn engine in a child process (the embedded server's runs)", () => {
  afterEach(() => isolateLearnCompute(false));

  it("answers what this process computes: the same model and the same clusters", async () => {
    isolateLearnCompute(true);
    const model = await fitModelFor(docs.map((d) => d.text));
    expect(model).toEqual(fitModel(docs.map((d) => d.text)));

    const input = { documents: docs.map((d) => ({ key: d.key, vector: embed(model, d.text) })), clusters: [] };
    const apart = await clusterFor(input);
    const here = clusterDocuments(input);
    expect(apart).toEqual(here);
    // typed arrays come back as typed arrays
    expect(apart.clusters[0]?.centroid).toBeInstanceOf(Float32Array);
    expect(apart.clusters.length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it("a failure in the child is the run's error, not a hang", async () => {
    // a document without a vector makes the engine throw
    await expect(
      inChild({ op: "cluster", input: { documents: [{ key: "a", vector: undefined as never }], clusters: [] } }),
    ).rejects.toThrow(/learn engine/);
  }, 120_000);
});
