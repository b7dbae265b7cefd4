import os from "node:os";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Job, type JobFile, jobFiles, jobLogs, jobMetrics, jobs, LOG_LEVELS, type LogLevel, projects } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { toEnvelope } from "@/lib/errors/envelope";
import { readStoredFile, removeStored, writeStoredFiles } from "@/lib/files/store";
import { jobDir, workFileNames } from "@/lib/jobs/files";
import { type JobLogCode, type LogParams, logLineText } from "@/lib/jobs/log-lines";
import { enter, leaves } from "@/lib/jobs/transitions";
import { recordFeatureUsages } from "@/lib/licences/services/record-feature-usage";
import { log } from "@/lib/log";
import { DocumentProcessingError } from "@/lib/processing/extract-text";
import { processDocument } from "@/lib/processing/process-document";
import type { DocumentClass } from "@/lib/projects/schemas";
import { anyClaimHolds, type Claim } from "./claim";

/** This process, as recorded in workerProcessId: host and pid. */
export const WORKER_ID = `${os.hostname()}:${process.pid}`;

type LogLine = { level: LogLevel; code: JobLogCode; params: LogParams; message: string; time: Date };

function line(level: LogLevel, code: JobLogCode, params: LogParams): LogLine {
  return { level, code, params, message: logLineText(code, params), time: new Date() };
}

function logger(job: Job, lines: LogLine[]) {
  const threshold = LOG_LEVELS.indexOf(job.logLevel);
  return (level: LogLevel, code: JobLogCode, params: LogParams) => {
    // the job's log level decides what is kept (Off keeps nothing)
    if (job.logLevel !== "Off" && LOG_LEVELS.indexOf(level) <= threshold) lines.push(line(level, code, params));
  };
}

/** What the jobs of a batch need from the database: their order files and their projects' document classes. */
export type JobInputs = { orders: Map<number, JobFile[]>; classes: Map<string, DocumentClass[]> };

/**
 * Claimed jobs become Processing (one statement for the batch) and their order files and projects are read (one
 * statement each), so a batch of jobs costs three round trips before its documents are read.
 */
export async function startJobs(db: Database, claims: Claim[]): Promise<JobInputs> {
  if (!claims.length) return { orders: new Map(), classes: new Map() };
  const ids = claims.map((c) => c.job.id);
  const projectIds = [...new Set(claims.flatMap((c) => (c.job.projectId ? [c.job.projectId] : [])))];
  const [, files, rows] = await Promise.all([
    db
      .update(jobs)
      .set({ ...enter("start"), started: sql`now()` })
      .where(and(anyClaimHolds(claims), leaves("start"))),
    db
      .select()
      .from(jobFiles)
      .where(and(inArray(jobFiles.jobId, ids), eq(jobFiles.kind, "order")))
      .orderBy(jobFiles.id),
    projectIds.length
      ? db
          .select({ id: projects.id, documentClasses: projects.documentClasses })
          .from(projects)
          .where(inArray(projects.id, projectIds))
      : Promise.resolve([]),
  ]);
  const orders = new Map<number, JobFile[]>();
  for (const f of files) orders.set(f.jobId, [...(orders.get(f.jobId) ?? []), f]);
  return { orders, classes: new Map(rows.map((r) => [r.id, r.documentClasses])) };
}

type Output = { kind: "work" | "result"; name: string; contentType: string; size: number; isMultiPage: boolean; path: string };

/** A job worked on, not yet written: what finishJobs records when the claim still holds. */
export type Prepared = {
  claim: Claim;
  state: "Ready" | "Error";
  errorCode?: string;
  errorMessage?: string;
  errorParams?: LogParams;
  lines: LogLine[];
  outputs: Output[];
  /** order files found to have several pages */
  multiPage: number[];
  attemptDir: string;
  startedAt: number;
  metrics: {
    documents: number;
    pages: number;
    bytesIn: number;
    bytesOut: number;
    ocrDocuments: number;
    ocrPages: number;
    durationMs: number;
  };
};

/** The code and parameters of a job's error; `file` is the order file being read when it happened. */
function errorOf(error: unknown, file: string | undefined): { code: string; params: LogParams } {
  const where: LogParams = file ? { file } : {};
  if (error instanceof AppError) return { code: error.code, params: { ...error.entries[0]?.params, ...where } };
  if (error instanceof DocumentProcessingError) return { code: error.code, params: where };
  return { code: "ProcessingFailed", params: where };
}

function failed(p: Omit<Prepared, "state" | "outputs" | "multiPage" | "metrics">, error: unknown, file?: string): Prepared {
  const { code, params } = errorOf(error, file);
  // an AppError's English text is the one its REST answer would carry
  const entry = error instanceof AppError ? error.entries[0] : undefined;
  const message = entry
    ? (toEnvelope([entry]).errors[0]?.message ?? code)
    : error instanceof Error
      ? error.message
      : String(error);
  p.lines.push(line("Error", "JobFailed", { ...params, code, message }));
  log.warn({ jobId: p.claim.job.id, code, err: error }, "job failed");
  return {
    ...p,
    state: "Error",
    errorCode: code,
    errorMessage: message.slice(0, 2000),
    errorParams: params,
    outputs: [],
    multiPage: [],
    metrics: {
      documents: 0,
      pages: 0,
      bytesIn: 0,
      bytesOut: 0,
      ocrDocuments: 0,
      ocrPages: 0,
      durationMs: Date.now() - p.startedAt,
    },
  };
}

/**
 * DESIGN.md "Processing a job": every order file is typed from its bytes, read (PDF text, OCR, text),
 * classified into the project's document classes and its fields extracted; result.json is the result
 * file and each document's text a work file, written below the attempt's own folder. Nothing is
 * recorded in the database here: finishJobs does that for a batch.
 */
export async function prepareJob(claim: Claim, inputs: JobInputs): Promise<Prepared> {
  const { job } = claim;
  const startedAt = Date.now();
  const lines: LogLine[] = [];
  const write = logger(job, lines);
  const attemptDir = `${jobDir(job.systemId, job.id)}/attempt-${claim.attempt}`;
  const base = { claim, lines, attemptDir, startedAt };
  let reading: string | undefined;
  try {
    write("Info", "JobStarted", { worker: claim.workerId, attempt: claim.attempt });
    const documentClasses = job.projectId ? inputs.classes.get(job.projectId) : undefined;
    if (!documentClasses) throw new AppError("ProjectNotFound");
    const project = { documentClasses };
    const documents = [];
    let bytesIn = 0;
    for (const order of inputs.orders.get(job.id) ?? []) {
      reading = order.name;
      const bytes = await readStoredFile(order.path);
      bytesIn += bytes.byteLength;
      const doc = await processDocument({ fileName: order.name, bytes: new Uint8Array(bytes), project });
      write("Debug", "DocumentRead", {
        file: order.name,
        type: doc.type,
        pages: doc.pages,
        className: doc.className,
        confidence: doc.confidence,
      });
      documents.push({ order, doc });
    }
    reading = undefined;
    const pages = documents.reduce((n, d) => n + d.doc.pages, 0);
    const workFiles = workFileNames(documents.map(({ order }) => order.name));
    const result = {
      jobId: job.id,
      project: job.projectName,
      // file: the order file; workFile: the work file holding its text
      documents: documents.map(({ doc }, i) => ({
        file: doc.file,
        workFile: workFiles[i],
        type: doc.type,
        pages: doc.pages,
        class: doc.className,
        confidence: doc.confidence,
        fields: doc.fields,
      })),
    };
    const outputs = [
      {
        kind: "result" as const,
        name: "result.json",
        contentType: "application/json",
        bytes: Buffer.from(JSON.stringify(result, null, 2)),
        multi: false,
      },
      ...documents.map(({ doc }, i) => ({
        kind: "work" as const,
        name: workFiles[i] ?? `${doc.file}.txt`,
        contentType: "text/plain; charset=utf-8",
        bytes: Buffer.from(doc.text),
        multi: doc.pages > 1,
      })),
    ];
    // one folder per attempt, the kind in the name: one mkdir for all of them
    await writeStoredFiles(
      attemptDir,
      outputs.map((o) => ({ name: `${o.kind}-${o.name}`, bytes: o.bytes })),
    );
    write("Info", "JobReady", { documents: documents.length, pages });
    const ocr = documents.filter((d) => d.doc.method === "ocr");
    return {
      ...base,
      state: "Ready",
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
        ocrPages: ocr.reduce((n, d) => n + d.doc.pages, 0),
        durationMs: Date.now() - startedAt,
      },
    };
  } catch (error) {
    await removeStored(attemptDir);
    return failed(base, error, reading);
  }
}

/**
 * Records a batch of worked-on jobs: their pages counted against their systems' licences (a job the licence
 * cannot serve ends in Error with LicenceLimitReached), then in one transaction the end of every job whose claim
 * still holds, its work and result files (replacing an earlier run's), log lines and metrics. A job whose claim
 * was lost (another worker took it after its lease ran out) gets nothing recorded and its files removed, so every
 * job has exactly one result. Answers each job's outcome in the order given.
 */
export async function finishJobs(db: Database, batch: Prepared[]): Promise<("Ready" | "Error" | "lost")[]> {
  if (!batch.length) return [];
  const list = await countPages(db, batch);
  const ended = await db.transaction(async (tx) => {
    const ids = new Set<number>();
    const ready = list.filter((p) => p.state === "Ready");
    if (ready.length) {
      const rows = await tx
        .update(jobs)
        .set({
          ...enter("succeed"),
          errorCode: null,
          errorMessage: null,
          errorParams: null,
          finished: sql`now()`,
          leaseUntil: null,
        })
        .where(and(anyClaimHolds(ready.map((p) => p.claim)), leaves("succeed")))
        .returning({ id: jobs.id });
      for (const r of rows) ids.add(r.id);
    }
    for (const p of list.filter((x) => x.state === "Error")) {
      const rows = await tx
        .update(jobs)
        .set({
          ...enter("fail"),
          errorCode: p.errorCode ?? null,
          errorMessage: p.errorMessage ?? null,
          errorParams: p.errorParams ?? null,
          finished: sql`now()`,
          leaseUntil: null,
        })
        .where(and(anyClaimHolds([p.claim]), leaves("fail")))
        .returning({ id: jobs.id });
      for (const r of rows) ids.add(r.id);
    }
    const held = list.filter((p) => ids.has(p.claim.job.id));
    if (!held.length) return ids;
    const heldIds = held.map((p) => p.claim.job.id);
    // a restarted job replaces the work and result files of its earlier run
    await tx.delete(jobFiles).where(and(inArray(jobFiles.jobId, heldIds), ne(jobFiles.kind, "order")));
    const outputs = held.flatMap((p) => p.outputs.map((o) => ({ jobId: p.claim.job.id, ...o })));
    if (outputs.length) await tx.insert(jobFiles).values(outputs);
    const multiPage = held.flatMap((p) => p.multiPage);
    if (multiPage.length) await tx.update(jobFiles).set({ isMultiPage: true }).where(inArray(jobFiles.id, multiPage));
    const lines = held.flatMap((p) => p.lines.map((l) => ({ jobId: p.claim.job.id, ...l })));
    if (lines.length) await tx.insert(jobLogs).values(lines);
    await tx
      .insert(jobMetrics)
      .values(
        held.map((p) => ({
          jobId: p.claim.job.id,
          systemId: p.claim.job.systemId,
          projectId: p.claim.job.projectId,
          success: p.state === "Ready",
          ...p.metrics,
        })),
      )
      .onConflictDoUpdate({
        target: jobMetrics.jobId,
        set: Object.fromEntries([
          ["finished", sql`now()`],
          ...["success", "documents", "pages", "bytesIn", "bytesOut", "ocrDocuments", "ocrPages", "durationMs"].map((k) => [
            k,
            sql.raw(`excluded.${jobMetrics[k as "success"].name}`),
          ]),
        ]),
      });
    return ids;
  });
  const outcomes = list.map((p) => (ended.has(p.claim.job.id) ? p.state : "lost"));
  await Promise.all(list.map((p, i) => (outcomes[i] === "lost" ? removeStored(p.attemptDir) : undefined)));
  return outcomes;
}

/** Pages of the batch's Ready jobs against their systems' licences (one transaction per system). */
async function countPages(db: Database, batch: Prepared[]): Promise<Prepared[]> {
  const list = [...batch];
  const bySystem = new Map<string, number[]>();
  list.forEach((p, i) => {
    if (p.state === "Ready") bySystem.set(p.claim.job.systemId, [...(bySystem.get(p.claim.job.systemId) ?? []), i]);
  });
  for (const [systemId, indexes] of bySystem) {
    const results = await recordFeatureUsages(db, {
      systemId,
      featureId: "Pages",
      amounts: indexes.map((i) => list[i]?.metrics.pages ?? 0),
    });
    for (const [k, i] of indexes.entries()) {
      const p = list[i];
      if (!p || !results[k] || !("refused" in results[k])) continue;
      await removeStored(p.attemptDir);
      list[i] = failed(p, new AppError("LicenceLimitReached", { feature: "Pages" }));
    }
  }
  return list;
}
