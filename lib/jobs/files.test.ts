import { describe, expect, it } from "vitest";
import { workFileNames } from "./files";

describe("work file names", () => {
  it("add .txt to the order file's name unless it already ends so", () => {
    expect(workFileNames(["invoice.pdf", "invoice.txt", "scan.PNG", "notes.TXT", "data.csv"])).toEqual([
      "invoice.pdf.txt",
      "invoice.txt",
      "scan.PNG.txt",
      "notes.TXT",
      "data.csv.txt",
    ]);
  });

  it("keep order files that differ only in their extension apart", () => {
    expect(workFileNames(["invoice.pdf", "invoice.png"])).toEqual(["invoice.pdf.txt", "invoice.png.txt"]);
  });

  it("number a name that would be used twice, whatever its case", () => {
    expect(workFileNames(["a", "a.txt", "A.TXT", "b"])).toEqual(["a.txt", "a (2).txt", "A (3).TXT", "b.txt"]);
  });
});
