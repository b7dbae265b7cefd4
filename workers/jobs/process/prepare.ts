import { AppError } from "@/lib/errors/app-error";
import { removeStored, writeStoredFiles } from "@/lib/files/store";
import { jobDir, layoutWorkFileNames, workFileNames } from "@/lib/jobs/files";
import { einvoiceCounts } from "@/lib/processing/einvoice";
import type { Claim } from "../claim";
import { type LogLine, logger } from "./job-log";
import { failed, type Prepared } from "./prepared";
import { readDocuments } from "./read";
import type { JobInputs } from "./start";

/**
 * DESIGN.md "Processing a job": every order file is typed from its bytes, read (PDF text, OCR, text),
 * classified into the project's document classes and its fields extracted; result.json is the result
 * file and each document's two texts work files (the reading-order text, workFile in result.json, and the layout text
 * beside it: invoice.pdf.txt, invoice.pdf.layout.txt), written below the attempt's own folder. Nothing is
 * recorded in the database here: finishJobs does that for a batch. A learn project's documents are read the same
 * way but not classified (DESIGN.md "Learn"): result.json says `learn: true` and, per document, class and
 * confidence null and no fields; their texts go with the job to finishJobs, which keeps them for learning.
 */
export async function prepareJob(claim: Claim, inputs: JobInputs): Promise<Prepared> {
  const { job } = claim;
  const startedAt = Date.now();
  const lines: LogLine[] = [];
  const write = logger(job, lines);
  const attemptDir = `${jobDir(job.systemId, job.id)}/attempt-${claim.attempt}`;
  const learn = job.projectId ? inputs.learn.get(job.projectId) : undefined;
  const base = { claim, lines, attemptDir, startedAt };
  let reading: string | undefined;
  try {
    write("Info", "JobStarted", { worker: claim.workerId, attempt: claim.attempt });
    const documentClasses = job.projectId ? inputs.classes.get(job.projectId) : undefined;
    if (!documentClasses) throw new AppError("ProjectNotFound");
    if (learn?.deleted) throw new AppError("LearnProjectDeleted", { name: learn.name });
    const project = { documentClasses, learned: job.projectId ? inputs.learned?.get(job.projectId) : undefined };
    const read = await readDocuments(job, inputs, project);
    if ("failed" in read) {
      reading = read.failed.name;
      throw read.error;
    }
    const documents = read.results;
    const bytesIn = documents.reduce((n, d) => n + d.size, 0);
    // the log says the documents in their order, whichever was read first
    for (const { order, doc } of documents) {
      for (const warning of doc.warnings)
        write("Warn", warning.repaired ? "PageRepaired" : "PageUnreadable", {
          file: order.name,
          page: warning.page,
          reason: warning.reason,
        });
      if (doc.ocrPages) write("Debug", "PagesRecognised", { file: order.name, pages: doc.ocrPages, turned: doc.turnedPages });
      // e-invoices (issue 25): what was read, each check that failed, an embedded one that could not be read
      if (doc.einvoice)
        write("Info", "EInvoiceRead", {
          file: order.name,
          syntax: doc.einvoice.syntax,
          profile: doc.einvoice.profile ?? "?",
          terms: Object.keys(doc.einvoice.fields).length,
          lines: doc.einvoice.lines.length,
        });
      // the check's key and parameters beside its English text, so that the job log says it in the viewer's language
      for (const warning of doc.einvoice?.warnings ?? [])
        write("Warn", "EInvoiceCheck", {
          ...warning.params,
          file: order.name,
          rule: warning.rule,
          message: warning.message,
          key: warning.key,
        });
      for (const embedded of doc.einvoiceUnreadable ?? [])
        write("Warn", "EInvoiceUnreadable", { file: order.name, embedded: embedded.file, reason: embedded.reason });
      if (learn) write("Debug", "DocumentKept", { file: order.name, type: doc.type, pages: doc.pages });
      else
        write("Debug", "DocumentRead", {
          file: order.name,
          type: doc.type,
          pages: doc.pages,
          className: doc.className,
          confidence: doc.confidence,
        });
    }
    reading = undefined;
    const pages = documents.reduce((n, d) => n + d.doc.pages, 0);
    const workFiles = workFileNames(documents.map(({ order }) => order.name));
    const layoutFiles = layoutWorkFileNames(documents.map(({ order }) => order.name));
    const result = {
      jobId: job.id,
      project: job.projectName,
      // the documents were kept for learning, not classified
      ...(learn ? { learn: true } : {}),
      // file: the order file; workFile: the work file holding its text
      documents: documents.map(({ doc }, i) => ({
        file: doc.file,
        workFile: workFiles[i],
        type: doc.type,
        pages: doc.pages,
        class: learn ? null : doc.className,
        confidence: learn ? null : doc.confidence,
        fields: doc.fields,
        // the winning class's line items (issue 24 §3), only when it defines them
        ...(doc.lines ? { lines: doc.lines } : {}),
        // fields emptied because their lookup resource does not list the value (DESIGN.md "Resources")
        ...(doc.lookupMisses.length ? { lookupMisses: doc.lookupMisses } : {}),
        // dates and amounts that could not be read, kept raw: only of fields that name how theirs are written
        // (docs/decisions.md "Dates and amounts"), so an older project's result.json stays as it was
        ...(doc.unnormalised ? { unnormalised: doc.unnormalised } : {}),
        // the e-invoice the document carries, by EN 16931 business term (issue 25), only when it carries one
        ...(doc.einvoice ? { einvoice: doc.einvoice } : {}),
      })),
    };
    const outputs = [
      {
        kind: "result" as const,
        name: "result.json",
        contentType: "application/json",
        bytes: Buffer.from(inputs.jsonFormat === "Compact" ? JSON.stringify(result) : JSON.stringify(result, null, 2)),
        multi: false,
      },
      ...documents.map(({ doc }, i) => ({
        kind: "work" as const,
        name: workFiles[i] ?? `${doc.file}.txt`,
        contentType: "text/plain; charset=utf-8",
        bytes: Buffer.from(doc.text),
        multi: doc.pages > 1,
      })),
      // issue 24 §1: the layout text, which fields with `text: "layout"` read; result.json names only the text above,
      // so that it stays as it was for projects that do not opt in
      ...documents.map(({ doc }, i) => ({
        kind: "work" as const,
        name: layoutFiles[i] ?? `${doc.file}.layout.txt`,
        contentType: "text/plain; charset=utf-8",
        bytes: Buffer.from(doc.layoutText),
        multi: doc.pages > 1,
      })),
    ];
    // one folder per attempt, the kind in the name: one mkdir for all of them
    await writeStoredFiles(
      attemptDir,
      outputs.map((o) => ({ name: `${o.kind}-${o.name}`, bytes: o.bytes })),
    );
    write("Info", "JobReady", { documents: documents.length, pages });
    const ocr = documents.filter((d) => d.doc.ocrPages > 0);
    return {
      ...base,
      state: "Ready",
      ...(learn ? { kept: documents.map(({ doc }) => ({ file: doc.file, text: doc.text, pages: doc.pages })) } : {}),
      outputs: outputs.map((o) => ({
        kind: o.kind,
        name: o.name,
        contentType: o.contentType,
        size: o.bytes.byteLength,
        isMultiPage: o.multi,
        path: `${attemptDir}/${o.kind}-${o.name}`,
      })),
      multiPage: documents.filter(({ order, doc }) => doc.pages > 1 && !order.isMultiPage).map(({ order }) => order.id),
      metrics: {
        documents: documents.length,
        pages,
        bytesIn,
        bytesOut: outputs.reduce((n, o) => n + o.bytes.byteLength, 0),
        ocrDocuments: ocr.length,
        ocrPages: ocr.reduce((n, d) => n + d.doc.ocrPages, 0),
        ...einvoiceCounts(documents.flatMap(({ doc }) => (doc.einvoice ? [doc.einvoice] : []))),
        durationMs: Date.now() - startedAt,
      },
    };
  } catch (error) {
    await removeStored(attemptDir);
    return failed(base, error, reading);
  }
}
