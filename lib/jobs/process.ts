import os from "node:os";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Job, jobFiles, jobLogs, jobMetrics, jobs, LOG_LEVELS, type LogLevel, projects } from "@/db/schema";
import { getServiceConfig } from "@/lib/config/service-config";
import { AppError } from "@/lib/errors/app-error";
import { readStoredFile, removeStored, safeFileName, writeStoredFile } from "@/lib/files/store";
import { recordFeatureUsage } from "@/lib/licences/services/usage";
import { log } from "@/lib/log";
import { processDocument } from "@/lib/processing/process-document";
import { type Claim, claimHolds, claimJob, LEASE_MS, renewLease } from "./claim";
import { jobDir } from "./services/create-job";

/** This process, as recorded in workerProcessId: host and pid. */
export const WORKER_ID = `${os.hostname()}:${process.pid}`;

type LogLine = { level: LogLevel; message: string; time: Date };

function logger(job: Job, lines: LogLine[]) {
  const threshold = LOG_LEVELS.indexOf(job.logLevel);
  return (level: LogLevel, message: string) => {
    // the job's log level decides what is kept (Off keeps nothing)
    if (job.logLevel !== "Off" && LOG_LEVELS.indexOf(level) <= threshold) lines.push({ level, message, time: new Date() });
  };
}

/**
 * DESIGN.md "Processing a job": every order file is typed from its bytes, read (PDF text, OCR, text),
 * classified into the project's document classes and its fields extracted; result.json is the result
 * file and each document's text a work file. Pages are counted against the system's licence. The end
 * is written only while the claim still holds, in one transaction, so a job that two workers ended up
 * processing (one of them presumed dead) gets exactly one result.
 */
export async function runClaimedJob(db: Database, claim: Claim): Promise<"Ready" | "Error" | "lost"> {
  const { job } = claim;
  const startedAt = Date.now();
  const lines: LogLine[] = [];
  const write = logger(job, lines);
  const attemptDir = `${jobDir(job.systemId, job.id)}/attempt-${claim.attempt}`;
  const heartbeat = setInterval(() => void renewLease(db, claim), Math.floor(LEASE_MS / 3));
  heartbeat.unref();
  try {
    await db.update(jobs).set({ state: "Processing", started: new Date() }).where(claimHolds(claim));
    write("Info", `processing started by ${claim.workerId} (attempt ${claim.attempt})`);
    const [project] = job.projectId
      ? await db.select({ documentClasses: projects.documentClasses }).from(projects).where(eq(projects.id, job.projectId))
      : [];
    if (!project) throw new AppError("ProjectNotFound");
    const orders = await db.select().from(jobFiles).where(eq(jobFiles.jobId, job.id));
    const documents = [];
    let bytesIn = 0;
    for (const order of orders.filter((f) => f.kind === "order")) {
      const bytes = await readStoredFile(order.path);
      bytesIn += bytes.byteLength;
      const doc = await processDocument({ fileName: order.name, bytes: new Uint8Array(bytes), project });
      write("Debug", `${order.name}: ${doc.type}, ${doc.pages} page(s), class ${doc.className} (${doc.confidence})`);
      documents.push({ order, doc });
    }
    const pages = documents.reduce((n, d) => n + d.doc.pages, 0);
    await recordFeatureUsage(db, { systemId: job.systemId, featureId: "Pages", amount: pages });

    const result = {
      jobId: job.id,
      project: job.projectName,
      documents: documents.map(({ doc }) => ({
        file: doc.file,
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
      ...documents.map(({ order, doc }) => ({
        kind: "work" as const,
        name: `${safeFileName(order.name)}.txt`,
        contentType: "text/plain; charset=utf-8",
        bytes: Buffer.from(doc.text),
        multi: doc.pages > 1,
      })),
    ];
    for (const o of outputs) await writeStoredFile(`${attemptDir}/${o.kind}/${o.name}`, o.bytes);
    for (const { order, doc } of documents) {
      if (doc.pages > 1 && !order.isMultiPage)
        await db.update(jobFiles).set({ isMultiPage: true }).where(eq(jobFiles.id, order.id));
    }
    write("Info", `ready: ${documents.length} document(s), ${pages} page(s)`);
    const done = await finish(db, claim, {
      state: "Ready",
      lines,
      outputs: outputs.map((o) => ({
        kind: o.kind,
        name: o.name,
        contentType: o.contentType,
        size: o.bytes.byteLength,
        isMultiPage: o.multi,
        path: `${attemptDir}/${o.kind}/${o.name}`,
      })),
      metrics: {
        documents: documents.length,
        pages,
        bytesIn,
        bytesOut: outputs.reduce((n, o) => n + o.bytes.byteLength, 0),
        ocrDocuments: documents.filter((d) => d.doc.method === "ocr").length,
        ocrPages: documents.filter((d) => d.doc.method === "ocr").reduce((n, d) => n + d.doc.pages, 0),
        durationMs: Date.now() - startedAt,
      },
    });
    if (!done) await removeStored(attemptDir);
    return done ? "Ready" : "lost";
  } catch (error) {
    const code = error instanceof AppError ? error.code : "ProcessingFailed";
    const message = error instanceof Error ? error.message : String(error);
    write("Error", `${code}: ${message}`);
    log.warn({ jobId: job.id, code, err: error }, "job failed");
    await removeStored(attemptDir);
    const done = await finish(db, claim, {
      state: "Error",
      errorCode: code,
      errorMessage: message.slice(0, 2000),
      lines,
      outputs: [],
      metrics: {
        documents: 0,
        pages: 0,
        bytesIn: 0,
        bytesOut: 0,
        ocrDocuments: 0,
        ocrPages: 0,
        durationMs: Date.now() - startedAt,
      },
    });
    return done ? "Error" : "lost";
  } finally {
    clearInterval(heartbeat);
  }
}

type Finish = {
  state: "Ready" | "Error";
  errorCode?: string;
  errorMessage?: string;
  lines: LogLine[];
  outputs: { kind: "work" | "result"; name: string; contentType: string; size: number; isMultiPage: boolean; path: string }[];
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

async function finish(db: Database, claim: Claim, f: Finish): Promise<boolean> {
  const { job } = claim;
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(jobs)
      .set({
        state: f.state,
        errorCode: f.errorCode ?? null,
        errorMessage: f.errorMessage ?? null,
        finished: new Date(),
        leaseUntil: null,
      })
      .where(claimHolds(claim))
      .returning({ id: jobs.id });
    if (!ended.length) return false;
    // a restarted job replaces the work and result files of its earlier run
    await tx.delete(jobFiles).where(and(eq(jobFiles.jobId, job.id), ne(jobFiles.kind, "order")));
    if (f.outputs.length) await tx.insert(jobFiles).values(f.outputs.map((o) => ({ jobId: job.id, ...o })));
    if (f.lines.length) await tx.insert(jobLogs).values(f.lines.map((l) => ({ jobId: job.id, ...l })));
    await tx
      .insert(jobMetrics)
      .values({ jobId: job.id, systemId: job.systemId, projectId: job.projectId, success: f.state === "Ready", ...f.metrics })
      .onConflictDoUpdate({
        target: jobMetrics.jobId,
        set: { success: f.state === "Ready", ...f.metrics, finished: new Date() },
      });
    return true;
  });
}

/** Claims and runs the next job (or the given one); null when there was nothing to claim. */
export async function processNextJob(db: Database, opts: { workerId?: string; jobId?: number } = {}) {
  if ((await getServiceConfig(db)).isMaintenanceModeEnabled) return null;
  const claim = await claimJob(db, { workerId: opts.workerId ?? WORKER_ID, jobId: opts.jobId });
  if (!claim) return null;
  return { jobId: claim.job.id, outcome: await runClaimedJob(db, claim) };
}
