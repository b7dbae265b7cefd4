import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as getFile } from "@/app/api/jobs/[jobId]/files/[kind]/[fileName]/route";
import { GET as getJob } from "@/app/api/jobs/[jobId]/route";
import { POST as postJob } from "@/app/api/jobs/route";
import { jobLogs, jobMetrics } from "@/db/schema";
import { getDb } from "@/lib/db";
import { terminateOcr, terminatePdfReaders } from "@/lib/processing/extract-text";
import { claimJob } from "@/workers/jobs/claim";
import { JobPipeline } from "@/workers/jobs/pipeline";
import { finishJobs } from "@/workers/jobs/process/finish";
import { prepareJob } from "@/workers/jobs/process/prepare";
import { startJobs } from "@/workers/jobs/process/start";
import { stopWorkers } from "@/workers/runtime";
import { badXrefEntryPdf, DAMAGED_PDF_TEXT } from "../fixtures/damaged-pdfs";
import { textPng } from "../fixtures/ocr-images";
import { damageStream, pdfOf, turnedPng } from "../fixtures/scans";
import { tokenOf } from "../helpers/api";
import { makeProject, makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

// Documents as customers send them, posted as jobs through the API and read back from it (issue 14 §1): a scanned
// PDF with a page lying on its side, a photographed page upside down, a damaged PDF, a password-protected PDF.

const OCR = { timeout: 180_000 };

afterAll(async () => {
  await stopWorkers();
  await terminateOcr();
  terminatePdfReaders();
});

async function setup() {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles: ["JobCreator", "JobManager"] });
  const { project } = await makeProject({
    systemId: system.id,
    properties: [{ name: "OcrLanguages", value: "eng+deu", description: "OCR languages, the first primary" }],
  });
  return { project, token: await tokenOf(system.name, user.name) };
}

async function post(token: string, projectId: string, files: { name: string; bytes: Uint8Array; type: string }[]) {
  const form = new FormData();
  for (const f of files) form.append("file", new File([Buffer.from(f.bytes)], f.name, { type: f.type }));
  form.append("meta", JSON.stringify({ projectId }));
  const res = await call(postJob, "/api/jobs", { method: "POST", token, form });
  expect(res.status, res.text).toBe(200);
  return res.json as { id: number; auth: string };
}

async function drain() {
  const db = await getDb();
  const pipeline = new JobPipeline("documents-worker");
  while (await pipeline.runNext(db)) {
    // each round works on the claimed jobs or claims the next
  }
  await pipeline.idle();
}

type ResultDoc = { file: string; workFile: string; pages: number; class: string; fields: Record<string, unknown> };

describe("documents as they come", () => {
  it("a document past the worker's time limit ends its job in Error DocumentTimeout; OCR goes on for the next", OCR, async () => {
    const { project, token } = await setup();
    const pages = await Promise.all(
      Array.from({ length: 4 }, (_, i) => textPng([`Page ${i + 1} of a long scan`, "Invoice No. SLOW-1", "Total: EUR 1.00"])),
    );
    const slow = await pdfOf(pages.map((scan) => ({ scan })));
    const created = await post(token, project.id, [{ name: "slow.pdf", bytes: slow, type: "application/pdf" }]);
    const db = await getDb();
    const claim = await claimJob(db, { workerId: "timeout-worker", jobId: created.id });
    if (!claim) throw new Error("no claim");
    const inputs = await startJobs(db, [claim]);
    // a limit far below what four pages of OCR take (the configuration allows 10 s and more; the wiring is the same)
    inputs.documentTimeoutSeconds = 0.3;
    const prepared = await prepareJob(claim, inputs);
    expect(prepared).toMatchObject({
      state: "Error",
      errorCode: "DocumentTimeout",
      errorParams: { file: "slow.pdf", seconds: 0.3 },
    });
    expect(await finishJobs(db, [prepared])).toEqual(["Error"]);
    const job = await call(getJob, `/api/jobs/${created.id}?auth=${created.auth}`);
    expect(job.json.state).toBe("Error");
    // the OCR thread that was stopped is replaced: the next document is read
    const next = await post(token, project.id, [
      { name: "next.png", bytes: textPng(["Invoice No. AFTER-2"]), type: "image/png" },
    ]);
    await drain();
    expect((await call(getJob, `/api/jobs/${next.id}?auth=${next.auth}`)).json.state).toBe("Ready");
  });

  it(
    "a scanned PDF, a page on its side and a photo upside down end Ready with their text; a damaged page is a warning",
    OCR,
    async () => {
      const { project, token } = await setup();
      const invoice = textPng(["INVOICE No. SCAN-2025-7", "Amount due", "Total: EUR 512.00"]);
      const scanned = await pdfOf([{ scan: invoice }, { scan: await turnedPng(textPng(["Page two: delivery note 88"]), 90) }]);
      const photo = await turnedPng(textPng(["Dear Mr Brown,", "Subject: Your claim 5521", "Yours sincerely"]), 180);
      const damaged = damageStream(
        await pdfOf([{ text: "Invoice No. DMG-1" }, { text: "lost page" }, { text: "Total: EUR 9.90" }]),
        1,
      );
      const created = await post(token, project.id, [
        { name: "scan.pdf", bytes: scanned, type: "application/pdf" },
        { name: "photo.png", bytes: photo, type: "image/png" },
        { name: "damaged.pdf", bytes: damaged, type: "application/pdf" },
        // a PDF with a wrong cross-reference entry (tests/fixtures/damaged-pdfs.ts): read with the table rebuilt
        { name: "xref.pdf", bytes: badXrefEntryPdf(), type: "application/pdf" },
      ]);
      await drain();

      const job = await call(getJob, `/api/jobs/${created.id}?auth=${created.auth}`);
      expect(job.json.state, JSON.stringify(job.json)).toBe("Ready");
      const result = await call(getFile, `/api/jobs/${created.id}/files/result/result.json?auth=${created.auth}`);
      const docs = result.json.documents as ResultDoc[];
      const doc = (file: string) => docs.find((d) => d.file === file) as ResultDoc;
      expect(doc("scan.pdf")).toMatchObject({ pages: 2, class: "Invoice", fields: { invoiceNumber: "SCAN-2025-7", total: 512 } });
      expect(doc("photo.png")).toMatchObject({ pages: 1, class: "Letter", fields: { subject: "Your claim 5521" } });
      expect(doc("damaged.pdf")).toMatchObject({ pages: 3, class: "Invoice", fields: { invoiceNumber: "DMG-1", total: 9.9 } });
      const text = async (file: string) =>
        (await call(getFile, `/api/jobs/${created.id}/files/work/${encodeURIComponent(doc(file).workFile)}?auth=${created.auth}`))
          .text;
      expect((await text("scan.pdf")).split("\f")[1]).toContain("Page two: delivery note 88");

      const db = await getDb();
      const [metrics] = await db.select().from(jobMetrics).where(eq(jobMetrics.jobId, created.id));
      // OCR: the scan's two pages and the photo
      expect(metrics).toMatchObject({ documents: 4, pages: 7, ocrDocuments: 2, ocrPages: 3, success: true });
      const lines = await db.select().from(jobLogs).where(eq(jobLogs.jobId, created.id));
      expect(lines.filter((l) => l.code === "PageRepaired")).toEqual([
        expect.objectContaining({ level: "Warn", params: { file: "xref.pdf", page: 1, reason: expect.stringMatching(/XRef/) } }),
      ]);
      expect((await text("xref.pdf")).trim()).toBe(DAMAGED_PDF_TEXT);
      expect(lines.filter((l) => l.code === "PageUnreadable")).toEqual([
        expect.objectContaining({
          level: "Warn",
          params: { file: "damaged.pdf", page: 2, reason: expect.stringMatching(/flate stream/i) },
        }),
      ]);
    },
  );

  it(
    "a decompression bomb past the worker's memory limit ends its job in Error DocumentTooLarge; the next is read",
    OCR,
    async () => {
      const { project, token } = await setup();
      const { readFileSync } = await import("node:fs");
      const bomb = new Uint8Array(readFileSync("tests/fixtures/pdf/flate-bomb.pdf"));
      const created = await post(token, project.id, [{ name: "bomb.pdf", bytes: bomb, type: "application/pdf" }]);
      const db = await getDb();
      const claim = await claimJob(db, { workerId: "memory-worker", jobId: created.id });
      if (!claim) throw new Error("no claim");
      const inputs = await startJobs(db, [claim]);
      expect(inputs.documentMemoryMegabytes).toBe(2048);
      // below the default, so that the bomb is stopped within a second (the wiring is the same); pdf.js reads it, as
      // pdftotext (the native engine) would first decode it for half a minute, within the time limit only
      inputs.documentMemoryMegabytes = 128;
      const engine = process.env.PDF_ENGINE;
      process.env.PDF_ENGINE = "pdfjs";
      const prepared = await prepareJob(claim, inputs).finally(() => {
        if (engine === undefined) delete process.env.PDF_ENGINE;
        else process.env.PDF_ENGINE = engine;
      });
      expect(prepared).toMatchObject({
        state: "Error",
        errorCode: "DocumentTooLarge",
        errorParams: { file: "bomb.pdf", megabytes: 128 },
      });
      expect(await finishJobs(db, [prepared])).toEqual(["Error"]);
      const next = await post(token, project.id, [
        { name: "next.pdf", bytes: await pdfOf([{ text: "Invoice No. AFTER-3" }]), type: "application/pdf" },
      ]);
      await drain();
      expect((await call(getJob, `/api/jobs/${next.id}?auth=${next.auth}`)).json.state).toBe("Ready");
    },
  );

  it("a PDF that needs a password ends the job in Error PasswordProtected", OCR, async () => {
    const { project, token } = await setup();
    const { readFileSync } = await import("node:fs");
    const locked = new Uint8Array(readFileSync("tests/fixtures/pdf/encrypted-with-password.pdf"));
    const created = await post(token, project.id, [{ name: "locked.pdf", bytes: locked, type: "application/pdf" }]);
    await drain();
    const job = await call(getJob, `/api/jobs/${created.id}?auth=${created.auth}`);
    expect(job.json).toMatchObject({ state: "Error" });
    expect(JSON.stringify(job.json)).toContain("PasswordProtected");
  });

  it("an image of too many pixels ends its job in Error ImageTooLarge, and the worker goes on", OCR, async () => {
    const { project, token } = await setup();
    const bomb = new Uint8Array(textPng(["x"]));
    new DataView(bomb.buffer).setUint32(16, 12_000);
    new DataView(bomb.buffer).setUint32(20, 9_000);
    const large = await post(token, project.id, [{ name: "huge.png", bytes: bomb, type: "image/png" }]);
    const next = await post(token, project.id, [{ name: "ok.png", bytes: textPng(["Invoice No. AFTER-1"]), type: "image/png" }]);
    await drain();
    const failed = await call(getJob, `/api/jobs/${large.id}?auth=${large.auth}`);
    expect(failed.json.state).toBe("Error");
    expect(JSON.stringify(failed.json)).toContain("ImageTooLarge");
    expect((await call(getJob, `/api/jobs/${next.id}?auth=${next.auth}`)).json.state).toBe("Ready");
  });
});
