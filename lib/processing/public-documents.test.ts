import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { wordF1 } from "@/bench/documents/metrics";
import { ENGINES, NATIVE, using, WASM } from "@/tests/fixtures/engines";
import { extractText, terminateOcr, terminatePdfReaders } from "./extract-text";

// Real documents nobody here wrote (tests/fixtures/public/README.md, issue 14): tesseract's own test page lying on its
// sides and upside down, in an image and as a scanned PDF page, and two of qpdf's damaged PDFs that poppler reads.

const OCR = { timeout: 120_000 };
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(process.cwd(), "tests/fixtures/public", name)));
const TRUTH = readFileSync(path.join(process.cwd(), "tests/fixtures/public/phototest.gt.txt"), "utf8");

afterAll(async () => {
  await terminateOcr();
  terminatePdfReaders();
});

for (const engine of ENGINES)
  describe.skipIf(!engine.installed)(`public documents read by ${engine.name}`, () => {
    it.each(["L", "R"])("reads tesseract's test page lying on its %s side upright", OCR, async (side) => {
      const result = await extractText(fixture(`tesseract-phototest-rotated-${side}.png`), "png", using(engine));
      expect(result).toMatchObject({ pages: 1, ocrPages: 1, turnedPages: 1 });
      expect(wordF1(result.text, TRUTH)).toBeGreaterThan(0.9);
    });

    it("reads the scanned page of a PDF upside down by OCR, upright", OCR, async () => {
      const result = await extractText(fixture("tesseract-phototest-rotated-180.pdf"), "pdf", using(engine));
      expect(result).toMatchObject({ pages: 1, ocrPages: 1, turnedPages: 1, warnings: [] });
      expect(wordF1(result.text, TRUTH)).toBeGreaterThan(0.9);
    });

    it("reads qpdf's PDF with a wrong cross-reference entry as poppler does, its table rebuilt, and names the page", async () => {
      const result = await extractText(fixture("qpdf-bad-xref-entry.pdf"), "pdf", using(engine));
      expect(result.text).toBe("Potato");
      expect(result.warnings).toEqual([{ page: 1, reason: expect.stringMatching(/XRef entry/), repaired: true }]);
    });
  });

describe("a damaged PDF that only poppler repairs", () => {
  it.skipIf(!NATIVE.installed)("keeps what pdftotext read of it, its complaint as the page's warning", async () => {
    const result = await extractText(fixture("qpdf-bad24.pdf"), "pdf", using(NATIVE));
    expect(result.text).toBe("Potato");
    expect(result.warnings).toEqual([{ page: 1, reason: expect.stringMatching(/endstream/), repaired: true }]);
  });

  it("is UnreadableDocument without it (pdf.js finds no end of the content stream)", async () => {
    await expect(extractText(fixture("qpdf-bad24.pdf"), "pdf", using(WASM))).rejects.toMatchObject({
      code: "UnreadableDocument",
    });
  });
});
