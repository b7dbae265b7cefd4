import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { NATIVE } from "@/tests/fixtures/engines";
import { readPdf } from "./pdf";
import { terminatePdfReaders } from "./pdf-readers";
import { readPdfJs } from "./pdfjs";

afterAll(() => terminatePdfReaders());

/** page 1: a label and its value far apart on one line, a column between them; page 2: too few letters for pdftotext */
async function twoPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([595, 842]);
  const draw = (text: string, x: number, y: number) => first.drawText(text, { x, y, size: 10, font });
  draw("Invoice No:", 50, 780);
  draw("Customer: Northwind", 220, 780);
  draw("INV-4711", 480, 780);
  draw("Date:", 50, 766);
  draw("2025-03-05", 480, 766);
  doc.addPage([595, 842]).drawText("Total 5", { x: 50, y: 780, size: 10, font });
  return doc.save();
}

function pdftotextLayout(pdf: Uint8Array): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "layout-native-"));
  try {
    writeFileSync(path.join(dir, "in.pdf"), pdf);
    const out = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", path.join(dir, "in.pdf"), "-"], { encoding: "utf8" });
    return out
      .split("\f")
      .slice(0, -1)
      .map((page) => page.replace(/ +$/gm, "").replace(/\n+$/, ""));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!NATIVE.installed)("layout text with pdftotext (issue 24 §1)", () => {
  it("is pdftotext -layout's where pdftotext read the page, pdf.js's where pdf.js read it", async () => {
    const pdf = await twoPages();
    const read = await readPdf(pdf, { languages: ["eng"], memoryBytes: 2 ** 30, engine: "native" });
    const poppler = pdftotextLayout(pdf);
    expect(read.layout[0]).toBe(poppler[0]);
    expect(read.layout[0]?.split("\n")[0]).toMatch(/^Invoice No: +Customer: Northwind +INV-4711$/);
    const pdfjs = await readPdfJs(pdf, { ocr: async () => ({ text: "", layout: "", turned: 0 }) });
    // "Total 5" has fewer letters than a usable text layer: pdf.js reads the page (it might be a scan)
    expect(read.layout[1]).toBe(pdfjs.layout[1]);
    expect(read.pages).toHaveLength(2);
  });
});
