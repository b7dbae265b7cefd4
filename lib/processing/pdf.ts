import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { DocumentProcessingError } from "./errors";
import { type EngineChoice, inTempDir, OutputLimitError, type PdfEngine, pdfEngineFor, runTool } from "./native";
import { type OcrOptions, ocrPage } from "./ocr";
import { readInReader } from "./pdf-readers";
import { letters, type PdfText, RTL_SCRIPT, USABLE_TEXT, VERTICAL_SCRIPT } from "./pdfjs";

/**
 * A PDF's text, page by page (DESIGN.md "Processing a job"). pdf.js reads it in a reader process whose memory is
 * bounded (pdf-readers.ts, pdfjs.ts: text layers, scans rendered and read by OCR, damaged pages as warnings,
 * PasswordProtected, right-to-left and vertical script in reading order). When Debian's `pdftotext` is installed
 * (PDF_ENGINE auto or native) it reads the text layers first, three times faster (docs/decisions.md "Native OCR and
 * PDF text"), and pdf.js only what pdftotext does not do as pdf.js would: a page with less than a usable text layer
 * (it may be a scan to OCR), a page of right-to-left or vertical script (pdftotext orders those otherwise), or the
 * whole PDF when pdftotext fails or complains of an error (a damaged or password-protected file: pdf.js names it); of a
 * damaged file that pdf.js cannot read at all, what pdftotext read is kept.
 */

export type { PdfPageWarning, PdfText } from "./pdfjs";
export type PdfOptions = {
  languages: readonly string[];
  /** the largest page image rendered for OCR, in pixels; pages are rendered at 300 dpi or less */
  maxRenderPixels?: number;
  /** the document's time limit: its abort kills the reader and the OCR */
  signal?: AbortSignal;
  /** the document's memory limit (reader growth, native tools' address space) */
  memoryBytes: number;
  /** auto (default: the environment's PDF_ENGINE), pdfjs or native */
  engine?: EngineChoice<PdfEngine>;
  /** the OCR engine of scanned pages */
  ocrEngine?: OcrOptions["engine"];
};

/** 300 dpi of an A4 page is 8.7 million pixels, of A3 17.4 million */
export const DEFAULT_MAX_RENDER_PIXELS = 20_000_000;

export async function readPdf(bytes: Uint8Array, options: PdfOptions): Promise<PdfText> {
  const native = pdfEngineFor(options.engine) === "native" ? await pdftotext(bytes, options) : undefined;
  if (native && !native.complaint) return completeNative(bytes, native.pages, options);
  try {
    const { numPages: _, ...result } = await withPdfJs(bytes, options);
    return result;
  } catch (error) {
    // a damaged file pdf.js cannot read at all, of which poppler read some text (it repairs more, e.g. a stream whose
    // length and end are wrong): poppler's text, with its complaint as the warning
    if (!(error instanceof DocumentProcessingError) || error.code !== "UnreadableDocument") throw error;
    if (!native?.complaint || !native.pages.some((page) => letters(page) > 0)) throw error;
    return {
      pages: native.pages,
      ocrPages: 0,
      turnedPages: 0,
      warnings: [{ page: 1, reason: native.complaint, repaired: true }],
    };
  }
}

function withPdfJs(bytes: Uint8Array, options: PdfOptions, pages?: readonly number[]) {
  return readInReader(bytes, {
    maxRenderPixels: options.maxRenderPixels ?? DEFAULT_MAX_RENDER_PIXELS,
    pages,
    signal: options.signal,
    memoryBytes: options.memoryBytes,
    ocr: (image) =>
      ocrPage(image, options.languages, {
        signal: options.signal,
        memoryBytes: options.memoryBytes,
        engine: options.ocrEngine,
      }),
  });
}

/** poppler's complaints that mean a part of the file was not read; its "Syntax Warning"s do not */
const POPPLER_ERROR = /^(Syntax Error|Internal Error|I\/O Error|Command Line Error|Permission Error)/m;

/**
 * Each page's text by pdftotext and its first complaint of an error (then pdf.js reads the whole file first), or
 * undefined when it read nothing (a password, a file it cannot open, its output past the limit).
 */
async function pdftotext(
  bytes: Uint8Array,
  options: PdfOptions,
): Promise<{ pages: string[]; complaint: string | null } | undefined> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, "in.pdf");
    await writeFile(file, bytes);
    const out = path.join(dir, "out.txt");
    let run: Awaited<ReturnType<typeof runTool>>;
    try {
      run = await runTool("pdftotext", ["-enc", "UTF-8", "-eol", "unix", file, out], {
        signal: options.signal,
        memoryBytes: options.memoryBytes,
      });
    } catch (error) {
      if (error instanceof OutputLimitError) return undefined;
      throw error;
    }
    if (run.code !== 0) return undefined;
    const text = await readFile(out, "utf8").catch(() => undefined);
    if (text === undefined) return undefined;
    // every page ends in a form feed, an empty one too; each page's text ends in a line break or two
    const pages = text.split("\f");
    pages.pop();
    const complaint = run.stderr.split("\n").find((line) => POPPLER_ERROR.test(line));
    return { pages: pages.map((page) => page.replace(/\n+$/, "")), complaint: complaint?.slice(0, 300) ?? null };
  });
}

/** pdftotext's pages, with the ones it cannot read as pdf.js would read by pdf.js */
async function completeNative(bytes: Uint8Array, pages: string[], options: PdfOptions): Promise<PdfText> {
  const again = pages.flatMap((text, i) =>
    letters(text) < USABLE_TEXT || RTL_SCRIPT.test(text) || VERTICAL_SCRIPT.test(text) ? [i + 1] : [],
  );
  if (again.length === 0) return { pages, ocrPages: 0, turnedPages: 0, warnings: [] };
  const read = await withPdfJs(bytes, options, again);
  if (read.numPages !== pages.length) {
    // the two disagree on the pages (a damaged file each repairs its own way): pdf.js reads it all
    const { numPages: _, ...all } = await withPdfJs(bytes, options);
    return all;
  }
  again.forEach((n, i) => {
    pages[n - 1] = read.pages[i] ?? "";
  });
  return { pages, ocrPages: read.ocrPages, turnedPages: read.turnedPages, warnings: read.warnings };
}
