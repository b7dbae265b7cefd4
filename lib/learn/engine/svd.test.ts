import { describe, expect, it } from "vitest";
import { seededRandom } from "./random";
import { symmetricEigen, truncatedSvd } from "./svd";

describe("symmetricEigen", () => {
  it("decomposes a symmetric matrix", () => {
    const m = [Float64Array.of(2, 1, 0), Float64Array.of(1, 2, 0), Float64Array.of(0, 0, 5)];
    const { values, vectors } = symmetricEigen(m);
    expect([...values].sort((a, b) => a - b).map((v) => Number(v.toFixed(9)))).toEqual([1, 3, 5]);
    // M v = λ v for each pair
    values.forEach((lambda, i) => {
      const v = vectors[i]!;
      for (const [r, row] of m.entries()) expect(row.reduce((s, x, c) => s + x * v[c]!, 0)).toBeCloseTo(lambda * v[r]!, 9);
    });
  });
});

describe("truncatedSvd", () => {
  it("finds the leading right singular vectors of a sparse matrix", () => {
    // rows mostly along terms {0,1} or {2,3}: the two leading directions
    const rows = [
      [0, 1, 0.1],
      [0, 1],
      [2, 3],
      [2, 3, 0.2],
      [0, 1],
    ].map((r) => {
      const indices = Int32Array.from(r.length === 3 ? [0, 1, 4] : r.slice(0, 2));
      const values = Float64Array.from(r.length === 3 ? [1, 1, r[2]!] : [1, 1]);
      return { indices, values };
    });
    const { components, singularValues } = truncatedSvd({ rows, terms: 5, rank: 2, random: seededRandom(1) });
    expect(components).toHaveLength(2);
    expect(singularValues[0]!).toBeGreaterThan(singularValues[1]!);
    // the first is the {0,1} direction (three rows), the second {2,3}, each unit length with a positive sign
    expect(components[0]![0]!).toBeCloseTo(components[0]![1]!, 2);
    expect(Math.hypot(...components[0]!)).toBeCloseTo(1, 9);
    expect(components[1]![2]!).toBeGreaterThan(0.6);
    expect(Math.abs(components[1]![0]!)).toBeLessThan(0.1);
  });
});
