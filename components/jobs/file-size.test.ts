import { describe, expect, it } from "vitest";
import { sizeInKb } from "./file-size";

describe("spec operations §2: file sizes", () => {
  it("are shown in KB, rounded up", () => {
    expect([0, 1, 1024, 1025].map(sizeInKb)).toEqual([0, 1, 1, 2]);
  });
});
