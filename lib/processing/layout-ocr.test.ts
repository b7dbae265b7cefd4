import { afterAll, describe, expect, it } from "vitest";
import { ENGINES, using } from "@/tests/fixtures/engines";
import { pdfOf, twoColumnPng } from "@/tests/fixtures/scans";
import { extractText, terminatePdfReaders } from "./extract-text";
import { ocrPage, terminateOcr } from "./ocr";

afterAll(async () => {
  await terminateOcr();
  terminatePdfReaders();
});

// issue 24 §1: a scan's labels and their values, set in two columns with a wide gutter between them
const LABELS = ["Invoice number:", "Invoice date:", "Customer:"];
const VALUES = ["INV-4711", "05.03.2025", "Northwind Traders"];

describe.each(ENGINES)("layout text of a scan with $name", (engine) => {
  it.skipIf(!engine.installed)(
    "puts each label and its value on one line, the values in one column",
    { timeout: 120_000 },
    async () => {
      const read = await ocrPage({ bytes: await twoColumnPng(LABELS, VALUES), type: "png" }, ["eng"], {
        engine: engine.ocrEngine,
      });
      const lines = read.layout.split("\n").filter((line) => line.trim() !== "");
      expect(lines.map((line) => line.trim().split(/ {2,}/))).toEqual(LABELS.map((label, i) => [label, VALUES[i]]));
      expect(new Set(VALUES.map((value, i) => lines[i]?.indexOf(value))).size).toBe(1);
    },
  );

  it.skipIf(!engine.installed)("gives a scanned PDF page the layout text of its OCR", { timeout: 120_000 }, async () => {
    const pdf = await pdfOf([{ text: "Cover letter for the invoice below" }, { scan: await twoColumnPng(LABELS, VALUES) }]);
    const read = await extractText(pdf, "pdf", using(engine));
    expect(read.ocrPages).toBe(1);
    const [cover, scan = ""] = read.layoutText.split("\f");
    expect(cover).toBe("Cover letter for the invoice below");
    const lines = scan.split("\n").filter((line) => line.trim() !== "");
    expect(lines.map((line) => line.trim().split(/ {2,}/))).toEqual(LABELS.map((label, i) => [label, VALUES[i]]));
  });
});
