import { describe, expect, it } from "vitest";
import { ageOf } from "./age";

describe("ageOf", () => {
  it("names the largest whole unit", () => {
    expect(ageOf(0)).toEqual({ value: 0, unit: "second" });
    expect(ageOf(59.9)).toEqual({ value: 59, unit: "second" });
    expect(ageOf(60)).toEqual({ value: 1, unit: "minute" });
    expect(ageOf(3_599)).toEqual({ value: 59, unit: "minute" });
    expect(ageOf(7_300)).toEqual({ value: 2, unit: "hour" });
    expect(ageOf(4 * 86_400 + 5)).toEqual({ value: 4, unit: "day" });
    expect(ageOf(-5)).toEqual({ value: 0, unit: "second" });
  });
});
