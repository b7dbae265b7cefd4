import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { init, type WrappedPdfiumModule } from "@embedpdf/pdfium";
import { layoutTextOfRuns } from "./layout-text";
import { type LayoutItem, readingOrderText } from "./pdf-layout";

/**
 * A PDF's text layers read by PDFium (Chrome's PDF engine, compiled to WebAssembly: @embedpdf/pdfium, MIT and BSD),
 * the zero-install reader's fast first pass (issue 24 §4, docs/pdf-reader-candidates.md, docs/decisions.md "PDFium
 * first"): PDFium gives every character with its box, and the characters of one word make one run for the same
 * layout code pdf.js's runs go through (pdf-layout.ts for the reading order, layout-text.ts for the layout text).
 * A page PDFium does not read as pdf.js would is named in `leave`, for pdf.js to read: one with form fields (their
 * values live in annotations) or a /Rotate; pdf.ts hands pdf.js the pages with too little text (a scan to OCR),
 * right-to-left or vertical script too, as it does pdftotext's. This module runs in a PDF reader process
 * (pdf-child.ts), whose memory the worker watches.
 */

export type PdfiumText = {
  /** each asked page's reading-order text and layout text ("" for a page left to pdf.js) */
  pages: string[];
  layout: string[];
  /** the pages (1-based) left to pdf.js */
  leave: number[];
  numPages: number;
  /** the files embedded in the PDF that may be XML (an e-invoice's: ZUGFeRD, Factur-X), when asked for */
  attachments?: PdfAttachment[];
};
export type PdfAttachment = { name: string; bytes: Uint8Array };

/** the largest embedded file taken out of a PDF (an e-invoice's XML is kilobytes, a large one a few megabytes) */
export const MAX_ATTACHMENT_BYTES = 32 * 2 ** 20;

/**
 * The module's memory as typed arrays: a view is replaced when the memory grows (a document loaded, a page parsed), so
 * it is taken afresh after such a call, never kept across one.
 */
type Heaps = { HEAPU8: Uint8Array; HEAPF32: Float32Array; HEAPF64: Float64Array };
const heaps = (m: WrappedPdfiumModule) => m.pdfium as unknown as Heaps;
/**
 * The calls of the per-character loop, straight into the module's exports: the package's wrappers (cwrap, then an
 * export wrapper with assertions) look each function up and convert its arguments on every call, a third of the time
 * of a long document's reading.
 */
type CharCalls = {
  FPDFText_CountChars(textPage: number): number;
  FPDFText_GetUnicode(textPage: number, index: number): number;
  FPDFText_IsGenerated(textPage: number, index: number): number;
  FPDFText_GetMatrix(textPage: number, index: number, matrix: number): number;
  FPDFText_GetFontSize(textPage: number, index: number): number;
  FPDFText_GetCharOrigin(textPage: number, index: number, x: number, y: number): number;
  FPDFText_GetLooseCharBox(textPage: number, index: number, rect: number): number;
};
const charCalls = (m: WrappedPdfiumModule) => m.pdfium.wasmExports as unknown as CharCalls;

let loaded: Promise<WrappedPdfiumModule> | undefined;

/** PDFium's WebAssembly module, compiled once per process (about 60 ms) */
function pdfium(): Promise<WrappedPdfiumModule> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const module = await init({ wasmBinary: readFileSync(require.resolve("@embedpdf/pdfium/pdfium.wasm")) } as never);
    module.PDFiumExt_Init();
    return module;
  })();
  return loaded;
}

/** Loads PDFium before the first document (a reader process does at its start). */
export async function warmUpPdfium(): Promise<void> {
  await pdfium();
}

const FPDF_ANNOT_WIDGET = 20;
/** characters PDFium stands in for a hyphen it took from a line's end (0x02), and for a line break it made */
const JOINED_HYPHEN = 0x02;
const CR = 0x0d;
/** poppler's smallest gap between two words, in font sizes */
const WORD_BREAK = 0.1;
const LF = 0x0a;

/**
 * Each page's texts by PDFium, or null when PDFium cannot open the file (damaged past its repair, a password, not a
 * PDF): pdf.js reads it then, and names what is wrong.
 */
export async function readPdfium(
  bytes: Uint8Array,
  options: { pages?: readonly number[]; attachments?: boolean } = {},
): Promise<PdfiumText | null> {
  const m = await pdfium();
  const heap = m.pdfium;
  const data = heap.wasmExports.malloc(bytes.length);
  // FS_RECTF, FS_MATRIX (floats) and two doubles of a character's origin
  const scratch = heap.wasmExports.malloc(64);
  let doc = 0;
  try {
    heaps(m).HEAPU8.set(bytes, data);
    doc = m.FPDF_LoadMemDocument(data, bytes.length, "");
    if (!doc) return null;
    const numPages = m.FPDF_GetPageCount(doc);
    const wanted = options.pages ?? Array.from({ length: numPages }, (_, i) => i + 1);
    const result: PdfiumText = { pages: [], layout: [], leave: [], numPages };
    if (options.attachments) result.attachments = xmlAttachments(m, doc);
    for (const n of wanted) {
      const read = n >= 1 && n <= numPages ? readPage(m, doc, n - 1, scratch) : null;
      if (!read) {
        result.leave.push(n);
        result.pages.push("");
        result.layout.push("");
      } else {
        result.pages.push(read.text);
        result.layout.push(read.layout);
      }
    }
    return result;
  } finally {
    if (doc) m.FPDF_CloseDocument(doc);
    heap.wasmExports.free(scratch);
    heap.wasmExports.free(data);
  }
}

/** One page's texts, or null when it is pdf.js's to read (form fields, a /Rotate, a page PDFium cannot load). */
function readPage(m: WrappedPdfiumModule, doc: number, index: number, scratch: number): { text: string; layout: string } | null {
  const page = m.FPDF_LoadPage(doc, index);
  if (!page) return null;
  let textPage = 0;
  try {
    if (m.FPDFPage_GetRotation(page) !== 0 || hasWidgets(m, page)) return null;
    // the visible box (crop box within the media box) in PDF space: device space starts at its top left
    if (!m.FPDF_GetPageBoundingBox(page, scratch)) return null;
    const [left = 0, top = 0, right = 0, bottom = 0] = heaps(m).HEAPF32.subarray(scratch / 4, scratch / 4 + 4);
    const box = { left, top, width: right - left, height: top - bottom };
    textPage = m.FPDFText_LoadPage(page);
    if (!textPage) return null;
    const words = pageWords(m, textPage, scratch);
    const size = { width: box.width, height: box.height };
    const items = (runs: readonly Run[]) => runs.map((run) => itemOf(run, box));
    // the reading order from words, each with its exact extent; the layout text from phrases, as pdf.js's items
    return { text: readingOrderText(items(words), size), layout: layoutTextOfRuns(items(phrases(words)), size) };
  } finally {
    if (textPage) m.FPDFText_ClosePage(textPage);
    m.FPDF_ClosePage(page);
  }
}

/**
 * The embedded files whose bytes start as XML does (after a byte-order mark and white space, `<`), up to
 * MAX_ATTACHMENT_BYTES each: an e-invoice's XML is told by its content, whatever its name (issue 25).
 */
function xmlAttachments(m: WrappedPdfiumModule, doc: number): PdfAttachment[] {
  const found: PdfAttachment[] = [];
  const count = m.FPDFDoc_GetAttachmentCount(doc);
  const heap = m.pdfium.wasmExports;
  const size = heap.malloc(8);
  try {
    for (let i = 0; i < count; i++) {
      const attachment = m.FPDFDoc_GetAttachment(doc, i);
      if (!attachment) continue;
      // first the size (no buffer), then the bytes
      if (!m.FPDFAttachment_GetFile(attachment, 0, 0, size)) continue;
      // an unsigned long of wasm32: four bytes
      const length = new DataView(heaps(m).HEAPU8.buffer).getUint32(size, true);
      if (length === 0 || length > MAX_ATTACHMENT_BYTES) continue;
      const data = heap.malloc(length);
      try {
        if (!m.FPDFAttachment_GetFile(attachment, data, length, size)) continue;
        const bytes = heaps(m).HEAPU8.slice(data, data + length);
        if (!startsAsXml(bytes)) continue;
        found.push({ name: attachmentName(m, attachment), bytes });
      } finally {
        heap.free(data);
      }
    }
  } finally {
    heap.free(size);
  }
  return found;
}

function startsAsXml(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x3c;
}

/** the attachment's name (UTF-16LE, as PDFium gives it) */
function attachmentName(m: WrappedPdfiumModule, attachment: number): string {
  const length = m.FPDFAttachment_GetName(attachment, 0, 0);
  if (length <= 2) return "";
  const buffer = m.pdfium.wasmExports.malloc(length);
  try {
    m.FPDFAttachment_GetName(attachment, buffer, length);
    return new TextDecoder("utf-16le").decode(heaps(m).HEAPU8.slice(buffer, buffer + length - 2));
  } finally {
    m.pdfium.wasmExports.free(buffer);
  }
}

function hasWidgets(m: WrappedPdfiumModule, page: number): boolean {
  const count = m.FPDFPage_GetAnnotCount(page);
  for (let i = 0; i < count; i++) {
    const annot = m.FPDFPage_GetAnnot(page, i);
    if (!annot) continue;
    const widget = m.FPDFAnnot_GetSubtype(annot) === FPDF_ANNOT_WIDGET;
    m.FPDFPage_CloseAnnot(annot);
    if (widget) return true;
  }
  return false;
}

type Run = {
  chars: string;
  /** the first character's rendering matrix (font size included) and origin, in PDF space */
  matrix: [number, number, number, number];
  x: number;
  y: number;
  /** the unit vector along the text */
  ux: number;
  uy: number;
  /** along the run's direction: where it starts, how far its boxes reach, where its last character stands */
  start: number;
  end: number;
  last: number;
  size: number;
  ascent: number;
  descent: number;
  /** a space of the PDF's own stands between the run before and this one, and nothing else */
  spaced: boolean;
};

/** a run's baseline offset from another's, across the text */
const offLine = (a: Run, b: Run) => Math.abs((b.y - a.y) * a.ux - (b.x - a.x) * a.uy);
const sameWay = (a: Run, b: Run) => Math.abs(a.ux - b.ux) + Math.abs(a.uy - b.uy) < 0.01;

/** a run in device space (y downwards from the visible box's top left), as pdfjs.ts makes pdf.js's items */
function itemOf(run: Run, box: { left: number; top: number }): LayoutItem {
  const [a, b, c, d] = run.matrix;
  // a box without the font's ascent and descent (a Type 3 font, a zero-height box): poppler's 0.95 and -0.35
  const metrics = run.ascent > 0 && run.ascent < 3 && run.descent > -3;
  return {
    str: run.chars,
    transform: [a, -b, c, -d, run.x - box.left, box.top - run.y],
    width: Math.max(0, run.end - run.start),
    fontSize: run.size,
    font: `${run.size.toFixed(1)}`,
    ascent: metrics ? run.ascent : 0.95,
    descent: metrics ? Math.min(0, run.descent) : -0.35,
  };
}

/**
 * Words joined into phrases as pdf.js's items join them: a word after a space of the PDF's own (not one PDFium put
 * into a gap), on the same baseline, in the same size and direction, at most a size and a half after the one before.
 * The layout text places phrases, as it places pdf.js's items: a phrase keeps its spacing, and the page's character
 * width counts its spaces (words alone would make it wider, the columns fewer than pdf.js's and poppler's).
 */
function phrases(words: readonly Run[]): Run[] {
  const joined: Run[] = [];
  for (const word of words) {
    const last = joined.at(-1);
    const gap = last ? word.start - last.end : 0;
    if (
      last &&
      word.spaced &&
      sameWay(last, word) &&
      offLine(last, word) < 0.2 * last.size &&
      Math.abs(word.size - last.size) < 0.05 * last.size &&
      gap >= 0 &&
      gap <= 1.5 * last.size
    ) {
      joined[joined.length - 1] = {
        ...last,
        chars: `${last.chars} ${word.chars}`,
        end: word.end,
        last: word.last,
        ascent: Math.max(last.ascent, word.ascent),
        descent: Math.min(last.descent, word.descent),
      };
    } else joined.push(word);
  }
  return joined;
}

/**
 * The page's words in stream order: a word ends at a space (PDFium's own or one it put between words standing apart),
 * at a line's end, or where the next character is on another baseline, in another size or direction, or a gap of a
 * tenth of the size further (poppler's word break).
 */
function pageWords(m: WrappedPdfiumModule, textPage: number, scratch: number): Run[] {
  // the text page is loaded: reading its characters allocates nothing, the views stay
  const { HEAPF32: f32, HEAPF64: f64 } = heaps(m);
  const c = charCalls(m);
  const rect = scratch / 4;
  const matrix = scratch / 4 + 4;
  const origin = (scratch + 40) / 8;
  const words: Run[] = [];
  let run: Run | undefined;
  /** since the last word: only spaces of the PDF's own (true), or something else too (false) */
  let spaced = false;
  const end = () => {
    if (run) words.push(run);
    run = undefined;
  };
  const count = c.FPDFText_CountChars(textPage);
  for (let i = 0; i < count; i++) {
    let code = c.FPDFText_GetUnicode(textPage, i);
    if (code === CR || code === LF || code === 0 || code === 0x20 || code === 0xa0 || code === 0x09) {
      const own = code === 0x20 && !c.FPDFText_IsGenerated(textPage, i);
      spaced = (run !== undefined || spaced) && own;
      end();
      continue;
    }
    if (code === JOINED_HYPHEN) code = 0x2d;
    if (!c.FPDFText_GetMatrix(textPage, i, scratch + 16)) continue;
    const fontSize = c.FPDFText_GetFontSize(textPage, i);
    const [ma, mb, mc, md] = [f32[matrix] ?? 1, f32[matrix + 1] ?? 0, f32[matrix + 2] ?? 0, f32[matrix + 3] ?? 1];
    const scale = Math.hypot(ma, mb) || 1;
    // the unit vector along the text, and the character's size across it
    const [ux, uy] = [ma / scale, mb / scale];
    const size = fontSize * (Math.hypot(mc, md) || 1);
    if (!(size > 0)) continue;
    c.FPDFText_GetCharOrigin(textPage, i, scratch + 40, scratch + 48);
    const [ox = 0, oy = 0] = [f64[origin] ?? 0, f64[origin + 1] ?? 0];
    c.FPDFText_GetLooseCharBox(textPage, i, scratch);
    const [l, t, r, bt] = [f32[rect] ?? ox, f32[rect + 1] ?? oy, f32[rect + 2] ?? ox, f32[rect + 3] ?? oy];
    // the box's reach along the text (the larger of its edges' projections) and across it (above the baseline
    // positive), written out: this runs once per character
    const reach = Math.max(l * ux, r * ux) + Math.max(t * uy, bt * uy);
    const rise = Math.max((t - oy) * ux, (bt - oy) * ux) + Math.max(-(l - ox) * uy, -(r - ox) * uy);
    const fall = Math.min((t - oy) * ux, (bt - oy) * ux) + Math.min(-(l - ox) * uy, -(r - ox) * uy);
    const at = ox * ux + oy * uy;
    const char = String.fromCodePoint(code);
    const next: Run = {
      chars: char,
      matrix: [ma * fontSize, mb * fontSize, mc * fontSize, md * fontSize],
      x: ox,
      y: oy,
      ux,
      uy,
      start: at,
      end: Math.max(at, reach),
      last: at,
      size,
      ascent: rise / size,
      descent: fall / size,
      spaced,
    };
    if (run) {
      // a ligature's letters (fl) share one glyph's origin and box; a gap of a tenth of the size parts two words, as
      // poppler parts them (PDFium puts a space only into wider gaps)
      const near = (at >= run.end - 0.5 * run.size || Math.abs(at - run.last) < 0.01) && at <= run.end + WORD_BREAK * run.size;
      const same = sameWay(run, next) && offLine(run, next) < 0.2 * run.size && Math.abs(size - run.size) < 0.05 * run.size;
      if (!(near && same)) {
        end();
        next.spaced = false;
      }
    }
    spaced = false;
    if (!run) run = next;
    else {
      run.chars += char;
      run.end = Math.max(run.end, reach);
      run.last = at;
      run.ascent = Math.max(run.ascent, rise / size);
      run.descent = Math.min(run.descent, fall / size);
    }
  }
  end();
  return words;
}
