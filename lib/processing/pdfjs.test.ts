import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFBool, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { nativeTools } from "./native";
import { namesCatalog } from "./pdf";
import { readPdfJs } from "./pdfjs";
import type { GreyImage } from "./raster";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "..", "..", "tests", "fixtures", "pdf", name)));
const noOcr = { ocr: async () => ({ text: "", layout: "", turned: 0 as const }) };

/** an invoice page drawn as writers draw one: the address block and the sender's beside it, a table, a footer */
async function invoicePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  const draw = (text: string, x: number, y: number, size = 10, f = font) => page.drawText(text, { x, y, size, font: f });
  draw("INVOICE 4711", 50, 780, 16, bold);
  const customer = ["Northwind Traders", "Attn. Accounts Payable", "12 Harbour Road", "Bristol BS1 4QA"];
  const sender = ["Acme Trading Ltd", "Market Street 5", "10115 Berlin", "VAT DE123456789"];
  // drawn line by line across the page
  for (let i = 0; i < 4; i++) {
    draw(customer[i] as string, 50, 730 - i * 12);
    draw(sender[i] as string, 380, 730 - i * 12);
  }
  const rows = [
    ["Item", "Quantity", "Amount"],
    ["Consulting services", "12 h", "1,440.00"],
    ["Travel expenses", "1", "312.50"],
  ];
  for (const [r, row] of rows.entries())
    for (const [c, cell] of row.entries()) draw(cell, [50, 300, 450][c] as number, 620 - r * 28, 10, r === 0 ? bold : font);
  draw("Payable within thirty days without deduction. Thank you for your order.", 50, 500, 9);
  return doc.save();
}

/**
 * An order form filled in: two text fields (one of two lines), a drop-down's choice and an empty field. With their
 * appearances as a form writer stores them, or without any and NeedAppearances set, as LibreOffice writes its forms
 * (the reader makes the appearance from the value).
 */
async function filledForm(appearances: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText("ORDER FORM", { x: 50, y: 780, size: 16, font });
  const label = (text: string, y: number) => page.drawText(text, { x: 50, y, size: 10, font });
  const form = doc.getForm();
  label("Company", 720);
  const company = form.createTextField("company");
  company.setText("Northwind Traders");
  company.addToPage(page, { x: 150, y: 714, width: 200, height: 20, font });
  company.setFontSize(10);
  label("Address", 680);
  const address = form.createTextField("address");
  address.enableMultiline();
  address.setText("12 Harbour Road\nBristol BS1 4QA");
  address.addToPage(page, { x: 150, y: 640, width: 200, height: 50, font });
  address.setFontSize(10);
  label("Country", 600);
  const country = form.createDropdown("country");
  country.addOptions(["Austria", "Germany", "United Kingdom"]);
  country.select("United Kingdom");
  country.addToPage(page, { x: 150, y: 594, width: 200, height: 20, font });
  country.setFontSize(10);
  label("Empty field", 560);
  form.createTextField("empty").addToPage(page, { x: 150, y: 554, width: 200, height: 20, font });
  if (appearances) return doc.save();
  for (const field of form.getFields()) for (const widget of field.acroField.getWidgets()) widget.dict.delete(PDFName.of("AP"));
  form.acroForm.dict.set(PDFName.of("NeedAppearances"), PDFBool.True);
  return doc.save({ updateFieldAppearances: false });
}

const FILLED_FORM = [
  "ORDER FORM",
  "Company",
  "Northwind Traders",
  "Address",
  "12 Harbour Road\nBristol BS1 4QA",
  "Country",
  "United Kingdom",
  "Empty field",
].join("\n\n");

describe("pdf.js", () => {
  // the pdf.js copy inside unpdf has no OpenJPEG decoder: a JPX scan rendered as a white page and read as nothing
  it("decodes a JPEG 2000 page image: the page handed to OCR is the picture, not a white page", async () => {
    const images: GreyImage[] = [];
    await readPdfJs(fixture("jpeg2000.pdf"), {
      ocr: async (image: { grey: GreyImage }) => {
        images.push(image.grey);
        return { text: "", layout: "", turned: 0 };
      },
    } as never);
    expect(images).toHaveLength(1);
    const [page] = images;
    const mean = (page?.grey ?? new Uint8Array()).reduce((sum, v) => sum + v, 0) / (page?.grey.length || 1);
    // the night street drawn into it is mostly dark (mean ≈ 50); an undecoded image leaves the page white (255)
    expect(mean).toBeLessThan(128);
  });

  it("reads a page's blocks in reading order: columns one after the other, a table row by row", async () => {
    const [text] = (await readPdfJs(await invoicePdf(), noOcr)).pages;
    expect(text).toBe(
      [
        // the heading and the block below it are one column: no empty line between them, as pdftotext writes it
        "INVOICE 4711",
        "Northwind Traders\nAttn. Accounts Payable\n12 Harbour Road\nBristol BS1 4QA",
        "",
        "Acme Trading Ltd\nMarket Street 5\n10115 Berlin\nVAT DE123456789",
        "",
        "Item\n\nQuantity\n\nAmount\n\nConsulting services\n\n12 h\n\n1,440.00\n\nTravel expenses\n\n1\n\n312.50",
        "",
        "Payable within thirty days without deduction. Thank you for your order.",
      ].join("\n"),
    );
  });

  it.skipIf(!nativeTools().pdftotext)("gives the text pdftotext gives", async () => {
    const pdf = await invoicePdf();
    const dir = mkdtempSync(path.join(os.tmpdir(), "pdfjs-test-"));
    try {
      writeFileSync(path.join(dir, "in.pdf"), pdf);
      const native = execFileSync("pdftotext", ["-enc", "UTF-8", path.join(dir, "in.pdf"), "-"], { encoding: "utf8" });
      // pdftotext ends the page with line breaks and a form feed
      expect((await readPdfJs(pdf, noOcr)).pages).toEqual([native.replace(/\n*\f$/, "")]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives the page's layout text beside it: each printed line one line, its columns spaced as on the page", async () => {
    const [layout = ""] = (await readPdfJs(await invoicePdf(), noOcr)).layout;
    const lines = layout.split("\n");
    expect(lines.filter((line) => line !== "").map((line) => line.split(/ {2,}/))).toEqual([
      ["INVOICE 4711"],
      ["Northwind Traders", "Acme Trading Ltd"],
      ["Attn. Accounts Payable", "Market Street 5"],
      ["12 Harbour Road", "10115 Berlin"],
      ["Bristol BS1 4QA", "VAT DE123456789"],
      ["Item", "Quantity", "Amount"],
      ["Consulting services", "12 h", "1,440.00"],
      ["Travel expenses", "1", "312.50"],
      ["Payable within thirty days without deduction. Thank you for your order."],
    ]);
    // columns where they stand: the sender's block and each table column start at one column on every line
    const starts = (word: RegExp) => lines.flatMap((line) => (word.test(line) ? [line.search(word)] : []));
    expect(new Set(starts(/Acme|Market|10115|VAT/)).size).toBe(1);
    expect(new Set(starts(/Quantity|12 h|(?<= )1(?= )/)).size).toBe(1);
    expect(new Set(starts(/Amount|1,440|312\.50/)).size).toBe(1);
  });

  it.skipIf(!nativeTools().pdftotext)("gives the lines pdftotext -layout gives, each with the same words", async () => {
    const pdf = await invoicePdf();
    const dir = mkdtempSync(path.join(os.tmpdir(), "pdfjs-test-"));
    try {
      writeFileSync(path.join(dir, "in.pdf"), pdf);
      const native = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", path.join(dir, "in.pdf"), "-"], {
        encoding: "utf8",
      });
      // poppler sets its columns apart by its own measure and gives an empty line per line height of a gap
      const words = (text: string) =>
        text
          .split("\n")
          .map((line) => line.trim().split(/\s+/).join(" "))
          .filter((line) => line !== "");
      expect(words((await readPdfJs(pdf, noOcr)).layout[0] ?? "")).toEqual(words(native));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads the values of a filled form where they are shown, with their appearances or without", async () => {
    for (const appearances of [true, false]) {
      const [text] = (await readPdfJs(await filledForm(appearances), noOcr)).pages;
      expect(text, `appearances: ${appearances}`).toBe(FILLED_FORM);
    }
  });

  it.skipIf(!nativeTools().pdftotext)("gives the form's text pdftotext gives", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "pdfjs-test-"));
    try {
      for (const appearances of [true, false]) {
        writeFileSync(path.join(dir, "form.pdf"), await filledForm(appearances));
        const native = execFileSync("pdftotext", ["-enc", "UTF-8", path.join(dir, "form.pdf"), "-"], { encoding: "utf8" });
        expect(native.replace(/\n*\f$/, ""), `appearances: ${appearances}`).toBe(FILLED_FORM);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps right-to-left lines in logical order", async () => {
    const [text] = (await readPdfJs(fixture("right-to-left.pdf"), noOcr)).pages;
    expect(text?.split("\n")).toEqual([
      "فاتورة رقم 4711 بتاريخ اليوم",
      "المورد ACME Trading Ltd في برلين",
      "חשבונית מספר 88 לתשלום",
      "Invoice 4711, total 250.00 EUR",
      "The supplier المورد الجديد delivers from Berlin",
    ]);
  });
});

describe("a file pdf.js cannot open (pdf.ts namesCatalog: such a file fails without a reader)", () => {
  const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");
  const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

  it("is every file without the names /Root and /Encrypt: pdf.js fails on each however it reads", async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText("INV-1", { font: await doc.embedFont(StandardFonts.Helvetica) });
    const whole = latin1(await doc.save({ useObjectStreams: false }));
    const hopeless = [
      whole.slice(0, 30),
      whole.slice(0, whole.indexOf("trailer")),
      whole.replace("/Root", "/Xoot"),
      "%PDF-1.7\nthis is not a pdf",
    ];
    for (const text of hopeless) {
      expect(namesCatalog(bytesOf(text)), JSON.stringify(text.slice(0, 40))).toBe(false);
      await expect(readPdfJs(bytesOf(text), noOcr)).rejects.toMatchObject({ code: "UnreadableDocument" });
    }
  });

  it("leaves a file with those names to pdf.js, written plainly or with #xx escapes", async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText("INV-1", { font: await doc.embedFont(StandardFonts.Helvetica) });
    const whole = latin1(await doc.save({ useObjectStreams: false }));
    // the trailer's /Root spelt /R#6Fo#74: pdf.js reads the name as Root
    const escaped = bytesOf(whole.replace("/Root", "/R#6Fo#74"));
    for (const bytes of [bytesOf(whole), escaped]) {
      expect(namesCatalog(bytes)).toBe(true);
      expect((await readPdfJs(bytes, noOcr)).pages).toEqual(["INV-1"]);
    }
    expect(namesCatalog(bytesOf(whole.replace("/Root", "/X").replace("%PDF-1.7", "%PDF-1.7 /Encr#79pt")))).toBe(true);
  });
});
