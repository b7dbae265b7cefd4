import { readFileSync } from "node:fs";
import path from "node:path";
import { degrees, PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { LAYOUT_ROWS, labelsAndValuesPdf, lineItemsInvoicePdf } from "@/tests/fixtures/layout-pdf";
import { pdfOf } from "@/tests/fixtures/scans";
import { verticalCJKPdf } from "@/tests/fixtures/script-pdfs";
import { readPdf } from "./pdf";
import { terminatePdfReaders } from "./pdf-readers";
import { readPdfium } from "./pdfium";
import { readPdfJs } from "./pdfjs";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "..", "..", "tests", "fixtures", "pdf", name)));
const noOcr = { ocr: async () => ({ text: "", layout: "", turned: 0 as const }) };
const MEMORY = 512 * 2 ** 20;

afterAll(() => terminatePdfReaders());

/** a page of words drawn one by one, as some writers set them: `gap` points between two runs of one line */
async function wordsPdf(words: readonly (readonly [string, number])[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  for (const [text, x] of words) page.drawText(text, { x, y: 700, size: 12, font });
  page.drawText("Spielkreis Rechnung an die Buchhaltung", { x: 50, y: 650, size: 12, font });
  return doc.save();
}

describe("PDFium's text (issue 24 §4)", () => {
  it("reads a page as pdf.js reads it: the same reading-order text, the layout text's lines with the same words", async () => {
    // the columns' spacing may differ: a word's width per letter sets the page's character width, and pdf.js's runs
    // count their spaces as letters
    const words = (layout: string[] | undefined) => layout?.map((page) => page.replace(/ +/g, " "));
    for (const bytes of [await labelsAndValuesPdf(), await lineItemsInvoicePdf("de"), await lineItemsInvoicePdf("fr")]) {
      const pdfium = await readPdfium(bytes);
      const pdfjs = await readPdfJs(bytes, noOcr);
      expect(pdfium?.leave).toEqual([]);
      expect(pdfium?.pages).toEqual(pdfjs.pages);
      expect(words(pdfium?.layout)).toEqual(words(pdfjs.layout));
    }
    const layout = (await readPdfium(await labelsAndValuesPdf()))?.layout[0] ?? "";
    for (const row of LAYOUT_ROWS)
      expect(layout).toMatch(new RegExp(row.map((cell) => cell.replace(/[.*+?()]/g, "\\$&")).join(" +")));
  });

  it("parts two runs 2 pt apart into two words, as poppler does, and keeps a run's letters together", async () => {
    // "88802" (five digits of 6.67 pt) ends at 83.4 pt: "Spielkreis" starts 2 pt after it, a sixth of the size
    const read = await readPdfium(
      await wordsPdf([
        ["88802", 50],
        ["Spielkreis", 85.4],
      ]),
    );
    expect(read?.pages[0]).toContain("88802 Spielkreis");
    expect(read?.pages[0]).toContain("Spielkreis Rechnung an die Buchhaltung");
  });

  it("leaves pages with form fields and turned pages to pdf.js, and says null of a file it cannot open", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const plain = doc.addPage([595, 842]);
    plain.drawText("A page of plain text that PDFium reads itself.", { x: 50, y: 700, size: 12, font });
    const formPage = doc.addPage([595, 842]);
    formPage.drawText("Company", { x: 50, y: 700, size: 12, font });
    const field = doc.getForm().createTextField("company");
    field.setText("Northwind Traders");
    field.addToPage(formPage, { x: 150, y: 694, width: 200, height: 20, font });
    const turned = doc.addPage([595, 842]);
    turned.drawText("A page turned by its /Rotate entry.", { x: 50, y: 700, size: 12, font });
    turned.setRotation(degrees(90));
    const read = await readPdfium(await doc.save());
    expect(read?.numPages).toBe(3);
    expect(read?.leave).toEqual([2, 3]);
    expect(read?.pages[0]).toContain("A page of plain text that PDFium reads itself.");
    expect(read?.pages.slice(1)).toEqual(["", ""]);
    expect(await readPdfium(fixture("encrypted-with-password.pdf"))).toBeNull();
    expect(await readPdfium(new TextEncoder().encode("%PDF-1.7\nnot a PDF after its header"))).toBeNull();
    // an empty user password opens as any other file
    expect((await readPdfium(fixture("encrypted-no-user-password.pdf")))?.numPages).toBeGreaterThan(0);
  });

  it("through readPdf: pdf.js reads what PDFium leaves (form values, turned pages, vertical script, scans)", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const formPage = doc.addPage([595, 842]);
    formPage.drawText("Company", { x: 50, y: 700, size: 12, font });
    const field = doc.getForm().createTextField("company");
    field.setText("Northwind Traders");
    field.addToPage(formPage, { x: 150, y: 694, width: 200, height: 20, font });
    const withForm = await doc.save();
    const options = { languages: ["eng"], memoryBytes: MEMORY, engine: "pdfium" as const };
    const read = await readPdf(withForm, options);
    expect(read.pages[0]).toContain("Northwind Traders");
    expect(read.pages).toEqual((await readPdf(withForm, { ...options, engine: "pdfjs" })).pages);
    const vertical = verticalCJKPdf(["請求書", "合計金額"]);
    expect((await readPdf(vertical, options)).pages).toEqual((await readPdf(vertical, { ...options, engine: "pdfjs" })).pages);
    const locked = readPdf(fixture("encrypted-with-password.pdf"), options);
    await expect(locked).rejects.toMatchObject({ code: "PasswordProtected" });
    const mixed = await pdfOf([{ text: "Invoice INV-4711 of the first page, read by PDFium" }, { text: "Second page" }]);
    const both = await readPdf(mixed, options);
    expect(both.pages[0]).toContain("INV-4711");
    expect(both.pages[1]).toContain("Second page");
  });
});
