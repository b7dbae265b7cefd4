import { afterAll, describe, expect, it } from "vitest";
import { wordF1 } from "@/bench/documents/metrics";
import { badXrefEntryPdf, DAMAGED_PDF_TEXT, intactPdf, misspeltEndstreamPdf } from "@/tests/fixtures/damaged-pdfs";
import { ENGINES, NATIVE, using, WASM } from "@/tests/fixtures/engines";
import { textPng } from "@/tests/fixtures/ocr-images";
import { pdfOf, type Turn, turnedPng } from "@/tests/fixtures/scans";
import { extractText, terminateOcr, terminatePdfReaders } from "./extract-text";

// A test page of known text (issue 14, drawn since issue 23) lying on its sides and upside down, in an image and as a
// scanned PDF page, scored by word F1 against the text drawn; and PDFs damaged as real ones are
// (tests/fixtures/damaged-pdfs.ts): a wrong cross-reference entry both readers repair, a misspelt stream end only
// poppler reads past.

const OCR = { timeout: 120_000 };
const TEST_PAGE = [
  "This page of known text is drawn by the tests",
  "to see that a scan lying on its side or upside",
  "down is turned upright before it is read.",
  "",
  "The five boxing wizards jump quickly over the",
  "old fence. Pack my box with five dozen jugs.",
  "Sphinx of black quartz, judge my vow. How",
  "vexingly quick daft zebras jump in the yard.",
];
const TRUTH = TEST_PAGE.join("\n");
const turnedPage = (turn: Turn) => turnedPng(textPng(TEST_PAGE), turn);

afterAll(async () => {
  await terminateOcr();
  terminatePdfReaders();
});

for (const engine of ENGINES)
  describe.skipIf(!engine.installed)(`turned and damaged documents read by ${engine.name}`, () => {
    // turned left: counter-clockwise, the lines read from bottom to top
    it.each([
      ["left", 270],
      ["right", 90],
    ] as const)("reads the test page turned to the %s upright", OCR, async (_side, turn) => {
      const result = await extractText(await turnedPage(turn), "png", using(engine));
      expect(result).toMatchObject({ pages: 1, ocrPages: 1, turnedPages: 1 });
      expect(wordF1(result.text, TRUTH)).toBeGreaterThan(0.9);
    });

    it("reads the scanned page of a PDF upside down by OCR, upright", OCR, async () => {
      const result = await extractText(await pdfOf([{ scan: await turnedPage(180) }]), "pdf", using(engine));
      expect(result).toMatchObject({ pages: 1, ocrPages: 1, turnedPages: 1, warnings: [] });
      expect(wordF1(result.text, TRUTH)).toBeGreaterThan(0.9);
    });

    it("reads the intact PDF whose stream length is an object of its own without a warning", async () => {
      const result = await extractText(intactPdf(), "pdf", using(engine));
      expect(result).toMatchObject({ text: DAMAGED_PDF_TEXT, warnings: [] });
    });

    it("reads a PDF with a wrong cross-reference entry as poppler does, its table rebuilt, and names the page", async () => {
      const result = await extractText(badXrefEntryPdf(), "pdf", using(engine));
      expect(result.text).toBe(DAMAGED_PDF_TEXT);
      expect(result.warnings).toEqual([{ page: 1, reason: expect.stringMatching(/XRef entry/), repaired: true }]);
    });
  });

describe("a PDF whose content stream ends in `enxstream`, which poppler and PDFium repair", () => {
  it.skipIf(!NATIVE.installed)("keeps what pdftotext read of it, its complaint as the page's warning", async () => {
    const result = await extractText(misspeltEndstreamPdf(), "pdf", using(NATIVE));
    expect(result.text).toBe(DAMAGED_PDF_TEXT);
    expect(result.warnings).toEqual([{ page: 1, reason: expect.stringMatching(/endstream/), repaired: true }]);
  });

  it("keeps what PDFium read of it on the zero-install path, pdf.js's complaint as the page's warning", async () => {
    // too few letters for PDFium's page to be kept as it is: pdf.js reads it again, fails, and PDFium's text stays
    const result = await extractText(misspeltEndstreamPdf(), "pdf", using(WASM));
    expect(result.text).toBe(DAMAGED_PDF_TEXT);
    expect(result.warnings).toEqual([{ page: 1, reason: expect.stringMatching(/endstream/), repaired: true }]);
  });

  it("is UnreadableDocument for pdf.js alone (it finds no end of the content stream)", async () => {
    const pdfjs = { ...using(WASM), pdfEngine: "pdfjs" as const };
    await expect(extractText(misspeltEndstreamPdf(), "pdf", pdfjs)).rejects.toMatchObject({ code: "UnreadableDocument" });
  });
});
