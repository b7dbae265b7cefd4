import { afterAll, describe, expect, it } from "vitest";
import { POST as uploadVersion } from "@/app/api/v3/projects/[projectId]/upload/route";
import { POST as addProjectRoute } from "@/app/api/v3/projects/route";
import type { ProjectDocument } from "@/lib/projects/schemas";
import { stopWorkers } from "@/workers/runtime";
import { call } from "../helpers/http";
import { addedProject, processedDocument, projectForm, projectTenant } from "../helpers/processed";

afterAll(async () => {
  await stopWorkers();
});

/** issue 24 §2: one class whose fields read the same lines in different ways */
function projectDocument(options: { locale?: string; fields?: Record<string, Record<string, unknown>> } = {}): ProjectDocument {
  const fields = [
    { name: "invoiceDate", pattern: "Datum:\\s*(\\S+)", type: "date" },
    { name: "delivered", pattern: "Lieferung:\\s*(.+)", type: "date" },
    { name: "due", pattern: "Fällig:\\s*(\\S+)", type: "date" },
    { name: "usDate", pattern: "Datum:\\s*(\\S+)", type: "date" },
    { name: "total", pattern: "Summe:\\s*(.+)", type: "amount" },
    { name: "fuel", pattern: "Diesel:\\s*(\\S+)", type: "amount" },
    { name: "discount", pattern: "Skonto:\\s*(.+)", type: "amount" },
    { name: "customer", pattern: "Kunde:\\s*(.+)", type: "string" },
  ].map((field) => ({ ...field, ...options.fields?.[field.name] }));
  return {
    name: "Rechnungen",
    version: "1",
    type: "Extraction",
    documentClasses: [{ name: "Rechnung", keywords: ["Rechnung"], patterns: [], fields }],
    properties: [],
    ...(options.locale ? { locale: options.locale } : {}),
  } as ProjectDocument;
}

const OPTED_IN = projectDocument({
  locale: "de-DE",
  fields: {
    usDate: { locale: "en-US" },
    delivered: { dateFormats: ["d. MMMM yyyy"] },
    fuel: { decimalSeparator: "," },
  },
});

const TEXT = [
  "Rechnung",
  "Datum: 05/03/2025",
  "Lieferung: 3. März 2025",
  "Fällig: 31.02.2025",
  "Summe: 1.234,56 €",
  "Diesel: 1,789",
  "Skonto: zwölf Euro",
  "Kunde: ACME GmbH",
].join("\n");

/** A text job posted to the project and processed; the document of its result.json. */
const processed = (token: string, projectId: string, text: string) =>
  processedDocument({
    token,
    projectId,
    file: new File([text], "rechnung.txt", { type: "text/plain" }),
    worker: "formats-worker",
  });

describe("dates and amounts as customers write them (issue 24 §2), through the API", () => {
  it("a project with locale, dateFormats and decimalSeparator reads them and flags what it cannot read", async () => {
    const { token, added } = await addedProject(OPTED_IN, "Rechnungen DE");
    expect(added.status, added.text).toBe(200);

    const doc = await processed(token, added.json.id, TEXT);
    expect(doc.class).toBe("Rechnung");
    expect(doc.fields).toEqual({
      invoiceDate: "2025-03-05", // de-DE: day first
      delivered: "2025-03-03", // dateFormats "d. MMMM yyyy" in the project's de-DE
      due: null,
      usDate: "2025-05-03", // the field's en-US: month first
      total: 1234.56,
      fuel: 1.789, // decimalSeparator ","
      discount: null,
      customer: "ACME GmbH",
    });
    expect(doc.unnormalised).toEqual([
      { field: "due", type: "date", raw: "31.02.2025" },
      { field: "discount", type: "amount", raw: "zwölf Euro" },
    ]);
    expect(doc.lookupMisses).toBeUndefined();
  });

  it("a project without the options reads as before: US slashes, the guessed separator, no unnormalised", async () => {
    const { token, added } = await addedProject(projectDocument(), "Rechnungen alt");
    expect(added.status, added.text).toBe(200);
    const doc = await processed(token, added.json.id, TEXT);
    expect(doc.fields).toEqual({
      invoiceDate: "2025-05-03",
      delivered: "2025-03-03",
      due: null,
      usDate: "2025-05-03",
      total: 1234.56,
      fuel: 1789,
      discount: null,
      customer: "ACME GmbH",
    });
    expect(Object.keys(doc)).toEqual(["file", "workFile", "type", "pages", "class", "confidence", "fields"]);

    // a new version that opts in reads the same text the new way
    const version = await call(uploadVersion, `/api/v3/projects/${added.json.id}/upload`, {
      method: "POST",
      token,
      form: projectForm(projectDocument({ locale: "fr" }), { version: 1 }),
    });
    expect(version.status, version.text).toBe(200);
    const again = await processed(token, added.json.id, TEXT);
    expect(again.fields).toMatchObject({ invoiceDate: "2025-03-05", fuel: 1.789 });
    expect(again.unnormalised).toEqual([
      { field: "due", type: "date", raw: "31.02.2025" },
      { field: "discount", type: "amount", raw: "zwölf Euro" },
    ]);
  });

  it("a bad option is refused with 400 naming where it is", async () => {
    const { system, token } = await projectTenant();
    const refused: [ProjectDocument, string][] = [
      [projectDocument({ locale: "xx-YY" }), 'project.json: locale: unknown locale "xx-YY"'],
      [
        projectDocument({ fields: { fuel: { locale: "tlh" } } }),
        'project.json: documentClasses.0.fields.5.locale: unknown locale "tlh"',
      ],
      [
        projectDocument({ fields: { due: { dateFormats: ["dd.MM"] } } }),
        "project.json: documentClasses.0.fields.2.dateFormats.0: is not a date format",
      ],
      [
        projectDocument({ fields: { total: { decimalSeparator: "'" } } }),
        'project.json: documentClasses.0.fields.4.decimalSeparator: must be "." or ","',
      ],
    ];
    for (const [document, reason] of refused) {
      const res = await call(addProjectRoute, "/api/v3/projects", {
        method: "POST",
        token,
        form: projectForm(document, { name: "Falsch", systemId: system.id }),
      });
      expect(res.status, reason).toBe(400);
      expect(res.json.errors[0].code).toBe("projects_error_invalidFile");
      expect(res.json.errors[0].message).toContain(reason);
    }
  });
});
