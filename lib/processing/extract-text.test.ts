import { existsSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { ENGINES, NATIVE, using } from "@/tests/fixtures/engines";
import { greyTiff, textGreyPixels, textJpeg, textPng } from "@/tests/fixtures/ocr-images";
import { detectType } from "./detect";
import {
  DocumentProcessingError,
  extractText,
  languageDataDir,
  ocrLangPath,
  terminateOcr,
  terminatePdfReaders,
  tiffDirectories,
  tiffPages,
} from "./extract-text";
import { pdfReaderReads } from "./pdf-readers";

const OCR_TIMEOUT = 60_000;
const BROKEN_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
const utf8 = (text: string) => new TextEncoder().encode(text);

// ------------------------------------------------------------------------------------------ fixtures

afterAll(async () => {
  await terminateOcr();
  terminatePdfReaders();
});

async function twoPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([595, 842]);
  first.drawText("INVOICE No. INV-2024-001", { x: 50, y: 780, size: 18, font });
  first.drawText("Date: 15.03.2025", { x: 50, y: 750, size: 12, font });
  const second = doc.addPage([595, 842]);
  second.drawText("Total: 1,234.56 EUR", { x: 50, y: 780, size: 12, font });
  return doc.save();
}

// ---------------------------------------------------------------------------------------------- text

describe("text", () => {
  it.each([
    ["UTF-8", utf8("Größe: 3 m²\nZeile 2"), "Größe: 3 m²\nZeile 2"],
    ["UTF-8 with BOM", new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Rechnung")]), "Rechnung"],
    ["UTF-16 LE with BOM", new Uint8Array([0xff, 0xfe, 0x52, 0x00, 0xe4, 0x00]), "Rä"],
    ["UTF-16 BE with BOM", new Uint8Array([0xfe, 0xff, 0x00, 0x52, 0x00, 0xe4]), "Rä"],
    ["CSV", utf8("Nr;Betrag\n1;12,50\n"), "Nr;Betrag\n1;12,50\n"],
    ["JSON", utf8('{"invoice":"INV-1"}'), '{"invoice":"INV-1"}'],
    ["XML", utf8("<?xml version='1.0'?><a>ä</a>"), "<?xml version='1.0'?><a>ä</a>"],
  ])("decodes %s", async (_name, bytes, expected) => {
    expect(detectType(bytes)).toBe("text");
    expect(await extractText(bytes, "text", {})).toEqual({
      text: expected,
      layoutText: expected,
      pages: 1,
      isMultiPage: false,
      method: "text",
      ocrPages: 0,
      turnedPages: 0,
      warnings: [],
    });
  });

  it("decodes windows-1252 bytes the name declared text", async () => {
    const bytes = new Uint8Array([0x47, 0x72, 0xf6, 0xdf, 0x65, 0x3b, 0x80]);
    expect(detectType(bytes, "x.csv")).toBe("text");
    expect((await extractText(bytes, "text")).text).toBe("Größe;€");
  });

  it("refuses bytes that are not text", async () => {
    await expect(extractText(new Uint8Array([1, 0, 2, 0]), "text")).rejects.toMatchObject({ code: "UnreadableDocument" });
  });
});

// ----------------------------------------------------------------------------------------------- PDF

for (const engine of ENGINES)
  describe.skipIf(!engine.installed)(`PDF read by ${engine.name}`, () => {
    it("joins the pages' text with form feeds and counts them", async () => {
      const bytes = await twoPagePdf();
      expect(detectType(bytes)).toBe("pdf");
      const result = await extractText(bytes, "pdf", using(engine));
      expect(result).toMatchObject({ pages: 2, isMultiPage: true, method: "pdf" });
      const pages = result.text.split("\f");
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain("INVOICE No. INV-2024-001");
      expect(pages[0]).toContain("Date: 15.03.2025");
      expect(pages[1]).toContain("Total: 1,234.56 EUR");
    });

    it("leaves the caller's bytes intact", async () => {
      const bytes = await twoPagePdf();
      const copy = new Uint8Array(bytes);
      await extractText(bytes, "pdf", using(engine));
      expect(bytes.byteLength).toBe(copy.byteLength);
      expect(Buffer.from(bytes).equals(Buffer.from(copy))).toBe(true);
    });

    it("returns empty text for pages without a text layer or an image (nothing to read by OCR)", async () => {
      const doc = await PDFDocument.create();
      doc.addPage().drawRectangle({ x: 50, y: 50, width: 200, height: 100, color: rgb(0, 0, 0) });
      doc.addPage();
      const result = await extractText(await doc.save(), "pdf", using(engine));
      expect(result).toEqual({
        text: "\f",
        layoutText: "\f",
        pages: 2,
        isMultiPage: true,
        method: "pdf",
        ocrPages: 0,
        turnedPages: 0,
        warnings: [],
      });
    });

    it("reports a broken PDF as unreadable", async () => {
      const error = await extractText(utf8("%PDF-1.7\nthis is not a pdf"), "pdf", using(engine)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DocumentProcessingError);
      expect(error).toMatchObject({ code: "UnreadableDocument", message: expect.stringMatching(/^The PDF could not be read/) });
    });

    it("fails a PDF cut off in its first object without handing it to a PDF reader", async () => {
      // the first 30 bytes of a PDF: pdf.js finds no catalog in it, whichever way it reads
      const cut = (await twoPagePdf()).slice(0, 30);
      const reads = pdfReaderReads();
      const error = await extractText(cut, "pdf", using(engine)).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "UnreadableDocument", message: "The PDF could not be read: Invalid PDF structure." });
      expect(pdfReaderReads()).toBe(reads);
    });
  });

// ------------------------------------------------------------------------------------------- unknown

describe("unknown types", () => {
  it("throws a clear error", async () => {
    const error = await extractText(new Uint8Array([0, 1, 2]), "unknown").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentProcessingError);
    expect(error).toMatchObject({
      code: "UnsupportedDocumentType",
      message: expect.stringContaining('Unsupported document type "unknown"'),
    });
  });
});

// ----------------------------------------------------------------------------------------------- OCR

describe("OCR language data", () => {
  it("is read from the installed packages, never from a URL", () => {
    for (const code of ["eng", "deu"]) {
      const dir = languageDataDir(code);
      expect(path.isAbsolute(dir)).toBe(true);
      expect(dir).toContain(path.join("node_modules", "@tesseract.js-data", code));
      expect(statSync(path.join(dir, `${code}.traineddata.gz`)).size).toBeGreaterThan(500_000);
    }
    const combined = ocrLangPath(["eng", "deu"]);
    expect(combined).not.toMatch(/^[a-z]+:\/\//i);
    for (const code of ["eng", "deu"]) {
      const file = path.join(combined, `${code}.traineddata.gz`);
      expect(existsSync(file)).toBe(true);
      expect(realpathSync(file)).toBe(realpathSync(path.join(languageDataDir(code), `${code}.traineddata.gz`)));
    }
    expect(ocrLangPath(["deu"])).toBe(languageDataDir("deu"));
  });

  it("names a language that is not installed", async () => {
    await expect(extractText(new Uint8Array(8), "png", { ocrLanguages: ["xyz"] })).rejects.toMatchObject({
      code: "OcrLanguageMissing",
      message: expect.stringContaining("@tesseract.js-data/xyz"),
    });
    await expect(extractText(new Uint8Array(8), "png", { ocrLanguages: ["../eng"] })).rejects.toMatchObject({
      code: "OcrLanguageMissing",
    });
    await expect(extractText(new Uint8Array(8), "png", { ocrLanguages: [] })).rejects.toMatchObject({
      code: "OcrLanguageMissing",
    });
  });
});

// tesseract.js (the native engine's reading is tested with the scans, scans.test.ts, and bounds.test.ts)
describe("OCR", () => {
  it(
    "reads a JPEG",
    async () => {
      const jpeg = textJpeg(["INVOICE No. INV-2024-001", "Total: 1,234.56"]);
      expect(detectType(jpeg)).toBe("jpeg");
      const result = await extractText(jpeg, "jpeg", { ocrEngine: "wasm" });
      expect(result).toMatchObject({ pages: 1, isMultiPage: false, method: "ocr" });
      expect(result.text).toContain("INV-2024-001");
      expect(result.text).toContain("1,234.56");
    },
    OCR_TIMEOUT,
  );

  it(
    "reads every page of a multi-page TIFF",
    async () => {
      const tiff = greyTiff([textGreyPixels(["Page one: INVOICE"]), textGreyPixels(["Page two: Total 99.00"])]);
      expect(detectType(tiff)).toBe("tiff");
      expect(tiffDirectories(tiff).offsets).toHaveLength(2);
      const result = await extractText(tiff, "tiff", { ocrEngine: "wasm" });
      expect(result).toMatchObject({ pages: 2, isMultiPage: true, method: "ocr" });
      const [one, two] = result.text.split("\f");
      expect(one).toMatch(/Page one: INVOICE/);
      expect(two).toMatch(/Page two: Total 99\.00/);
    },
    OCR_TIMEOUT,
  );

  it("reports a broken image as unreadable and keeps the worker usable", { timeout: OCR_TIMEOUT }, async () => {
    await expect(extractText(BROKEN_PNG, "png", { ocrEngine: "wasm" })).rejects.toMatchObject({
      code: "UnreadableDocument",
      message: "The PNG image could not be read: Error attempting to read image.",
    });
    const png = textPng(["Still working"]);
    expect((await extractText(png, "png", { ocrEngine: "wasm" })).text).toContain("Still working");
  });

  it.skipIf(!NATIVE.installed)(
    "reports a broken image as unreadable with tesseract's words",
    { timeout: OCR_TIMEOUT },
    async () => {
      await expect(extractText(BROKEN_PNG, "png", { ocrEngine: "native" })).rejects.toMatchObject({
        code: "UnreadableDocument",
        message: expect.stringMatching(/^The PNG image could not be read: Error attempting to read image\. \(.*png/),
      });
      expect((await extractText(textPng(["Still working"]), "png", { ocrEngine: "native" })).text).toContain("Still working");
    },
  );

  it("starts a new worker after terminateOcr", { timeout: OCR_TIMEOUT }, async () => {
    const png = textPng(["Hello World"]);
    await terminateOcr();
    expect((await extractText(png, "png", { ocrLanguages: ["eng"], ocrEngine: "wasm" })).text).toContain("Hello World");
  });
});

describe("TIFF pages", () => {
  it("makes one TIFF per directory, each pointing at its page", () => {
    const blank = { width: 2, height: 2, grey: new Uint8Array(4).fill(255) };
    const tiff = greyTiff([blank, blank, blank]);
    const { offsets } = tiffDirectories(tiff);
    expect(offsets).toHaveLength(3);
    const pages = [...tiffPages(tiff)];
    expect(pages).toHaveLength(3);
    pages.forEach((p, i) => {
      const dirs = tiffDirectories(p);
      expect(dirs.offsets).toEqual([offsets[i]]);
    });
    // the input is not changed
    expect(tiffDirectories(tiff).offsets).toEqual(offsets);
  });

  it("keeps a single-page or broken TIFF whole and survives a directory loop", () => {
    const single = greyTiff([{ width: 1, height: 1, grey: new Uint8Array([0]) }]);
    expect([...tiffPages(single)]).toEqual([single]);
    const broken = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 0xff, 0xff, 0, 0]);
    expect([...tiffPages(broken)]).toEqual([broken]);
    const looped = greyTiff([{ width: 1, height: 1, grey: new Uint8Array([0]) }]);
    const { nextPointers, offsets } = tiffDirectories(looped);
    new DataView(looped.buffer).setUint32(nextPointers[0]!, offsets[0]!, true);
    expect(tiffDirectories(looped).offsets).toHaveLength(1);
  });
});
