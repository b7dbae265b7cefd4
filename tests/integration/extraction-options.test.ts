import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as projectSchemaRoute } from "@/app/api/schemas/project.json/route";
import { projects } from "@/db/schema";
import { getDb } from "@/lib/db";
import { terminatePdfReaders } from "@/lib/processing/extract-text";
import type { ProjectDocument } from "@/lib/projects/schemas";
import { stopWorkers } from "@/workers/runtime";
import { lineItemsInvoicePdf } from "../fixtures/layout-pdf";
import { textPng } from "../fixtures/ocr-images";
import { pdfOf } from "../fixtures/scans";
import { call } from "../helpers/http";
import { addedProject, processedJob } from "../helpers/processed";

afterAll(async () => {
  await stopWorkers();
  terminatePdfReaders();
});

// issue 24 §3 "How it is checked": a project that uses every new option, uploaded through the API; invoices in German
// and French posted to it; result.json read.
const LINE = "^(?<pos>\\d+)\\s+(?<item>.+?)\\s{2,}(?<qty>\\d+)\\s+(?<price>[\\d.,]+)\\s+(?<total>[\\d.,]+)$";
const columns = { pos: "number", qty: "number", price: "amount", total: "amount" } as const;

function projectDocument(): ProjectDocument {
  return {
    name: "Invoices",
    version: "1",
    type: "Extraction",
    text: "layout",
    documentClasses: [
      {
        name: "Generic",
        keywords: ["EUR", "Rechnung", "Facture"],
        patterns: [],
        fields: [],
      },
      {
        name: "Acme invoice",
        keywords: [],
        patterns: [],
        requiredKeywords: ["Acme GmbH", "Rechnung"],
        excludeKeywords: ["Gutschrift"],
        priority: 5,
        fields: [
          { name: "number", pattern: "Rechnungsnummer:[^\\n]*?(RE-\\d{6})", type: "string" },
          { name: "date", pattern: "Rechnungsdatum:[^\\n]*?(\\d.+\\d{4})", type: "date", locale: "de-DE" },
          { name: "total", pattern: "([\\d.]+,\\d\\d)", type: "amount", match: "max", decimalSeparator: "," },
          { name: "firstAmount", pattern: "([\\d.]+,\\d\\d)", type: "amount", match: "first", decimalSeparator: "," },
          { name: "lastAmount", pattern: "([\\d.]+,\\d\\d)", type: "amount", match: "last", decimalSeparator: "," },
          {
            name: "itemTotals",
            pattern: "(?<=\\n)\\d+ +[^\\n]*?([\\d.]+,\\d\\d)(?=\\n)",
            type: "amount",
            match: "all",
            locale: "de-DE",
          },
          { name: "quantity", pattern: "(?<=\\n)\\d+ +\\S.*?\\s{2,}(\\d+)\\s", type: "number", match: "sum" },
          { name: "pages", pattern: "Seite \\d+ von (\\d+)", type: "number", match: "max" },
          { name: "currency", type: "string", value: "EUR" },
          { name: "vatRate", type: "number", value: 19 },
        ],
        lines: { start: "^Pos\\s+Artikel.*$", end: "^Netto:", line: LINE, columns, locale: "de-DE" },
      },
      {
        name: "Facture",
        keywords: [],
        patterns: [],
        requiredKeywords: ["Facture", "Dupont SARL"],
        priority: 1,
        fields: [
          { name: "number", pattern: "Numéro de facture :[^\\n]*?(F-[\\d-]+)", type: "string" },
          { name: "date", pattern: "Date :[^\\n]*?(\\d+ \\p{L}+ \\d{4})", type: "date", locale: "fr" },
          { name: "total", pattern: "Total TTC :[^\\n]*?([\\d.,]+) EUR", type: "amount" },
        ],
        lines: { start: "^N°\\s+Article", end: "^Total HT", line: LINE, columns, decimalSeparator: "," },
      },
    ],
    properties: [],
  } as ProjectDocument;
}

const addProject = (document: unknown) => addedProject(document);

describe("document classes, field options and line items (issue 24 §3), through the API", () => {
  it("a German and a French invoice: their classes, every kind of field and their line items in result.json", async () => {
    const { token, added } = await addProject(projectDocument());
    expect(added.status, added.text).toBe(200);
    expect(added.json.documentClasses).toEqual(["Generic", "Acme invoice", "Facture"]);

    const german = new File([new Uint8Array(await lineItemsInvoicePdf("de"))], "rechnung.pdf", { type: "application/pdf" });
    const de = (await processedJob({ token, projectId: added.json.id, file: german, worker: "options-de" })).result.documents[0];
    // Generic scores 2 (EUR, Rechnung), Acme invoice 2 (its required keywords once each): the tie goes to priority 5
    expect(de.class).toBe("Acme invoice");
    expect(de.fields).toEqual({
      number: "RE-204711",
      date: "2025-03-03",
      total: 2864.21,
      firstAmount: 0.25,
      lastAmount: 2864.21,
      itemTotals: [2.5, 4.4, 2400],
      quantity: 16,
      pages: 1,
      currency: "EUR",
      vatRate: 19,
    });
    expect(de.lines).toEqual([
      { pos: 1, item: "Schrauben M4", qty: 10, price: 0.25, total: 2.5 },
      { pos: 2, item: "Dübel 8 mm", qty: 4, price: 1.1, total: 4.4 },
      { pos: 3, item: "Winkel verzinkt", qty: 2, price: 1200, total: 2400 },
    ]);

    const french = new File([new Uint8Array(await lineItemsInvoicePdf("fr"))], "facture.pdf", { type: "application/pdf" });
    const fr = (await processedJob({ token, projectId: added.json.id, file: french, worker: "options-fr" })).result.documents[0];
    expect(fr.class).toBe("Facture");
    expect(fr.fields).toEqual({ number: "F-2025-0042", date: "2025-07-02", total: 36.72 });
    expect(fr.lines).toEqual([
      { pos: 1, item: "Papier A4", qty: 5, price: 4.2, total: 21 },
      { pos: 2, item: "Stylos bleus", qty: 12, price: 0.8, total: 9.6 },
    ]);
  });

  it("an exclude keyword that occurs takes the class out: the generic class wins", async () => {
    const document = projectDocument();
    const acme = document.documentClasses[1];
    if (acme) acme.excludeKeywords = ["Winkel"];
    const { token, added } = await addProject(document);
    expect(added.status, added.text).toBe(200);
    const german = new File([new Uint8Array(await lineItemsInvoicePdf("de"))], "rechnung.pdf", { type: "application/pdf" });
    const de = (await processedJob({ token, projectId: added.json.id, file: german, worker: "options-ex" })).result.documents[0];
    expect(de.class).toBe("Generic");
    expect(de.fields).toEqual({});
    // the generic class defines no line items: result.json has none
    expect(Object.keys(de)).not.toContain("lines");
  });

  it("a wrong option is refused with 400 naming its path; nothing is stored", async () => {
    const cases: [(doc: ProjectDocument) => void, string][] = [
      [
        (d) => Object.assign(d.documentClasses[1]?.fields[2] ?? {}, { match: "median" }),
        "documentClasses.1.fields.2.match: must be one of",
      ],
      [
        (d) => Object.assign(d.documentClasses[1]?.fields[0] ?? {}, { match: "sum" }),
        "documentClasses.1.fields.0.match: sum applies to amount and number fields only",
      ],
      [
        (d) => Object.assign(d.documentClasses[1]?.fields[9] ?? {}, { value: "19" }),
        "documentClasses.1.fields.9.value: must be a number",
      ],
      [
        (d) => Object.assign(d.documentClasses[1]?.fields[8] ?? {}, { pattern: "EUR" }),
        "documentClasses.1.fields.8.pattern: a field has a pattern or a fixed value, not both",
      ],
      [(d) => Object.assign(d.documentClasses[1] ?? {}, { priority: 1.5 }), "documentClasses.1.priority: must be a whole number"],
      [
        (d) => Object.assign(d.documentClasses[2]?.lines ?? {}, { line: "(\\d+)" }),
        "documentClasses.2.lines.line: needs a named group",
      ],
      [
        (d) => Object.assign(d.documentClasses[2]?.lines ?? {}, { columns: { price: "money" } }),
        "documentClasses.2.lines.columns.price: must be",
      ],
      [
        (d) => Object.assign(d.documentClasses[2] ?? {}, { requiredKeywords: [""] }),
        "documentClasses.2.requiredKeywords.0: must not be empty",
      ],
    ];
    for (const [change, reason] of cases) {
      const document = projectDocument();
      change(document);
      const { added, system } = await addProject(document);
      expect(added.status, reason).toBe(400);
      expect(added.json.errors[0].code).toBe("projects_error_invalidFile");
      expect(added.json.errors[0].message).toContain(`project.json: ${reason}`);
      const db = await getDb();
      expect(await db.select({ id: projects.id }).from(projects).where(eq(projects.systemId, system.id))).toEqual([]);
    }
  });

  it("a project with the property OcrImages reads a sender set as a picture on a page with text", async () => {
    const document = {
      name: "Letterheads",
      version: "1",
      documentClasses: [
        {
          name: "Invoice",
          keywords: ["Invoice"],
          patterns: [],
          fields: [
            { name: "number", pattern: "Invoice (\\d+)", type: "string" },
            { name: "supplier", pattern: "(Northwind Traders GmbH)", type: "string" },
          ],
        },
      ],
      properties: [{ name: "OcrImages", value: "true", description: "the sender's block is a picture" }],
    };
    const pdf = await pdfOf([{ text: "Invoice 4711\nTotal amount due: 250.00 EUR", image: textPng(["Northwind Traders GmbH"]) }]);
    const file = () => new File([new Uint8Array(pdf)], "letter.pdf", { type: "application/pdf" });
    const { token, added } = await addProject(document);
    expect(added.status, added.text).toBe(200);
    const doc = (await processedJob({ token, projectId: added.json.id, file: file(), worker: "ocr-images" })).result.documents[0];
    expect(doc.fields).toEqual({ number: "4711", supplier: "Northwind Traders GmbH" });
    // without the property the picture is not read
    const without = await addProject({ ...document, properties: [] });
    const plain = (
      await processedJob({ token: without.token, projectId: without.added.json.id, file: file(), worker: "ocr-images" })
    ).result.documents[0];
    expect(plain.fields).toEqual({ number: "4711", supplier: null });
  });

  it("GET /api/schemas/project.json answers the JSON Schema with an example using every option, without a token", async () => {
    const res = await call(projectSchemaRoute, "/api/schemas/project.json");
    expect(res.status).toBe(200);
    const schema = res.json;
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    const documentClass = schema.properties.documentClasses.items;
    expect(Object.keys(documentClass.properties)).toEqual(
      expect.arrayContaining(["requiredKeywords", "excludeKeywords", "priority", "lines"]),
    );
    const field = documentClass.properties.fields.items;
    expect(field.properties.match.enum).toEqual(["first", "last", "all", "sum", "min", "max"]);
    expect(field.properties.type.enum).toEqual(["string", "date", "amount", "number"]);
    expect(field.required).not.toContain("pattern");
    expect(schema.examples).toHaveLength(1);
  });
});
