import { type DocumentType, decodeTextBytes, isImageType } from "./detect";
import { DocumentProcessingError, untilAborted } from "./errors";
import type { EngineChoice, OcrEngine, PdfEngine } from "./native";
import { DEFAULT_OCR_LANGUAGES, type OcrOptions, ocrPage } from "./ocr";
import { type PdfAttachment, type PdfPageWarning, readPdf } from "./pdf";
import { DEFAULT_MAX_IMAGE_PIXELS, imageSize } from "./raster";

/**
 * DESIGN.md "Processing a job": PDF -> its text layer and page count, pages without one read by OCR (pdf.ts); image
 * -> OCR (ocr.ts: tesseract.js, language data from node_modules, never the network); text -> decoded.
 */

export type ExtractionMethod = "pdf" | "ocr" | "text";
export type ExtractedText = {
  /** in reading order (a page's columns one after the other), pages joined by a form feed */
  text: string;
  /**
   * each printed line one line, columns spaced as on the page (issue 24 §1: pdftotext -layout, pdf.js positions, the
   * OCR's word boxes); a text document's is its text
   */
  layoutText: string;
  pages: number;
  isMultiPage: boolean;
  method: ExtractionMethod;
  /** pages read by OCR (all of an image's, a PDF's scanned ones), and how many of them were turned upright first */
  ocrPages: number;
  turnedPages: number;
  /** damaged pages: left empty, or read anyway (`repaired`); the others kept */
  warnings: PdfPageWarning[];
  /** a PDF's embedded files that may be XML (an e-invoice's: ZUGFeRD, Factur-X); absent for other documents */
  attachments?: PdfAttachment[];
};
export type ExtractOptions = {
  /** tesseract language codes, the first one primary; each needs the npm package @tesseract.js-data/<code> */
  ocrLanguages?: readonly string[];
  /**
   * also read by OCR what the images of PDF pages that have a text layer show (a letterhead, an address block set as an
   * image): the project's property `OcrImages` (issue 24 §5); the text OCR finds beyond the text layer is added
   */
  ocrImages?: boolean;
  /** an image of more pixels is refused (ImageTooLarge); a PDF page is rendered at most this large for OCR */
  maxImagePixels?: number;
  /** the document's time limit (worker configuration documentTimeoutSeconds): its abort ends the reading at once */
  signal?: AbortSignal;
  /**
   * the document's memory limit (worker configuration documentMemoryMegabytes): what reading it may take beyond the
   * worker's own memory; beyond it the document is DocumentTooLarge
   */
  memoryMegabytes?: number;
  /** the engines (default: the environment's OCR_ENGINE and PDF_ENGINE, auto) */
  ocrEngine?: EngineChoice<OcrEngine>;
  pdfEngine?: EngineChoice<PdfEngine>;
};

/** the memory one document may take when the worker settings do not say */
export const DEFAULT_DOCUMENT_MEMORY_MEGABYTES = 2048;
/**
 * What OCR of an image takes per pixel at its peak (measured, docs/decisions.md "Memory per document": tesseract's
 * grey, binary and scaled copies, the decoded RGBA when the page is turned): an image whose pixels need more than the
 * document's memory is refused from its header, before anything is decoded.
 */
export const OCR_BYTES_PER_PIXEL = 12;

export type { DocumentProcessingErrorCode } from "./errors";
export { DEFAULT_OCR_LANGUAGES, languageDataDir, ocrLangPath, terminateOcr } from "./ocr";
export { terminatePdfReaders } from "./pdf-readers";
export { DocumentProcessingError };

/** pages are joined with a form feed, as pdftotext does */
export const PAGE_SEPARATOR = "\f";

export async function extractText(bytes: Uint8Array, type: DocumentType, opts: ExtractOptions = {}): Promise<ExtractedText> {
  return untilAborted(extract(bytes, type, opts), opts.signal);
}

async function extract(bytes: Uint8Array, type: DocumentType, opts: ExtractOptions): Promise<ExtractedText> {
  const languages = opts.ocrLanguages ?? DEFAULT_OCR_LANGUAGES;
  const memoryBytes = (opts.memoryMegabytes ?? DEFAULT_DOCUMENT_MEMORY_MEGABYTES) * 2 ** 20;
  const ocr: OcrOptions = { signal: opts.signal, memoryBytes, engine: opts.ocrEngine };
  if (type === "pdf") {
    const pdf = await readPdf(bytes, {
      languages,
      maxRenderPixels: opts.maxImagePixels,
      signal: opts.signal,
      memoryBytes,
      engine: opts.pdfEngine,
      ocrEngine: opts.ocrEngine,
      ocrImages: opts.ocrImages,
    });
    const pages = pdf.pages.length;
    return {
      text: pdf.pages.join(PAGE_SEPARATOR),
      layoutText: pdf.layout.join(PAGE_SEPARATOR),
      pages,
      isMultiPage: pages > 1,
      method: "pdf",
      ocrPages: pdf.ocrPages,
      turnedPages: pdf.turnedPages,
      warnings: pdf.warnings,
      ...(pdf.attachments.length ? { attachments: pdf.attachments } : {}),
    };
  }
  if (type === "text") {
    // detectType has accepted these bytes as text; a legacy 8-bit file only passes with a text name
    const text = decodeTextBytes(bytes, true);
    if (text === undefined) throw new DocumentProcessingError("UnreadableDocument", "The document is not readable text.");
    return { text, layoutText: text, pages: 1, isMultiPage: false, method: "text", ocrPages: 0, turnedPages: 0, warnings: [] };
  }
  if (isImageType(type)) return extractImage(bytes, type, languages, opts.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS, ocr);
  throw new DocumentProcessingError(
    "UnsupportedDocumentType",
    `Unsupported document type "${type}": the file is neither a PDF, an image (PNG, JPEG, TIFF, BMP, GIF, WebP) nor text.`,
  );
}

// ---------------------------------------------------------------------------------------------- OCR

function refuseLarge(bytes: Uint8Array, type: DocumentType, maxPixels: number, memoryBytes: number): void {
  let size: { width: number; height: number } | undefined;
  try {
    size = imageSize(bytes, type);
  } catch {
    return; // a header that cannot be read: tesseract says so
  }
  if (!size) return;
  const pixels = size.width * size.height;
  if (pixels > maxPixels)
    throw new DocumentProcessingError(
      "ImageTooLarge",
      `The ${type.toUpperCase()} image has ${size.width} × ${size.height} pixels, more than the ${maxPixels.toLocaleString("en-US")} allowed.`,
    );
  const megabytes = Math.round(memoryBytes / 2 ** 20);
  if (pixels * OCR_BYTES_PER_PIXEL > memoryBytes)
    throw new DocumentProcessingError(
      "DocumentTooLarge",
      `The ${type.toUpperCase()} image has ${size.width} × ${size.height} pixels: reading it needs about ${Math.ceil((pixels * OCR_BYTES_PER_PIXEL) / 2 ** 20)} MB, more than the ${megabytes} MB allowed per document.`,
      { params: { megabytes } },
    );
}

async function extractImage(
  bytes: Uint8Array,
  type: DocumentType,
  languages: readonly string[],
  maxPixels: number,
  ocr: OcrOptions,
): Promise<ExtractedText> {
  // tesseract reads the first page of a TIFF only: each further page is recognised on its own
  refuseLarge(bytes, type, maxPixels, ocr.memoryBytes ?? DEFAULT_DOCUMENT_MEMORY_MEGABYTES * 2 ** 20);
  const images = type === "tiff" ? tiffPages(bytes) : [bytes];
  const texts: string[] = [];
  const layouts: string[] = [];
  let turnedPages = 0;
  for (const image of images) {
    ocr.signal?.throwIfAborted();
    const result = await ocrPage({ bytes: image, type }, languages, ocr);
    texts.push(result.text);
    layouts.push(result.layout);
    if (result.turned) turnedPages++;
  }
  return {
    text: texts.join(PAGE_SEPARATOR),
    layoutText: layouts.join(PAGE_SEPARATOR),
    pages: texts.length,
    isMultiPage: texts.length > 1,
    method: "ocr",
    ocrPages: texts.length,
    turnedPages,
    warnings: [],
  };
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
