import { afterAll, describe, expect, it } from "vitest";
import { terminatePdfReaders } from "@/lib/processing/extract-text";
import type { ProjectDocument } from "@/lib/projects/schemas";
import { stopWorkers } from "@/workers/runtime";
import { labelsAndValuesPdf } from "../fixtures/layout-pdf";
import { addedProject, processedJob } from "../helpers/processed";

afterAll(async () => {
  await stopWorkers();
  terminatePdfReaders();
});

/** issue 24 §1: labels whose values stand far right on their printed lines, a column between them */
function projectDocument(text: { project?: unknown; fields?: Record<string, unknown> } = {}): ProjectDocument {
  const fields = [
    { name: "number", pattern: "Invoice No:[^\\n]*?(INV-\\d+)", type: "string" },
    { name: "date", pattern: "Invoice date:[^\\n]*?(\\d{4}-\\d\\d-\\d\\d)", type: "date" },
    { name: "total", pattern: "Total due:[^\\n]*\\s([\\d,.]+) EUR", type: "amount" },
  ].map((field) => (text.fields?.[field.name] === undefined ? field : { ...field, text: text.fields[field.name] }));
  return {
    name: "Invoices",
    version: "1",
    type: "Extraction",
    documentClasses: [{ name: "Invoice", keywords: ["invoice"], patterns: [], fields }],
    properties: [],
    ...(text.project === undefined ? {} : { text: text.project }),
  } as ProjectDocument;
}

const addProject = (document: ProjectDocument) => addedProject(document);

/** A job of the PDF posted to the project and processed: its result.json document and its work files by name. */
async function processed(token: string, projectId: string) {
  const pdf = new File([new Uint8Array(await labelsAndValuesPdf())], "invoice.pdf", { type: "application/pdf" });
  const { result, files, read } = await processedJob({ token, projectId, file: pdf, worker: "layout-worker" });
  return {
    doc: result.documents[0],
    work: files.filter((f) => f.kind === "work").map((f) => f.name),
    reading: await read("work", "invoice.pdf.txt"),
    layout: await read("work", "invoice.pdf.layout.txt"),
  };
}

describe("layout text (issue 24 §1), through the API", () => {
  it('a project with "text": "layout" finds values that stand far right of their labels', async () => {
    const { token, added } = await addProject(projectDocument({ project: "layout" }));
    expect(added.status, added.text).toBe(200);
    const { doc, work, reading, layout } = await processed(token, added.json.id);
    expect(doc.class).toBe("Invoice");
    expect(doc.fields).toEqual({ number: "INV-4711", date: "2025-03-05", total: 1234.56 });
    // both texts are work files; result.json names the reading-order one, as before
    expect(work.sort()).toEqual(["invoice.pdf.layout.txt", "invoice.pdf.txt"]);
    expect(doc.workFile).toBe("invoice.pdf.txt");
    expect(layout).toMatch(/^Invoice No: +Ship to: Northwind Traders +INV-4711$/m);
    expect(reading).toContain("Invoice No:\nInvoice date:\nTotal due:");
  });

  it("a project that names no text reads the reading-order text: its result.json is as before", async () => {
    const { token, added } = await addProject(projectDocument());
    expect(added.status, added.text).toBe(200);
    const { doc } = await processed(token, added.json.id);
    // in reading order the labels' column comes first and the values' last: no label is on a line with its value
    expect(doc.fields).toEqual({ number: null, date: null, total: null });
    expect(Object.keys(doc)).toEqual(["file", "workFile", "type", "pages", "class", "confidence", "fields"]);
  });

  it("a field's own text wins over the project's", async () => {
    const { token, added } = await addProject(projectDocument({ project: "layout", fields: { date: "reading" } }));
    expect(added.status, added.text).toBe(200);
    expect((await processed(token, added.json.id)).doc.fields).toEqual({ number: "INV-4711", date: null, total: 1234.56 });
  });

  it("an unknown text is refused with 400 naming where it is", async () => {
    const refused: [ProjectDocument, string][] = [
      [projectDocument({ project: "columns" }), 'project.json: text: must be "layout" or "reading"'],
      [
        projectDocument({ fields: { total: "raw" } }),
        'project.json: documentClasses.0.fields.2.text: must be "layout" or "reading"',
      ],
    ];
    for (const [document, reason] of refused) {
      const { added } = await addProject(document);
      expect(added.status, reason).toBe(400);
      expect(added.json.errors[0].code).toBe("projects_error_invalidFile");
      expect(added.json.errors[0].message).toContain(reason);
    }
  });
});
