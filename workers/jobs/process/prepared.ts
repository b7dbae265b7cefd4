import { AppError } from "@/lib/errors/app-error";
import { toEnvelope } from "@/lib/errors/envelope";
import type { LogParams } from "@/lib/jobs/log-lines";
import { log } from "@/lib/log";
import { type EInvoiceCounts, einvoiceCounts } from "@/lib/processing/einvoice";
import { DocumentProcessingError } from "@/lib/processing/extract-text";
import type { Claim } from "../claim";
import { type LogLine, line } from "./job-log";

/** A work or result file written below the attempt's folder, its row not yet recorded. */
export type Output = {
  kind: "work" | "result";
  name: string;
  contentType: string;
  size: number;
  isMultiPage: boolean;
  path: string;
};

/** A document of a learn project's job, kept for learning (learn_documents) when the job ends Ready. */
export type KeptDocument = { file: string; text: string; pages: number };

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
  } & EInvoiceCounts;
};

/** The code and parameters of a job's error; `file` is the order file being read when it happened. */
function errorOf(error: unknown, file: string | undefined): { code: string; params: LogParams } {
  const where: LogParams = file ? { file } : {};
  if (error instanceof AppError) return { code: error.code, params: { ...error.entries[0]?.params, ...where } };
  if (error instanceof DocumentProcessingError) return { code: error.code, params: { ...error.params, ...where } };
  return { code: "ProcessingFailed", params: where };
}

/**
 * The job ends in Error with the code, parameters and English text of `error` (`file`: the order file being read when
 * it happened): its log says so, and it keeps no files, documents or figures.
 */
export function failed(
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
      ...einvoiceCounts([]),
      durationMs: Date.now() - p.startedAt,
    },
  };
}
