import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { labelsAndValuesPdf } from "@/tests/fixtures/layout-pdf";
import { textPng } from "@/tests/fixtures/ocr-images";
import { DocumentProcessingError, terminateOcr } from "./extract-text";
import type { FieldRule } from "./fields";
import { type DocumentClassDefinition, processDocument, rewritten } from "./process-document";

const OCR_TIMEOUT = 60_000;
const utf8 = (text: string) => new TextEncoder().encode(text);

const documentClasses: DocumentClassDefinition[] = [
  {
    name: "Invoice",
    keywords: ["invoice", "total", "amount due"],
    patterns: ["INV-\\d{4}-\\d{3}"],
    fields: [
      { name: "invoiceNumber", pattern: "(INV-\\d{4}-\\d{3})", type: "string" },
      { name: "total", pattern: "Total:?\\s*([^\\n]+)", type: "amount" },
      { name: "date", pattern: "Date:?\\s*([^\\n]+)", type: "date" },
    ],
  },
  {
    name: "Rechnung",
    keywords: ["Rechnung", "Gesamtbetrag", "Rechnungsnummer"],
    patterns: ["RE-\\d{4}-\\d{3}"],
    fields: [
      { name: "rechnungsnummer", pattern: "(RE-\\d{4}-\\d{3})", type: "string" },
      { name: "betrag", pattern: "Gesamtbetrag:?\\s*([^\\n]+)", type: "amount" },
      { name: "datum", pattern: "Datum:?\\s*([^\\n]+)", type: "date" },
    ],
  },
  {
    name: "Letter",
    keywords: ["dear", "sincerely", "sehr geehrte", "mit freundlichen grüßen"],
    patterns: [],
    fields: [{ name: "subject", pattern: "Subject:\\s*(.+)", type: "string" }],
  },
];
const project = { documentClasses };

const invoiceText = `ACME Ltd.
INVOICE No. INV-2024-001
Date: 2025-03-15
Amount due within 14 days.
Total: 1,234.56 EUR`;

const letterText = `Dear Ms Smith,
Subject: Our meeting next week
thank you for your letter. We look forward to meeting you.
Sincerely,
John Doe`;

// -------------------------------------------------------------------------------------------- texts

describe("text documents", () => {
  it("classifies an invoice and extracts its fields", async () => {
    const doc = await processDocument({ fileName: "invoice.txt", bytes: utf8(invoiceText), project });
    expect(doc).toEqual({
      file: "invoice.txt",
      type: "text",
      pages: 1,
      text: invoiceText,
      layoutText: invoiceText,
      className: "Invoice",
      confidence: 1,
      fields: { invoiceNumber: "INV-2024-001", total: 1234.56, date: "2025-03-15" },
      // no field of this project names a lookup resource
      lookupMisses: [],
      method: "text",
      ocrPages: 0,
      turnedPages: 0,
      warnings: [],
    });
  });

  it("classifies a letter", async () => {
    const doc = await processDocument({ fileName: "letter.txt", bytes: utf8(letterText), project });
    expect(doc).toMatchObject({ className: "Letter", confidence: 1, fields: { subject: "Our meeting next week" } });
  });

  it("mixed content: the share of all scores", async () => {
    const doc = await processDocument({ fileName: "mixed.txt", bytes: utf8(`${letterText}\n${invoiceText}`), project });
    // Invoice: invoice, total, amount due (3) + 2 × pattern = 5; Letter: dear, sincerely = 2
    expect(doc).toMatchObject({ className: "Invoice", confidence: 0.714 });
  });

  it("an unclassifiable text is Unknown without fields", async () => {
    const doc = await processDocument({ fileName: "note.txt", bytes: utf8("Shopping list: milk, bread"), project });
    expect(doc).toMatchObject({ className: "Unknown", confidence: 0, fields: {}, type: "text", method: "text" });
  });

  it("a project without classes classifies nothing", async () => {
    const doc = await processDocument({ fileName: "invoice.txt", bytes: utf8(invoiceText), project: { documentClasses: [] } });
    expect(doc).toMatchObject({ className: "Unknown", confidence: 0, fields: {} });
  });

  it.each([
    ["CSV", "invoices.csv", "Invoice;Total;Date\nINV-2024-001;1.234,56;15.03.2025\n"],
    ["JSON", "invoice.json", JSON.stringify({ invoice: "INV-2024-001", Total: "1,234.56", Date: "15.03.2025" })],
    [
      "XML",
      "invoice.xml",
      '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice>\n<Number>INV-2024-001</Number>\n<Total>1234.56</Total>\n<Date>03/15/2025</Date>\n</Invoice>',
    ],
  ])("reads %s as text", async (_name, fileName, content) => {
    const classes: DocumentClassDefinition[] = [
      {
        name: "Invoice",
        keywords: ["invoice"],
        patterns: ["INV-\\d{4}-\\d{3}"],
        fields: [
          { name: "number", pattern: "(INV-\\d{4}-\\d{3})", type: "string" },
          { name: "date", pattern: "(\\d{2}[./]\\d{2}[./]\\d{4})", type: "date" },
        ],
      },
    ];
    const doc = await processDocument({ fileName, bytes: utf8(content), project: { documentClasses: classes } });
    expect(doc).toMatchObject({ type: "text", method: "text", pages: 1, text: content, className: "Invoice" });
    expect(doc.fields).toMatchObject({ number: "INV-2024-001", date: "2025-03-15" });
  });
});

// ---------------------------------------------------------------------------------------------- PDF

describe("PDF", () => {
  it("reads a 2-page PDF, classifies it and extracts its fields", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const first = pdf.addPage([595, 842]);
    first.drawText("ACME Ltd.", { x: 50, y: 790, size: 12, font });
    first.drawText("INVOICE No. INV-2024-001", { x: 50, y: 760, size: 18, font });
    first.drawText("Date: 15.03.2025", { x: 50, y: 730, size: 12, font });
    const second = pdf.addPage([595, 842]);
    second.drawText("Total: 1.234,56 EUR", { x: 50, y: 790, size: 12, font });
    const bytes = await pdf.save();

    const doc = await processDocument({ fileName: "scan.pdf", bytes, project });
    expect(doc).toMatchObject({ file: "scan.pdf", type: "pdf", pages: 2, method: "pdf", className: "Invoice", confidence: 1 });
    expect(doc.text.split("\f")).toHaveLength(2);
    expect(doc.text).toContain("INVOICE No. INV-2024-001");
    expect(doc.text.split("\f")[1]).toContain("Total: 1.234,56 EUR");
    expect(doc.fields).toEqual({ invoiceNumber: "INV-2024-001", total: 1234.56, date: "2025-03-15" });
  });
});

// ---------------------------------------------------------------------------------------------- OCR

describe("images (OCR)", () => {
  afterAll(async () => {
    await terminateOcr();
  });

  it("reads an English invoice PNG", { timeout: OCR_TIMEOUT }, async () => {
    const png = textPng(["INVOICE No. INV-2024-001", "Total: 1,234.56", "Date: 2025-03-15"]);
    const doc = await processDocument({ fileName: "invoice.png", bytes: png, project });
    expect(doc).toMatchObject({ type: "png", method: "ocr", pages: 1, className: "Invoice" });
    expect(doc.fields.invoiceNumber).toBe("INV-2024-001");
    expect(doc.fields).toEqual({ invoiceNumber: "INV-2024-001", total: 1234.56, date: "2025-03-15" });
  });

  it("reads a German invoice PNG with the German language data", { timeout: OCR_TIMEOUT }, async () => {
    const png = textPng([
      "Rechnung Nr. RE-2025-042",
      "Sehr geehrte Damen und Herren,",
      "Gesamtbetrag: 1.234,56 €",
      "Datum: 3. März 2025",
    ]);
    const doc = await processDocument({ fileName: "rechnung.png", bytes: png, project, ocrLanguages: ["deu"] });
    expect(doc.text).toContain("Sehr geehrte");
    expect(doc.text).toContain("März");
    expect(doc).toMatchObject({ type: "png", method: "ocr", pages: 1, className: "Rechnung" });
    expect(doc.fields).toEqual({ rechnungsnummer: "RE-2025-042", betrag: 1234.56, datum: "2025-03-03" });
  });
});

// ------------------------------------------------------------------------------------------ failures

describe("unreadable files", () => {
  it("rejects unknown bytes with a DocumentProcessingError", async () => {
    const error = await processDocument({ fileName: "blob.bin", bytes: new Uint8Array([0, 159, 146, 150, 0, 1]), project }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DocumentProcessingError);
    expect(error).toMatchObject({ code: "UnsupportedDocumentType" });
  });

  it("an empty text file is an empty, unknown document", async () => {
    const doc = await processDocument({ fileName: "empty.txt", bytes: new Uint8Array(0), project });
    expect(doc).toMatchObject({ type: "text", pages: 1, text: "", className: "Unknown", fields: {} });
  });
});

// --------------------------------------------------------------------------------------- layout text

describe("fields read the text they name (issue 24 §1)", () => {
  const fields = (text?: "layout" | "reading"): FieldRule[] =>
    [
      { name: "number", pattern: "Invoice No:[^\\n]*?(INV-\\d+)", type: "string" as const },
      { name: "total", pattern: "Total due:[^\\n]*\\s([\\d,.]+) EUR", type: "amount" as const },
    ].map((f) => (text ? { ...f, text } : f));
  const read = async (rules: DocumentClassDefinition["fields"]) =>
    processDocument({
      fileName: "invoice.pdf",
      bytes: await labelsAndValuesPdf(),
      project: { documentClasses: [{ name: "Invoice", keywords: ["invoice"], patterns: [], fields: rules }] },
    });

  it("finds a label's value far right on its line in the layout text, not in the reading-order text", async () => {
    const layout = await read(fields("layout"));
    expect(layout.fields).toEqual({ number: "INV-4711", total: 1234.56 });
    expect(layout.layoutText).toMatch(/^Invoice No: +Ship to: Northwind Traders +INV-4711$/m);
    // in reading order the labels' column comes first, the values' last: no label shares a line with its value
    const reading = await read(fields("reading"));
    expect(reading.fields).toEqual({ number: null, total: null });
    expect(reading.text).toContain("Invoice No:\nInvoice date:\nTotal due:");
    // no text named: the reading-order text, as before
    expect((await read(fields())).fields).toEqual({ number: null, total: null });
  });

  it("lets each field name its own text", async () => {
    const [number, total] = fields();
    const doc = await read([
      { ...number!, text: "layout" },
      { ...total!, text: "reading" },
    ]);
    expect(doc.fields).toEqual({ number: "INV-4711", total: null });
    expect(doc.className).toBe("Invoice");
  });
});

describe("a class's rewrites (replace)", () => {
  it("rewrite both texts in order before the class's fields read them, with $1 and $<name>", () => {
    const texts = { reading: "Abo vom 1. bis 31. Juli 2015", layout: "Abo vom 1. bis 31. Juli 2015  29.99" };
    expect(
      rewritten(texts, [
        { pattern: "vom (\\d{1,2})\\. bis (\\d{1,2})\\. (?<my>\\p{L}+ \\d{4})", with: "vom $1. $<my> bis $2. $<my>" },
        { pattern: "ABO", with: "Subscription" },
      ]),
    ).toEqual({
      reading: "Subscription vom 1. Juli 2015 bis 31. Juli 2015",
      layout: "Subscription vom 1. Juli 2015 bis 31. Juli 2015  29.99",
    });
    expect(rewritten(texts, undefined)).toBe(texts);
  });
});
