import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DocumentProcessingError, type DocumentProcessingErrorCode } from "./errors";
import type { PdfiumText } from "./pdfium";
import type { PdfText } from "./pdfjs";
import type { GreyImage, QuarterTurn } from "./raster";

/**
 * pdf.js in processes of their own (docs/decisions.md "Memory per document"): pdf.js decodes a stream whole and has
 * no limit for it, so a PDF of a few kilobytes can expand to gigabytes (a flate bomb), in a synchronous loop that no
 * timer of the same thread interrupts, and in ArrayBuffers that no V8 heap limit counts. A reader process reads one
 * document at a time; the worker reads its resident memory (Linux: /proc) every few milliseconds and kills it when
 * the document has grown it by more than the document's limit (DocumentTooLarge), or when the document's time runs
 * out. The worker's own memory never holds the decoded streams. Readers are kept for the next document (starting one
 * costs about half a second), at most one per CPU.
 */

export type ReaderRequest =
  | {
      kind: "read";
      bytes: Uint8Array;
      maxRenderPixels?: number;
      ocrImages?: boolean;
      pages?: readonly number[];
    }
  | { kind: "read-pdfium"; bytes: Uint8Array; pages?: readonly number[]; attachments?: boolean }
  | {
      kind: "ocr-result";
      ocrId: number;
      text?: string;
      layout?: string;
      turned?: QuarterTurn;
      error?: { code: string; message: string };
    };

export type ReaderReply =
  | { kind: "ready" }
  | { kind: "ocr"; ocrId: number; grey: GreyImage; dpi: number }
  | { kind: "done"; result: PdfText & { numPages: number } }
  | { kind: "pdfium-done"; result: PdfiumText | null }
  | { kind: "failed"; error: { code: string; message: string } };

export type ReadInReaderOptions = {
  maxRenderPixels?: number;
  ocrImages?: boolean;
  pages?: readonly number[];
  signal?: AbortSignal;
  /** the growth of the reader's resident memory the document may cause */
  memoryBytes: number;
  ocr: (image: { grey: GreyImage; dpi: number }) => Promise<{ text: string; layout: string; turned: QuarterTurn }>;
};

const WATCH_MS = 25;
/** a reader whose resident memory stays this much above its start after a document is ended, not kept */
const KEEP_GROWTH = 256 * 2 ** 20;
const MAX_READERS = Math.max(2, os.availableParallelism());

const CODES: readonly DocumentProcessingErrorCode[] = [
  "UnreadableDocument",
  "PasswordProtected",
  "ImageTooLarge",
  "DocumentTooLarge",
  "OcrLanguageMissing",
  "OcrFailed",
];

/** The reader's entry: beside this file in the sources (the Next server's bundle has no such file of its own). */
export function pdfChildPath(): string {
  return path.join(process.cwd(), "lib", "processing", "pdf-child.ts");
}

type Reader = { child: ChildProcess; ready: Promise<void>; startRss: number; dead: boolean };

const idle: Reader[] = [];
const all = new Set<Reader>();
const waiting: ((reader: Reader | undefined) => void)[] = [];
let count = 0;
let reads = 0;

/** How many readings this process has handed to reader processes so far. */
export function pdfReaderReads(): number {
  return reads;
}

/** resident memory of a process in bytes (Linux), undefined elsewhere or when it is gone */
function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "latin1");
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

function startReader(): Reader {
  // spawn, not fork: the bundler of the Next server takes fork's first argument for a module of its own to bundle
  const child = spawn(process.execPath, ["--import", "tsx", pdfChildPath()], {
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const reader: Reader = { child, ready: Promise.resolve(), startRss: 0, dead: false };
  reader.ready = new Promise<void>((resolve, reject) => {
    child.once("message", () => {
      reader.startRss = rssOf(child.pid) ?? 0;
      resolve();
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => reject(new Error(`the PDF reader ended at its start (code ${code}, signal ${signal})`)));
  });
  reader.ready.catch(() => undefined);
  child.once("exit", () => {
    reader.dead = true;
    all.delete(reader);
  });
  // an idle reader never keeps the worker alive
  child.unref();
  child.channel?.unref();
  all.add(reader);
  return reader;
}

async function acquire(): Promise<Reader> {
  for (let reader = idle.pop(); reader; reader = idle.pop()) if (!reader.dead) return reader;
  if (count >= MAX_READERS) {
    const handed = await new Promise<Reader | undefined>((resolve) => waiting.push(resolve));
    if (handed && !handed.dead) return handed;
  }
  count++;
  return startReader();
}

/** A reader back from a document: kept unless it was killed or stays grown; else a waiting document starts a new one. */
function release(reader: Reader): void {
  const grown = (rssOf(reader.child.pid) ?? 0) - reader.startRss >= KEEP_GROWTH;
  if (reader.dead || reader.child.killed || grown) {
    reader.child.kill("SIGKILL");
    count--;
    waiting.shift()?.(undefined);
    return;
  }
  const next = waiting.shift();
  if (next) {
    next(reader);
    return;
  }
  reader.child.unref();
  reader.child.channel?.unref();
  idle.push(reader);
}

/** Ends every PDF reader process (tests, a worker's stop); the next PDF starts new ones. */
export function terminatePdfReaders(): void {
  for (const reader of all) reader.child.kill("SIGKILL");
  idle.length = 0;
}

/**
 * Reads a PDF with pdf.js in a reader process. Throws DocumentProcessingError as pdf.js reading does, and
 * DocumentTooLarge when the reading grows the reader's memory beyond `memoryBytes`; at the signal's abort the
 * reader is killed and the signal's reason thrown.
 */
export function readInReader(bytes: Uint8Array, options: ReadInReaderOptions): Promise<PdfText & { numPages: number }> {
  const request: ReaderRequest = {
    kind: "read",
    bytes,
    maxRenderPixels: options.maxRenderPixels,
    ocrImages: options.ocrImages,
    pages: options.pages,
  };
  return inReader(request, options) as Promise<PdfText & { numPages: number }>;
}

/**
 * Reads a PDF's text layers with PDFium (pdfium.ts) in a reader process, under the same memory and time limits: null
 * when PDFium cannot open the file.
 */
export function readPdfiumInReader(
  bytes: Uint8Array,
  options: Pick<ReadInReaderOptions, "pages" | "signal" | "memoryBytes"> & { attachments?: boolean },
): Promise<PdfiumText | null> {
  const noOcr = () => Promise.reject(new Error("PDFium renders no page"));
  const request: ReaderRequest = { kind: "read-pdfium", bytes, pages: options.pages, attachments: options.attachments };
  return inReader(request, { ...options, ocr: noOcr }) as Promise<PdfiumText | null>;
}

async function inReader(request: ReaderRequest, options: ReadInReaderOptions): Promise<unknown> {
  options.signal?.throwIfAborted();
  reads++;
  const reader = await acquire();
  // a reader at work keeps the worker alive; an idle one does not
  reader.child.ref();
  reader.child.channel?.ref();
  try {
    await reader.ready;
    // the time ran out while this document waited for a reader: it is not begun
    options.signal?.throwIfAborted();
    return await readWith(reader, request, options);
  } finally {
    release(reader);
  }
}

function readWith(reader: Reader, request: ReaderRequest, options: ReadInReaderOptions): Promise<unknown> {
  const { child } = reader;
  const megabytes = Math.round(options.memoryBytes / 2 ** 20);
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, result?: unknown) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      options.signal?.removeEventListener("abort", onAbort);
      child.off("message", onMessage);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve(result);
    };
    const kill = (error: unknown) => {
      child.kill("SIGKILL");
      finish(error);
    };
    const base = rssOf(child.pid) ?? reader.startRss;
    const watch = setInterval(() => {
      const rss = rssOf(child.pid);
      if (rss !== undefined && rss - base > options.memoryBytes)
        kill(
          new DocumentProcessingError(
            "DocumentTooLarge",
            `Reading the PDF needs more memory than the ${megabytes} MB allowed per document.`,
            { params: { megabytes } },
          ),
        );
    }, WATCH_MS);
    const onAbort = () => kill(options.signal?.reason);
    const onExit = (code: number | null, signal: string | null) =>
      finish(
        new DocumentProcessingError(
          "UnreadableDocument",
          `The PDF could not be read: its reader ended (code ${code}, signal ${signal}).`,
        ),
      );
    const onMessage = (reply: ReaderReply) => {
      if (reply.kind === "done" || reply.kind === "pdfium-done") return finish(undefined, reply.result);
      if (reply.kind === "failed") {
        const code = CODES.find((c) => c === reply.error.code) ?? "UnreadableDocument";
        return finish(new DocumentProcessingError(code, reply.error.message));
      }
      if (reply.kind !== "ocr") return;
      options.ocr({ grey: reply.grey, dpi: reply.dpi }).then(
        (ocr) => answer({ kind: "ocr-result", ocrId: reply.ocrId, text: ocr.text, layout: ocr.layout, turned: ocr.turned }),
        (error: unknown) => {
          const e = error as { code?: string; message?: string };
          const code = error instanceof DocumentProcessingError ? error.code : "OcrFailed";
          answer({ kind: "ocr-result", ocrId: reply.ocrId, error: { code, message: String(e.message ?? error) } });
        },
      );
    };
    const answer = (message: ReaderRequest) => {
      if (!settled && child.connected) child.send(message);
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.on("message", onMessage);
    child.once("exit", onExit);
    child.send(request);
  });
}
