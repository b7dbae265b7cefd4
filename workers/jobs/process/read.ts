import os from "node:os";
import type { Job } from "@/db/schema";
import { readStoredFile } from "@/lib/files/store";
import { DocumentProcessingError } from "@/lib/processing/extract-text";
import { type ProcessDocumentInput, processDocument } from "@/lib/processing/process-document";
import { WORKER_CONFIG_DEFAULTS } from "@/lib/settings/schemas";
import { inParallel } from "../in-parallel";
import { type JobInputs, lookupKey } from "./start";

/**
 * A job's documents read at once, as many as the process has CPUs: OCR runs on a pool of that many tesseract threads
 * (lib/processing/ocr.ts), shared with the other jobs of the process, so a job of many scans uses the cores its
 * process has free.
 */
const DOCUMENT_LANES = os.availableParallelism();

/**
 * Reads and extracts a job's order files (lib/processing: typed from their bytes, read, classified, fields extracted),
 * each within the document time limit (DocumentTimeout) and memory limit of the worker configuration. Answers the
 * documents in the order files' order, or the first failure and the order file it happened on.
 */
export function readDocuments(job: Job, inputs: JobInputs, project: ProcessDocumentInput["project"]) {
  const orders = inputs.orders.get(job.id) ?? [];
  const seconds = inputs.documentTimeoutSeconds ?? WORKER_CONFIG_DEFAULTS.documentTimeoutSeconds;
  return inParallel(orders, DOCUMENT_LANES, async (order) => {
    const bytes = await readStoredFile(order.path);
    const signal = AbortSignal.timeout(seconds * 1000);
    const doc = await processDocument({
      fileName: order.name,
      bytes: new Uint8Array(bytes),
      project,
      lookups: inputs.lookups.get(lookupKey(job)),
      ocrLanguages: job.projectId ? inputs.ocrLanguages?.get(job.projectId) : undefined,
      ocrImages: job.projectId ? inputs.ocrImages?.has(job.projectId) : undefined,
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
}
