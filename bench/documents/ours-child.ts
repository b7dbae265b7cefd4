// Our side of bench:documents in a process of its own (started by ours.ts with the file that lists the documents):
// extractText on the listed documents, `cores` at a time in this one process (as a worker reads a job's documents:
// DOCUMENT_LANES of workers/jobs/process/read.ts, one OCR pool of `cores` threads), after a warm-up of an image and one
// PDF per lane (a worker's OCR pool and PDF readers are warm). Prints one JSON line: the wall time and each document's reading.
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { corpusFile, type Reading } from "./corpus";
import { LANGUAGES } from "./native";
import { pool } from "./pool";

const cores = os.availableParallelism();

async function childOurs(listFile: string) {
  const files = JSON.parse(readFileSync(listFile, "utf8")) as string[];
  const { detectType } = await import("@/lib/processing/detect");
  const { extractText, terminateOcr } = await import("@/lib/processing/extract-text");
  const read = async (file: string) => {
    const bytes = new Uint8Array(readFileSync(corpusFile(file)));
    const type = detectType(bytes, path.basename(file));
    // the job pipeline's limit per document (documentTimeoutSeconds, default 300)
    return extractText(bytes, type, { ocrLanguages: LANGUAGES, signal: AbortSignal.timeout(300_000) });
  };
  // warm as a worker's pools are: an image for the OCR pool, and one PDF per lane at once, so that every PDF reader
  // process a lane uses is started (a worker's readers are kept from one document to the next)
  const warmPdfs = Array.from({ length: cores }, () => read("pdf-text/pypdf-minimal-document.pdf"));
  await Promise.all([read("image/tesseractjs-simple.png"), ...warmPdfs]).catch(() => {});
  const readings: Record<string, Reading> = {};
  const wallMs = await pool(files, cores, async (file) => {
    const t = performance.now();
    try {
      const r = await read(file);
      readings[file] = { text: r.text, ms: performance.now() - t };
    } catch (error) {
      const e = error as { code?: string; message?: string };
      readings[file] = { error: `${e.code ?? "Error"}: ${e.message ?? String(error)}`, ms: performance.now() - t };
    }
  });
  await terminateOcr();
  process.stdout.write(`${JSON.stringify({ wallMs, readings })}\n`);
}

await childOurs(process.argv[2] as string);
