import { accessSync, mkdirSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Tesseract from "tesseract.js";
import { getDocumentProxy, extractText as pdfPageTexts } from "unpdf";
import { type DocumentType, decodeTextBytes, isImageType } from "./detect";

/**
 * DESIGN.md "Processing a job": PDF -> its text layer (unpdf) and page count; image -> OCR
 * (tesseract.js, language data from node_modules, never the network); text -> decoded.
 */

export type ExtractionMethod = "pdf" | "ocr" | "text";
export type ExtractedText = { text: string; pages: number; isMultiPage: boolean; method: ExtractionMethod };
export type ExtractOptions = {
  /** tesseract language codes, the first one primary; each needs the npm package @tesseract.js-data/<code> */
  ocrLanguages?: string[];
};

export const DEFAULT_OCR_LANGUAGES: readonly string[] = ["eng", "deu"];
/** pages are joined with a form feed, as pdftotext does */
export const PAGE_SEPARATOR = "\f";

export type DocumentProcessingErrorCode = "UnsupportedDocumentType" | "UnreadableDocument" | "OcrLanguageMissing" | "OcrFailed";

/** a document that cannot be read; `code` lets the job pipeline map it */
export class DocumentProcessingError extends Error {
  readonly code: DocumentProcessingErrorCode;

  constructor(code: DocumentProcessingErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DocumentProcessingError";
    this.code = code;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function extractText(bytes: Uint8Array, type: DocumentType, opts: ExtractOptions = {}): Promise<ExtractedText> {
  if (type === "pdf") return extractPdf(bytes);
  if (type === "text") {
    // detectType has accepted these bytes as text; a legacy 8-bit file only passes with a text name
    const text = decodeTextBytes(bytes, true);
    if (text === undefined) throw new DocumentProcessingError("UnreadableDocument", "The document is not readable text.");
    return { text, pages: 1, isMultiPage: false, method: "text" };
  }
  if (isImageType(type)) return extractImage(bytes, type, opts.ocrLanguages ?? [...DEFAULT_OCR_LANGUAGES]);
  throw new DocumentProcessingError(
    "UnsupportedDocumentType",
    `Unsupported document type "${type}": the file is neither a PDF, an image (PNG, JPEG, TIFF, BMP, GIF, WebP) nor text.`,
  );
}

// ---------------------------------------------------------------------------------------------- PDF

async function extractPdf(bytes: Uint8Array): Promise<ExtractedText> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    // pdf.js may take over (detach) the buffer it is given: hand it a copy
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      useSystemFonts: false,
      // errors only: the text layer needs no standard font data, whose absence pdf.js warns about
      verbosity: 0,
    });
    const { totalPages, text } = await pdfPageTexts(pdf, { mergePages: false });
    // a scanned PDF without a text layer yields empty page texts; OCR of PDF pages is not done here
    return { text: text.join(PAGE_SEPARATOR), pages: totalPages, isMultiPage: totalPages > 1, method: "pdf" };
  } catch (error) {
    throw new DocumentProcessingError("UnreadableDocument", `The PDF could not be read: ${errorMessage(error)}`, {
      cause: error,
    });
  } finally {
    await pdf?.destroy().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------- OCR

const LANGUAGE_CODE = /^[a-z][a-z0-9_]*$/i;
/** the LSTM "best_int" models: what tesseract.js itself loads for its default (LSTM-only) engine */
const LANGUAGE_DATA_VARIANT = "4.0.0_best_int";
const requireFromHere = createRequire(import.meta.url);

/** the local directory holding `<code>.traineddata.gz` of one installed @tesseract.js-data package */
export function languageDataDir(code: string): string {
  if (!LANGUAGE_CODE.test(code))
    throw new DocumentProcessingError("OcrLanguageMissing", `"${code}" is not an OCR language code.`);
  const pkg = `@tesseract.js-data/${code}`;
  let root: string;
  try {
    root = path.dirname(requireFromHere.resolve(`${pkg}/package.json`));
  } catch {
    // bundled code cannot always resolve packages; the installation's node_modules then
    root = path.join(process.cwd(), "node_modules", pkg);
  }
  const dir = path.join(root, LANGUAGE_DATA_VARIANT);
  try {
    accessSync(path.join(dir, `${code}.traineddata.gz`));
  } catch {
    throw new DocumentProcessingError(
      "OcrLanguageMissing",
      `OCR language data for "${code}" is not installed (npm package ${pkg}, file ${LANGUAGE_DATA_VARIANT}/${code}.traineddata.gz).`,
    );
  }
  return dir;
}

/**
 * tesseract.js reads every language from one `langPath`, and each language comes in its own package:
 * a set of several languages gets a directory under the temporary directory with a link to each file.
 * Links are replaced atomically (rename), so parallel processes never see a half-made one.
 */
export function ocrLangPath(languages: readonly string[]): string {
  const dirs = languages.map(languageDataDir);
  if (new Set(dirs).size === 1) return dirs[0]!;
  const uid = typeof process.getuid === "function" ? process.getuid() : "user";
  const combined = path.join(os.tmpdir(), `docservice-tessdata-${uid}`, LANGUAGE_DATA_VARIANT);
  mkdirSync(combined, { recursive: true });
  languages.forEach((code, i) => {
    const file = `${code}.traineddata.gz`;
    const temp = path.join(combined, `.${file}.${process.pid}.${Math.random().toString(36).slice(2)}`);
    symlinkSync(path.join(dirs[i]!, file), temp);
    try {
      renameSync(temp, path.join(combined, file));
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
  });
  return combined;
}

/** tesseract.js' cache directory: never the working directory (its default), never written (see below) */
export const OCR_CACHE_PATH = path.join(os.tmpdir(), "docservice-tesseract-cache");

/** one worker per language set (key "eng+deu"), created on first use and shared */
const ocrWorkers = new Map<string, Promise<Tesseract.Worker>>();

function createOcrWorker(languages: readonly string[]): Promise<Tesseract.Worker> {
  const langPath = ocrLangPath(languages);
  return Tesseract.createWorker([...languages], Tesseract.OEM.LSTM_ONLY, {
    langPath,
    // the data is local already; the cache would only save the gunzip, and its non-atomic write can be
    // read half-written by a parallel process, which then fails to initialise
    cachePath: OCR_CACHE_PATH,
    cacheMethod: "none",
    gzip: true,
    logger: () => undefined,
    errorHandler: () => undefined,
  });
}

function ocrWorker(languages: readonly string[]): Promise<Tesseract.Worker> {
  const key = languages.join("+");
  let worker = ocrWorkers.get(key);
  if (!worker) {
    worker = createOcrWorker(languages);
    ocrWorkers.set(key, worker);
    // a failed start is not kept: the next document tries again
    worker.catch(() => {
      if (ocrWorkers.get(key) === worker) ocrWorkers.delete(key);
    });
  }
  return worker;
}

/** Ends the shared OCR workers (their threads keep a process alive); the next OCR starts new ones. */
export async function terminateOcr(): Promise<void> {
  const workers = [...ocrWorkers.values()];
  ocrWorkers.clear();
  await Promise.all(workers.map(async (w) => (await w.catch(() => undefined))?.terminate().catch(() => undefined)));
}

async function recognize(worker: Tesseract.Worker, image: Uint8Array): Promise<string> {
  const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  return data.text;
}

async function extractImage(bytes: Uint8Array, type: DocumentType, languages: string[]): Promise<ExtractedText> {
  const langs = languages.map((l) => l.trim()).filter((l) => l !== "");
  if (langs.length === 0) throw new DocumentProcessingError("OcrLanguageMissing", "No OCR language is configured.");
  let worker: Tesseract.Worker;
  try {
    worker = await ocrWorker(langs);
  } catch (error) {
    if (error instanceof DocumentProcessingError) throw error;
    throw new DocumentProcessingError("OcrFailed", `The OCR engine could not start: ${errorMessage(error)}`, { cause: error });
  }
  // tesseract reads the first page of a TIFF only: each further page is recognised on its own
  const images = type === "tiff" ? tiffPages(bytes) : [bytes];
  const texts: string[] = [];
  try {
    for (const image of images) texts.push(await recognize(worker, image));
  } catch (error) {
    // the worker answers with a string ("Error: Error attempting to read image.") and stays usable
    const message = errorMessage(error).replace(/^Error: /, "");
    if (/attempting to read image/i.test(message)) {
      throw new DocumentProcessingError("UnreadableDocument", `The ${type.toUpperCase()} image could not be read: ${message}`, {
        cause: error,
      });
    }
    throw new DocumentProcessingError("OcrFailed", `The ${type.toUpperCase()} image could not be recognised: ${message}`, {
      cause: error,
    });
  }
  return { text: texts.join(PAGE_SEPARATOR), pages: texts.length, isMultiPage: texts.length > 1, method: "ocr" };
}

// --------------------------------------------------------------------------------------------- TIFF

const MAX_TIFF_PAGES = 10_000;

/**
 * The pages of a TIFF, each as a TIFF of its own: all offsets in a TIFF are absolute, so a page is the
 * whole file with the header pointing at that page's directory (IFD) and the directory's link to the
 * next one cut. One copy at a time is made. A file whose directory chain cannot be followed is yielded
 * as it is (one page).
 */
export function* tiffPages(bytes: Uint8Array): Generator<Uint8Array> {
  const ifds = tiffDirectories(bytes);
  if (ifds.offsets.length <= 1) {
    yield bytes;
    return;
  }
  for (const [i, offset] of ifds.offsets.entries()) {
    const page = new Uint8Array(bytes);
    const view = new DataView(page.buffer);
    const next = ifds.nextPointers[i]!;
    if (ifds.big) {
      view.setBigUint64(8, BigInt(offset), ifds.little);
      view.setBigUint64(next, 0n, ifds.little);
    } else {
      view.setUint32(4, offset, ifds.little);
      view.setUint32(next, 0, ifds.little);
    }
    yield page;
  }
}

/** the offsets of a TIFF's directories and of each one's "next directory" pointer */
export function tiffDirectories(bytes: Uint8Array): { offsets: number[]; nextPointers: number[]; little: boolean; big: boolean } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offsets: number[] = [];
  const nextPointers: number[] = [];
  if (bytes.length < 8) return { offsets, nextPointers, little: true, big: false };
  const little = bytes[0] === 0x49;
  const big = view.getUint16(2, little) === 43;
  if (big && bytes.length < 16) return { offsets, nextPointers, little, big };
  let offset = big ? Number(view.getBigUint64(8, little)) : view.getUint32(4, little);
  const seen = new Set<number>();
  while (offset !== 0 && !seen.has(offset) && offsets.length < MAX_TIFF_PAGES) {
    seen.add(offset);
    const countSize = big ? 8 : 2;
    const entrySize = big ? 20 : 12;
    const pointerSize = big ? 8 : 4;
    if (offset + countSize > bytes.length) break;
    const count = big ? Number(view.getBigUint64(offset, little)) : view.getUint16(offset, little);
    const next = offset + countSize + count * entrySize;
    if (next + pointerSize > bytes.length) break;
    offsets.push(offset);
    nextPointers.push(next);
    offset = big ? Number(view.getBigUint64(next, little)) : view.getUint32(next, little);
  }
  return { offsets, nextPointers, little, big };
}
