import { describe, expect, it } from "vitest";
import { layoutWorkFileNames, workFileNames } from "./files";

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

  it("name the layout text beside the text: .layout before .txt, numbered when an order file has the name", () => {
    expect(layoutWorkFileNames(["invoice.pdf", "invoice.txt", "notes.TXT"])).toEqual([
      "invoice.pdf.layout.txt",
      "invoice.layout.txt",
      "notes.layout.txt",
    ]);
    expect(layoutWorkFileNames(["a.pdf", "a.pdf.layout.txt"])).toEqual(["a.pdf (2).layout.txt", "a.pdf.layout.layout.txt"]);
    const all = ["a", "a.txt", "a.layout.txt", "A.pdf"];
    const names = [...workFileNames(all), ...layoutWorkFileNames(all)].map((n) => n.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
});
