import { describe, expect, it } from "vitest";
import { agglomerate } from "./agglomerate";

/** the sum of n copies of a unit vector at `degrees` in the plane */
const group = (degrees: number, n: number) => {
  const r = (degrees * Math.PI) / 180;
  return { sum: Float64Array.of(n * Math.cos(r), n * Math.sin(r)), size: n };
};
const run = (groups: { sum: Float64Array; size: number }[], similarity: number) =>
  agglomerate({ sums: groups.map((g) => g.sum), sizes: groups.map((g) => g.size), similarity }).map((g) => g.sort());

describe("agglomerate", () => {
  it("merges groups whose centroids are close and keeps apart the orthogonal ones", () => {
    expect(run([group(0, 5), group(10, 5), group(90, 5), group(95, 5)], 0.5)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it("does not merge two tight groups at right angles, though their members stay near the middle", () => {
    // cohesion of the union: cos 45° ≈ 0.71 ≥ 0.6, but the centroids are at cosine 0
    expect(run([group(0, 10), group(90, 10)], 0.6)).toEqual([[0], [1]]);
  });

  it("stops where the merged cluster would be too loose", () => {
    // 0° and 60°: centroid cosine 0.5, merged cohesion cos 30° ≈ 0.87
    expect(run([group(0, 3), group(60, 3)], 0.5)).toEqual([[0, 1]]);
    expect(run([group(0, 3), group(60, 3)], 0.9)).toEqual([[0], [1]]);
  });
});
