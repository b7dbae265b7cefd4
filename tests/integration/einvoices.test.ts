import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as postJob } from "@/app/api/jobs/route";
import { GET as statisticsRoute } from "@/app/api/v3/statistics/summary/[systemId]/route";
import { jobLogs, jobMetrics, jobs, projects } from "@/db/schema";
import { getDb } from "@/lib/db";
import { terminatePdfReaders } from "@/lib/processing/extract-text";
import { JobPipeline } from "@/workers/jobs/pipeline";
import { stopWorkers } from "@/workers/runtime";
import { ciiXml, SAMPLE_INVOICE, ublXml, zugferdPdf } from "../fixtures/einvoices";
import { tokenOf } from "../helpers/api";
import { makeUser } from "../helpers/factories";
import { call } from "../helpers/http";
import { addedProject, processedJob } from "../helpers/processed";

afterAll(async () => {
  await stopWorkers();
  terminatePdfReaders();
});

// issue 25 "How it is checked": e-invoices posted as a client posts them (a ZUGFeRD PDF, an XRechnung XML), result.json
// read; hostile XML ends in a clear error; a project's fields take their values from business terms.
const PROJECT = {
  name: "E-invoices",
  version: "1",
  documentClasses: [
    {
      name: "E-invoice",
      keywords: [],
      patterns: [],
      einvoice: true,
      fields: [
        { name: "number", source: "BT-1" },
        { name: "total", source: "BT-112" },
        { name: "due", source: "BT-9" },
        { name: "seller", source: "BT-27", pattern: "^(.+GmbH)", type: "string" },
      ],
    },
    {
      name: "Invoice",
      keywords: ["Rechnung"],
      patterns: [],
      fields: [{ name: "total", source: "BT-112", pattern: "(\\d+,\\d\\d) EUR", type: "amount", locale: "de" }],
    },
  ],
  properties: [],
};

const file = (bytes: Uint8Array | string, name: string, type: string) =>
  new File([typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)], name, { type });

describe("e-invoices through the API (issue 25)", () => {
  it("a ZUGFeRD PDF and an XRechnung XML: result.json's einvoice by business term, the fields from their terms", async () => {
    const { token, added, system } = await addedProject(PROJECT);
    expect(added.status, added.text).toBe(200);
    const pdf = await processedJob({
      token,
      projectId: added.json.id,
      file: file(await zugferdPdf(), "rechnung.pdf", "application/pdf"),
      worker: "einvoice-pdf",
    });
    const doc = pdf.result.documents[0];
    expect(doc.class).toBe("E-invoice");
    expect(doc.fields).toEqual({ number: "RE-2025-0815", total: 243.71, due: "2025-04-13", seller: "Acme Bürobedarf GmbH" });
    expect(doc.einvoice).toMatchObject({
      syntax: "CII",
      profile: "EN16931",
      file: "factur-x.xml",
      fields: { "BT-1": "RE-2025-0815", "BT-2": "2025-03-14", "BT-112": 243.71, "BT-84": "DE02120300000000202051" },
      vatBreakdown: [{ "BT-116": 204.8, "BT-117": 38.91, "BT-118": "S", "BT-119": 19 }],
      warnings: [],
    });
    expect(doc.einvoice.lines).toHaveLength(2);

    const xml = await processedJob({
      token,
      projectId: added.json.id,
      file: file(ublXml(SAMPLE_INVOICE, "CreditNote"), "gutschrift.xml", "application/xml"),
      worker: "einvoice-xml",
    });
    const credit = xml.result.documents[0];
    expect(credit).toMatchObject({ class: "E-invoice", type: "text", einvoice: { syntax: "UBL", profile: "XRECHNUNG" } });
    expect(credit.einvoice.fields["BT-3"]).toBe("381");
    expect(credit.fields.total).toBe(243.71);

    // the statistics of the system count them: by syntax and profile, none with warnings
    const reader = await makeUser({ systemId: system.id, roles: ["ReportManager"] });
    const stats = await call(statisticsRoute, `/api/v3/statistics/summary/${system.id}`, {
      token: await tokenOf(system.name, reader.name),
    });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.json.total).toMatchObject({
      documents: 2,
      einvoices: 2,
      einvoicesCii: 1,
      einvoicesUbl: 1,
      einvoicesWarned: 0,
      einvoicesEn16931: 1,
      einvoicesXrechnung: 1,
      einvoicesBasic: 0,
    });
  });

  it("writes each failed check to the job log with its rule", async () => {
    const { token, added } = await addedProject(PROJECT);
    const broken = ciiXml({ ...SAMPLE_INVOICE, totals: { grand: 250 } });
    const job = await processedJob({
      token,
      projectId: added.json.id,
      file: file(await zugferdPdf(SAMPLE_INVOICE, { xml: broken }), "rechnung.pdf", "application/pdf"),
      worker: "einvoice-checks",
    });
    const rules = job.result.documents[0].einvoice.warnings.map((w: { rule: string }) => w.rule);
    expect(rules).toEqual(expect.arrayContaining(["BR-CO-15", "BR-CO-16", "EINV-PDF-BT-112"]));
    const db = await getDb();
    const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.projectId, added.json.id));
    const log = await db
      .select()
      .from(jobLogs)
      .where(eq(jobLogs.jobId, row?.id ?? 0));
    expect(log.map((l) => l.code)).toEqual(expect.arrayContaining(["EInvoiceRead", "EInvoiceCheck"]));
    expect(log.find((l) => l.code === "EInvoiceCheck" && (l.params as { rule?: string }).rule === "BR-CO-15")).toBeTruthy();
    const [metrics] = await db
      .select()
      .from(jobMetrics)
      .where(eq(jobMetrics.jobId, row?.id ?? 0));
    expect(metrics).toMatchObject({ einvoices: 1, einvoicesCii: 1, einvoicesWarned: 1, einvoicesEn16931: 1 });
  });

  it("hostile XML (entities) ends its job in Error InvalidEInvoice; nothing is read from the disk", async () => {
    const { token, added } = await addedProject(PROJECT);
    const hostile = ciiXml()
      .replace(/^<\?xml[^>]*>/, '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>')
      .replace("RE-2025-0815", "&secret;");
    const form = new FormData();
    form.append("file", file(hostile, "invoice.xml", "application/xml"));
    form.append("meta", JSON.stringify({ projectId: added.json.id }));
    const posted = await call(postJob, "/api/jobs", { method: "POST", token, form });
    expect(posted.status, posted.text).toBe(200);
    const db = await getDb();
    const pipeline = new JobPipeline("einvoice-hostile");
    await pipeline.deliver(db, posted.json.id);
    await pipeline.idle();
    const [job] = await db.select().from(jobs).where(eq(jobs.id, posted.json.id));
    expect(job).toMatchObject({ state: "Error", errorCode: "InvalidEInvoice" });
    expect(JSON.stringify(job?.errorParams)).toContain("DOCTYPE");
    expect(JSON.stringify(job)).not.toContain("root:");
  });

  it("a field with an unknown business term, or with none and no type, is refused with 400 naming its path", async () => {
    const cases: [unknown, string][] = [
      [{ name: "x", source: "BT-999" }, "documentClasses.0.fields.0.source: must be a business term of the invoice"],
      [{ name: "x", source: "BT-131" }, "documentClasses.0.fields.0.source: must be a business term of the invoice"],
      [{ name: "x", pattern: "(x)" }, "documentClasses.0.fields.0.type: is required"],
      [{ name: "x", source: "BT-1", value: "4711", type: "string" }, "documentClasses.0.fields.0.source: a field has a source"],
    ];
    for (const [field, reason] of cases) {
      const document = { ...PROJECT, documentClasses: [{ ...PROJECT.documentClasses[0], fields: [field] }] };
      const { added, system } = await addedProject(document);
      expect(added.status, reason).toBe(400);
      expect(added.json.errors[0].message).toContain(`project.json: ${reason}`);
      const db = await getDb();
      expect(await db.select({ id: projects.id }).from(projects).where(eq(projects.systemId, system.id))).toEqual([]);
    }
  });
});
