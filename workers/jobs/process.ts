import os from "node:os";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import {
  type Job,
  type JobFile,
  jobFiles,
  jobLogs,
  jobMetrics,
  jobs,
  LOG_LEVELS,
  type LogLevel,
  learnDocuments,
  type NewLearnDocument,
  projects,
} from "@/db/schema";
import { WORKER_CONFIG_DEFAULTS } from "@/lib/config/schemas";
import { workerSettings } from "@/lib/config/worker-settings";
import { AppError } from "@/lib/errors/app-error";
import { toEnvelope } from "@/lib/errors/envelope";
import { listStored, readStoredFile, removeStored, writeStoredFiles } from "@/lib/files/store";
import { jobDir, workFileNames } from "@/lib/jobs/files";
import { type JobLogCode, type LogParams, logLineText } from "@/lib/jobs/log-lines";
import { enter, leaves } from "@/lib/jobs/transitions";
import { learnedClassifiers } from "@/lib/learn/classifier";
import { learnDocumentText } from "@/lib/learn/rules";
import { recordFeatureUsages } from "@/lib/licences/services/record-feature-usage";
import { log } from "@/lib/log";
import type { LearnedMatcher } from "@/lib/processing/classify";
import { DocumentProcessingError } from "@/lib/processing/extract-text";
import type { LookupSets } from "@/lib/processing/fields";
import { projectOcrLanguages } from "@/lib/processing/ocr";
import { processDocument } from "@/lib/processing/process-document";
import { isLearnType } from "@/lib/projects/rules";
import type { DocumentClass } from "@/lib/projects/schemas";
import { lookupNames, lookupSets } from "@/lib/resources/lookups";
import { anyClaimHolds, type Claim } from "./claim";
import { inParallel } from "./in-parallel";

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

/**
 * What the jobs of a batch need from the database: their order files, their projects' document classes and the
 * lookup resources their fields name (by "systemId:projectId"; only projects with lookup fields), which of their
 * projects are learn projects (DESIGN.md "Learn": their documents are kept for learning, not classified), and the
 * learned classifiers of linked extraction projects (by project id; lib/learn/classifier.ts).
 */
export type JobInputs = {
  orders: Map<number, JobFile[]>;
  classes: Map<string, DocumentClass[]>;
  learned?: Map<string, LearnedMatcher>;
  lookups: Map<string, LookupSets>;
  learn: Map<string, LearnTarget>;
  /** the OCR languages of projects that name theirs (project property `OcrLanguages`), by project id */
  ocrLanguages?: Map<string, string[]>;
  /** worker configuration jsonFormat (spec operations §9): how result.json is written */
  jsonFormat?: "Compact" | "Nice";
  /** worker configuration documentTimeoutSeconds: the time one document may take */
  documentTimeoutSeconds?: number;
  /** worker configuration documentMemoryMegabytes: the memory one document may take */
  documentMemoryMegabytes?: number;
};

/** A learn project a job goes to: deleted ones take no documents (spec operations §4). */
type LearnTarget = { name: string; deleted: boolean };

const lookupKey = (job: Job) => `${job.systemId}:${job.projectId}`;

/**
 * Claimed jobs become Processing (one statement for the batch) and their order files and projects are read (one
 * statement each), so a batch of jobs costs three round trips before its documents are read.
 */
export async function startJobs(db: Database, claims: Claim[]): Promise<JobInputs> {
  if (!claims.length) return { orders: new Map(), classes: new Map(), lookups: new Map(), learn: new Map() };
  const ids = claims.map((c) => c.job.id);
  const projectIds = [...new Set(claims.flatMap((c) => (c.job.projectId ? [c.job.projectId] : [])))];
  const [, files, rows, settings] = await Promise.all([
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
          .select({
            id: projects.id,
            name: projects.name,
            type: projects.type,
            version: projects.version,
            deletedAt: projects.deletedAt,
            documentClasses: projects.documentClasses,
            properties: projects.properties,
          })
          .from(projects)
          .where(inArray(projects.id, projectIds))
      : Promise.resolve([]),
    workerSettings(db),
  ]);
  const orders = new Map<number, JobFile[]>();
  for (const f of files) orders.set(f.jobId, [...(orders.get(f.jobId) ?? []), f]);
  // a learn project's jobs are not classified: no classes, so no lookups either
  const classes = new Map(rows.map((r) => [r.id, isLearnType(r.type) ? [] : r.documentClasses]));
  const learn = new Map(
    rows.filter((r) => isLearnType(r.type)).map((r) => [r.id, { name: r.name, deleted: r.deletedAt !== null }]),
  );
  // DESIGN.md "Resources": resolved by level once per system and project of the batch, read before processing
  const lookups = new Map<string, LookupSets>();
  for (const { job } of claims) {
    const projectClasses = job.projectId ? classes.get(job.projectId) : undefined;
    if (!projectClasses || !lookupNames(projectClasses).length || lookups.has(lookupKey(job))) continue;
    lookups.set(
      lookupKey(job),
      await lookupSets(db, { systemId: job.systemId, projectId: job.projectId, classes: projectClasses }),
    );
  }
  // "the learned model when the project is linked to a learn project": read once per batch, kept per project version
  const learned = await learnedClassifiers(
    db,
    rows.filter((r) => r.type === "LinkedExtraction"),
  );
  const ocrLanguages = new Map(
    rows.flatMap((r) => {
      const languages = projectOcrLanguages(r.properties);
      return languages ? [[r.id, languages] as const] : [];
    }),
  );
  return {
    orders,
    classes,
    lookups,
    learn,
    learned,
    ocrLanguages,
    jsonFormat: settings.jsonFormat,
    documentTimeoutSeconds: settings.documentTimeoutSeconds,
    documentMemoryMegabytes: settings.documentMemoryMegabytes,
  };
}

type Output = { kind: "work" | "result"; name: string; contentType: string; size: number; isMultiPage: boolean; path: string };

/** A document of a learn project's job, kept for learning (learn_documents) when the job ends Ready. */
type KeptDocument = { file: string; text: string; pages: number };

/** A job worked on, not yet written: what finishJobs records when the claim still holds. */
export type Prepared = {
  claim: Claim;
  /** a Ready learn project's job: its documents, which replace the job's earlier ones in learn_documents */
  kept?: KeptDocument[];
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

/**
 * A job's documents read at once, as many as the process has CPUs: OCR runs on a pool of that many tesseract threads
 * (lib/processing/ocr.ts), shared with the other jobs of the process, so a job of many scans uses the cores its
 * process has free.
 */
const DOCUMENT_LANES = os.availableParallelism();

/** The code and parameters of a job's error; `file` is the order file being read when it happened. */
function errorOf(error: unknown, file: string | undefined): { code: string; params: LogParams } {
  const where: LogParams = file ? { file } : {};
  if (error instanceof AppError) return { code: error.code, params: { ...error.entries[0]?.params, ...where } };
  if (error instanceof DocumentProcessingError) return { code: error.code, params: { ...error.params, ...where } };
  return { code: "ProcessingFailed", params: where };
}

function failed(
  p: Omit<Prepared, "state" | "outputs" | "multiPage" | "metrics" | "kept">,
  error: unknown,
  file?: string,
): Prepared {
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
  const { claim, lines, attemptDir, startedAt } = p;
  return {
    claim,
    lines,
    attemptDir,
    startedAt,
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
    const orders = inputs.orders.get(job.id) ?? [];
    const seconds = inputs.documentTimeoutSeconds ?? WORKER_CONFIG_DEFAULTS.documentTimeoutSeconds;
    const read = await inParallel(orders, DOCUMENT_LANES, async (order) => {
      const bytes = await readStoredFile(order.path);
      const signal = AbortSignal.timeout(seconds * 1000);
      const doc = await processDocument({
        fileName: order.name,
        bytes: new Uint8Array(bytes),
        project,
        lookups: inputs.lookups.get(lookupKey(job)),
        ocrLanguages: job.projectId ? inputs.ocrLanguages?.get(job.projectId) : undefined,
        signal,
        memoryMegabytes: inputs.documentMemoryMegabytes,
      }).catch((error: unknown) => {
        if (!signal.aborted) throw error;
        throw new DocumentProcessingError("DocumentTimeout", `The document took longer than ${seconds} seconds.`, {
          cause: error,
          params: { seconds },
        });
      });
      return { order, doc, size: bytes.byteLength };
    });
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
        // fields emptied because their lookup resource does not list the value (DESIGN.md "Resources")
        ...(doc.lookupMisses.length ? { lookupMisses: doc.lookupMisses } : {}),
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
        durationMs: Date.now() - startedAt,
      },
    };
  } catch (error) {
    await removeStored(attemptDir);
    return failed(base, error, reading);
  }
}

/**
 * Records a batch of worked-on jobs: their learn documents and pages counted against their systems' licences (a job
 * the licence cannot serve ends in Error with LicenceLimitReached), then in one transaction the end of every job whose claim
 * still holds, its work and result files (replacing an earlier run's), log lines and metrics. A job whose claim
 * was lost (another worker took it after its lease ran out) gets nothing recorded and its files removed, so every
 * job has exactly one result. A learn project's job replaces its documents in learn_documents in the same
 * transaction (learned_at null: pending for the next learn run). Answers each job's outcome in the order given.
 */
export async function finishJobs(db: Database, batch: Prepared[]): Promise<("Ready" | "Error" | "lost")[]> {
  if (!batch.length) return [];
  const list = await countLicenceFeatures(db, batch);
  const refused: string[] = [];
  const ended = await db.transaction(async (tx) => {
    refused.push(...(await refuseDeletedLearnProjects(tx, list)));
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
    // a later attempt (a restart's, or after a dead worker's) replaces the work and result files of its earlier run;
    // a first attempt has none (attempts count on across restarts), so the common batch spares the statement
    const again = held.filter((p) => p.claim.attempt > 1).map((p) => p.claim.job.id);
    if (again.length) await tx.delete(jobFiles).where(and(inArray(jobFiles.jobId, again), ne(jobFiles.kind, "order")));
    const outputs = held.flatMap((p) => p.outputs.map((o) => ({ jobId: p.claim.job.id, ...o })));
    if (outputs.length) await tx.insert(jobFiles).values(outputs);
    const multiPage = held.flatMap((p) => p.multiPage);
    if (multiPage.length) await tx.update(jobFiles).set({ isMultiPage: true }).where(inArray(jobFiles.id, multiPage));
    const lines = held.flatMap((p) => p.lines.map((l) => ({ jobId: p.claim.job.id, ...l })));
    if (lines.length) await tx.insert(jobLogs).values(lines);
    await keepLearnDocuments(tx, held);
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
  await Promise.all(refused.map((dir) => removeStored(dir)));
  await Promise.all(list.map((p, i) => (outcomes[i] === "lost" ? undefined : removeOtherAttempts(p))));
  return outcomes;
}

/**
 * The folders of a job's other attempts, once this one is recorded: the files of the job now are this attempt's (a
 * restart's run replaced the earlier run's rows), and an attempt whose worker died left its folder unreferenced.
 */
async function removeOtherAttempts(p: Prepared): Promise<void> {
  // the first attempt (attempts count on across restarts) has no other
  if (p.claim.attempt <= 1) return;
  const dir = jobDir(p.claim.job.systemId, p.claim.job.id);
  const own = `attempt-${p.claim.attempt}`;
  const { folders } = await listStored(dir);
  await Promise.all(folders.filter((f) => /^attempt-\d+$/.test(f) && f !== own).map((f) => removeStored(`${dir}/${f}`)));
}

/**
 * spec operations §4: a learn project deleted while its job was worked on takes no documents; the job ends in Error
 * LearnProjectDeleted instead (its files are removed after the commit: the attempt folders answered). The learn
 * projects' rows are read FOR SHARE, so a soft delete waits until this batch is recorded.
 */
async function refuseDeletedLearnProjects(tx: Database, list: Prepared[]): Promise<string[]> {
  const keeping = list.flatMap((p, i) => (p.state === "Ready" && p.kept && p.claim.job.projectId ? [i] : []));
  if (!keeping.length) return [];
  const projectIds = [...new Set(keeping.map((i) => list[i]?.claim.job.projectId ?? ""))];
  const rows = await tx
    .select({ id: projects.id, name: projects.name, deletedAt: projects.deletedAt })
    .from(projects)
    .where(inArray(projects.id, projectIds))
    .for("share");
  const live = new Map(rows.map((r) => [r.id, r]));
  const dirs: string[] = [];
  for (const i of keeping) {
    const p = list[i];
    const project = p?.claim.job.projectId ? live.get(p.claim.job.projectId) : undefined;
    if (!p || (project && !project.deletedAt)) continue;
    dirs.push(p.attemptDir);
    list[i] = failed(p, project ? new AppError("LearnProjectDeleted", { name: project.name }) : new AppError("ProjectNotFound"));
  }
  return dirs;
}

/** Rows of learn_documents inserted per statement (6 parameters a row, far below PostgreSQL's 65 535). */
const LEARN_DOCUMENT_CHUNK = 1000;

/**
 * The documents of the learn jobs recorded Ready, pending (learned_at null); an earlier run's rows of the job go (a
 * restart replaces them, as it replaces the work and result files). A run that ends in Error leaves the earlier rows:
 * they were read, and a deleted learn project's documents are changed no more.
 */
async function keepLearnDocuments(tx: Database, held: Prepared[]): Promise<void> {
  const learnJobs = held.filter((p) => p.state === "Ready" && p.kept);
  if (!learnJobs.length) return;
  await tx.delete(learnDocuments).where(
    inArray(
      learnDocuments.jobId,
      learnJobs.map((p) => p.claim.job.id),
    ),
  );
  const rows: NewLearnDocument[] = learnJobs.flatMap(({ claim: { job }, kept }) =>
    job.projectId && kept
      ? kept.map((d) => ({
          projectId: job.projectId ?? "",
          systemId: job.systemId,
          jobId: job.id,
          file: d.file,
          text: learnDocumentText(d.text),
          pages: d.pages,
        }))
      : [],
  );
  for (let i = 0; i < rows.length; i += LEARN_DOCUMENT_CHUNK) {
    await tx.insert(learnDocuments).values(rows.slice(i, i + LEARN_DOCUMENT_CHUNK));
  }
}

/**
 * The batch's Ready jobs against their systems' licences (one transaction per system and feature): a learn project's
 * job first takes one `LearnDocuments` per document it keeps, then every job its `Pages`. A job a licence refuses
 * ends in Error with LicenceLimitReached naming the feature, and takes nothing of the features after it.
 */
async function countLicenceFeatures(db: Database, batch: Prepared[]): Promise<Prepared[]> {
  const list = [...batch];
  await countFeature(db, list, "LearnDocuments", (p) => (p.kept ? p.kept.length : null));
  await countFeature(db, list, "Pages", (p) => p.metrics.pages);
  return list;
}

/** One feature for the Ready jobs of `list` that `amountOf` gives an amount (null: the feature is not theirs). */
async function countFeature(
  db: Database,
  list: Prepared[],
  featureId: string,
  amountOf: (p: Prepared) => number | null,
): Promise<void> {
  const bySystem = new Map<string, { index: number; amount: number }[]>();
  list.forEach((p, index) => {
    const amount = p.state === "Ready" ? amountOf(p) : null;
    if (amount === null) return;
    const systemId = p.claim.job.systemId;
    bySystem.set(systemId, [...(bySystem.get(systemId) ?? []), { index, amount }]);
  });
  for (const [systemId, entries] of bySystem) {
    const results = await recordFeatureUsages(db, { systemId, featureId, amounts: entries.map((e) => e.amount) });
    for (const [k, { index }] of entries.entries()) {
      const p = list[index];
      if (!p || !results[k] || !("refused" in results[k])) continue;
      await removeStored(p.attemptDir);
      list[index] = failed(p, new AppError("LicenceLimitReached", { feature: featureId }));
    }
  }
}
