import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { DocumentProcessingError } from "./errors";
import { type EngineChoice, inTempDir, OutputLimitError, type PdfEngine, pdfEngineFor, runTool } from "./native";
import { type OcrOptions, ocrPage } from "./ocr";
import { readInReader, readPdfiumInReader } from "./pdf-readers";
import type { PdfAttachment } from "./pdfium";
import { letters, type PdfText as PageTexts, RTL_SCRIPT, USABLE_TEXT, VERTICAL_SCRIPT, withImageText } from "./pdfjs";

/**
 * A PDF's text, page by page (DESIGN.md "Processing a job"). pdf.js reads it in a reader process whose memory is
 * bounded (pdf-readers.ts, pdfjs.ts: text layers, scans rendered and read by OCR, damaged pages as warnings,
 * PasswordProtected, right-to-left and vertical script in reading order). A faster reader reads the text layers first:
 * Debian's `pdftotext` where it is installed (PDF_ENGINE auto or native; docs/decisions.md "Native OCR and PDF text"),
 * else PDFium in a reader process (PDF_ENGINE auto or pdfium; pdfium.ts, docs/decisions.md "PDFium first"); pdf.js
 * reads only what the first reader does not do as pdf.js would: a page with less than a usable text layer (it may be a
 * scan to OCR), a page of right-to-left or vertical script (both order those otherwise), a page PDFium leaves (form
 * fields, a /Rotate), or the whole PDF when the first reader cannot open it or pdftotext complains of an error (a
 * damaged or password-protected file: pdf.js names it); of a damaged file that pdf.js cannot read at all, what
 * pdftotext read is kept. Beside each page's reading-order text comes its layout text (issue 24 §1): `pdftotext
 * -layout` where pdftotext read the page, PDFium's characters or pdf.js's runs laid out by layout-text.ts else.
 */

export type { PdfAttachment } from "./pdfium";
export type { PdfPageWarning } from "./pdfjs";
/** a PDF's texts, and the files embedded in it that may be XML (an e-invoice's, issue 25) */
export type PdfText = PageTexts & { attachments: PdfAttachment[] };
export type PdfOptions = {
  languages: readonly string[];
  /** the largest page image rendered for OCR, in pixels; pages are rendered at 300 dpi or less */
  maxRenderPixels?: number;
  /** the document's time limit: its abort kills the reader and the OCR */
  signal?: AbortSignal;
  /** the document's memory limit (reader growth, native tools' address space) */
  memoryBytes: number;
  /** auto (default: the environment's PDF_ENGINE), pdfium, pdfjs or native */
  engine?: EngineChoice<PdfEngine>;
  /** the OCR engine of scanned pages */
  ocrEngine?: OcrOptions["engine"];
  /** OCR the images of pages with a text layer too (pdf.js reads such a document: it knows where the images are) */
  ocrImages?: boolean;
};

/** 300 dpi of an A4 page is 8.7 million pixels, of A3 17.4 million */
export const DEFAULT_MAX_RENDER_PIXELS = 20_000_000;

export async function readPdf(bytes: Uint8Array, options: PdfOptions): Promise<PdfText> {
  const engine = pdfEngineFor(options.engine);
  // the embedded files only where the file names any (an e-invoice's XML: ZUGFeRD, Factur-X); PDFium takes them out
  const embeds = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes("/EmbeddedFile");
  const pdfium =
    engine === "pdfium" && namesCatalog(bytes) ? await readPdfiumInReader(bytes, { ...options, attachments: embeds }) : null;
  const text = await readPdfText(bytes, options, engine, pdfium);
  let attachments = pdfium?.attachments ?? [];
  // another engine read the text: PDFium opens the file for its embedded files only (not again where it failed)
  if (embeds && engine !== "pdfium" && namesCatalog(bytes))
    attachments = (await readPdfiumInReader(bytes, { ...options, pages: [], attachments: true }))?.attachments ?? [];
  return { ...text, attachments };
}

async function readPdfText(
  bytes: Uint8Array,
  options: PdfOptions,
  engine: ReturnType<typeof pdfEngineFor>,
  pdfium: Awaited<ReturnType<typeof readPdfiumInReader>>,
): Promise<PageTexts> {
  const native = engine === "native" ? await pdftotext(bytes, options) : undefined;
  if (native && !native.complaint) return completeFirst(bytes, native, options);
  if (pdfium) return completeFirst(bytes, { ...pdfium, complaint: null }, options);
  try {
    // a file pdf.js cannot open fails here, before a reader process is started for it (seconds on a busy machine)
    if (!namesCatalog(bytes)) throw new DocumentProcessingError("UnreadableDocument", NO_CATALOG);
    const { numPages: _, ...result } = await withPdfJs(bytes, options);
    return result;
  } catch (error) {
    // a damaged file pdf.js cannot read at all, of which poppler read some text (it repairs more, e.g. a stream whose
    // length and end are wrong): poppler's text, with its complaint as the warning
    if (!(error instanceof DocumentProcessingError) || error.code !== "UnreadableDocument") throw error;
    if (!native?.complaint || !native.pages.some((page) => letters(page) > 0)) throw error;
    return {
      pages: native.pages,
      layout: native.layout,
      ocrPages: 0,
      turnedPages: 0,
      warnings: [{ page: 1, reason: native.complaint, repaired: true }],
    };
  }
}

/** pdf.js's own words for a file in which it finds no trailer with a catalog */
const NO_CATALOG = "The PDF could not be read: Invalid PDF structure.";
/** the names /Root and /Encrypt, each letter plain or written as #xx (a name may spell any byte so) */
const CATALOG_NAME = /\/(?:R|#52)(?:o|#6f)(?:o|#6f)(?:t|#74)|\/(?:E|#45)(?:n|#6e)(?:c|#63)(?:r|#72)(?:y|#79)(?:p|#70)(?:t|#74)/i;

/**
 * Whether pdf.js can open the file at all: it finds the document through a dictionary with `/Root` (the trailer, a
 * cross-reference stream's dictionary, an object it indexes; none of them is ever compressed), and only a file with
 * `/Encrypt` may ask for a password before it looks for the catalog. A file without either name (cut off in its
 * first object, or not a PDF after its header) is InvalidPDFException in every one of pdf.js's readings, strict,
 * lenient or rebuilt. False only when pdf.js would fail: anything else is left to pdf.js.
 */
export function namesCatalog(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.includes("/Root") || buffer.includes("/Encrypt")) return true;
  // a name written with #xx escapes: rare, and only then is the whole file read as text
  return buffer.includes("#") && CATALOG_NAME.test(buffer.toString("latin1"));
}

function withPdfJs(bytes: Uint8Array, options: PdfOptions, pages?: readonly number[]) {
  return readInReader(bytes, {
    maxRenderPixels: options.maxRenderPixels ?? DEFAULT_MAX_RENDER_PIXELS,
    ocrImages: options.ocrImages,
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

/** a first reader's pages: pdftotext's, or PDFium's with the pages it `leave`s to pdf.js */
type NativeText = { pages: string[]; layout: string[]; complaint: string | null; leave?: readonly number[] };

/**
 * Each page's text by pdftotext, and by `pdftotext -layout`, and its first complaint of an error (then pdf.js reads
 * the whole file first), or undefined when it read nothing (a password, a file it cannot open, its output past the
 * limit). A page the layout run did not give (it failed where the first did not) has its reading-order text.
 */
async function pdftotext(bytes: Uint8Array, options: PdfOptions): Promise<NativeText | undefined> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, "in.pdf");
    await writeFile(file, bytes);
    const read = await pdftotextRun(file, path.join(dir, "out.txt"), [], options);
    if (!read) return undefined;
    const layout = read.complaint ? undefined : await pdftotextRun(file, path.join(dir, "layout.txt"), ["-layout"], options);
    return {
      pages: read.pages,
      layout: read.pages.map((page, i) => layout?.pages[i] ?? page),
      complaint: read.complaint,
    };
  });
}

async function pdftotextRun(
  file: string,
  out: string,
  mode: string[],
  options: PdfOptions,
): Promise<{ pages: string[]; complaint: string | null } | undefined> {
  let run: Awaited<ReturnType<typeof runTool>>;
  try {
    run = await runTool("pdftotext", [...mode, "-enc", "UTF-8", "-eol", "unix", file, out], {
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
  // -layout ends lines in the spaces of the columns it padded: layout text has no spaces at a line's end
  const tidy = (page: string) => (mode.length ? page.replace(/ +$/gm, "") : page).replace(/\n+$/, "");
  return { pages: pages.map(tidy), complaint: complaint?.slice(0, 300) ?? null };
}

/** the first reader's pages (pdftotext's, PDFium's), with the ones it cannot read as pdf.js would read by pdf.js */
async function completeFirst(bytes: Uint8Array, native: NativeText, options: PdfOptions): Promise<PageTexts> {
  const { pages, layout } = native;
  const instead = pages.flatMap((text, i) =>
    native.leave?.includes(i + 1) || letters(text) < USABLE_TEXT || RTL_SCRIPT.test(text) || VERTICAL_SCRIPT.test(text)
      ? [i + 1]
      : [],
  );
  // with OcrImages pdf.js reads every page (it knows which show images): poppler's pages keep their text, with what
  // OCR of their images found beyond it
  const again = options.ocrImages ? pages.map((_, i) => i + 1) : instead;
  if (again.length === 0) return { pages, layout, ocrPages: 0, turnedPages: 0, warnings: [] };
  const read = await withPdfJs(bytes, options, again);
  if (read.numPages !== pages.length) {
    // the two disagree on the pages (a damaged file each repairs its own way): pdf.js reads it all
    const { numPages: _, ...all } = await withPdfJs(bytes, options);
    return all;
  }
  const warnings = read.warnings.map((warning) => ({ ...warning }));
  let unreadable = 0;
  again.forEach((n, i) => {
    const first = { text: pages[n - 1] ?? "", layout: layout[n - 1] ?? "" };
    const other = { text: read.pages[i] ?? "", layout: read.layout[i] ?? "" };
    // a page pdf.js could not read keeps what the first reader read of it, if anything
    const failed = warnings.find((w) => w.page === n && !w.repaired);
    if (failed && first.text.trim() !== "") failed.repaired = true;
    else if (failed) unreadable++;
    const kept = failed ? first : instead.includes(n) ? other : withImageText(first, other);
    pages[n - 1] = kept.text;
    layout[n - 1] = kept.layout;
  });
  // as pdf.js alone says it: only a PDF of which no page is readable is unreadable
  if (pages.length > 0 && unreadable === pages.length)
    throw new DocumentProcessingError(
      "UnreadableDocument",
      `The PDF could not be read: no page is readable (${warnings[0]?.reason ?? "unknown"}).`,
    );
  return { pages, layout, ocrPages: read.ocrPages, turnedPages: read.turnedPages, warnings };
}
