import { createRequire } from "node:module";
import path from "node:path";
import { createIsomorphicCanvasFactory, definePDFJSModule, getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { DocumentProcessingError, errorMessage } from "./errors";
import { layoutTextOfRuns } from "./layout-text";
import { type LayoutItem, readingOrderText } from "./pdf-layout";
import { type GreyImage, greyFromRgba, type QuarterTurn } from "./raster";

/**
 * A PDF's text, page by page, read by pdf.js (DESIGN.md "Processing a job"), as OCRmyPDF and paperless-ngx read scans:
 * a page with a usable text layer keeps it; a page without one that shows an image (a scan, a photographed page, a
 * fax) is rendered (pdf.js on Skia, @napi-rs/canvas) and handed to `ocr`. A page pdf.js cannot read (a bad stream, a
 * broken object) is left empty with a warning, and the others are kept; only a PDF with no readable page at all is
 * UnreadableDocument. A PDF encrypted with an empty user password opens as any other; one that needs a password is
 * PasswordProtected. This module runs in a PDF reader process of its own (pdf-readers.ts), whose memory the worker
 * watches: it knows nothing of OCR engines.
 */

/** A damaged page: why, and whether its text was read anyway (leniently, rebuilt, or by poppler) */
export type PdfPageWarning = { page: number; reason: string; repaired?: true };
export type PdfText = {
  /** each page's text in reading order, in page order (of `pages` when only some were asked for) */
  pages: string[];
  /** each page's layout text (layout-text.ts: printed lines kept, columns spaced as on the page), beside `pages` */
  layout: string[];
  /** pages read by OCR, and how many of them were turned upright first */
  ocrPages: number;
  turnedPages: number;
  warnings: PdfPageWarning[];
};
export type PdfJsOptions = {
  /** the largest page image rendered for OCR, in pixels; pages are rendered at 300 dpi or less */
  maxRenderPixels?: number;
  /** a page with a text layer that shows an image is read by OCR too, and the lines OCR finds beyond the text are added */
  ocrImages?: boolean;
  /** only these pages (1-based), in this order; all when absent */
  pages?: readonly number[];
  /** reads a rendered page */
  ocr: (image: { grey: GreyImage; dpi: number }) => Promise<{ text: string; layout: string; turned: QuarterTurn }>;
};

/** Letters and digits a text layer needs to be kept on a page that shows an image; fewer is a scan's stray label. */
export const USABLE_TEXT = 20;
const RENDER_DPI = 300;
/** pdfjs-dist's decoders for JPEG 2000 (scans from many copiers) and JBIG2, looked up when the first PDF is read */
const pdfjsDir = (folder: string) =>
  `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), folder)}/`;
/** 300 dpi of an A4 page is 8.7 million pixels, of A3 17.4 million */
export const DEFAULT_MAX_RENDER_PIXELS = 20_000_000;
const ALNUM = /[\p{L}\p{N}]/gu;

export const letters = (text: string) => text.match(ALNUM)?.length ?? 0;

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

let pdfjsDefined: Promise<void> | undefined;
/**
 * unpdf reads through pdfjs-dist's own build: the copy of pdf.js bundled in unpdf has its JPEG 2000 (OpenJPEG) loader
 * stripped, so a JPX scan rendered white and read as nothing; pdfjs-dist's build loads the decoder from its wasm folder.
 */
function pdfjsReady(): Promise<void> {
  pdfjsDefined ??= definePDFJSModule(() => import("pdfjs-dist/legacy/build/pdf.mjs"));
  return pdfjsDefined;
}

let canvasFactory: Promise<unknown> | undefined;
/** pdf.js draws on Skia in Node: the canvas module is loaded once, on the first PDF */
function canvas() {
  canvasFactory ??= createIsomorphicCanvasFactory(() => import("@napi-rs/canvas"));
  return canvasFactory;
}

type TextItem = {
  str: string;
  dir: string;
  transform: number[];
  hasEOL: boolean;
  width: number;
  height: number;
  fontName: string;
};
type FontStyle = { ascent?: number; descent?: number };

/** a page's text in reading order and its layout text */
type PageText = { text: string; layout: string };

/**
 * A page's text layer. Left-to-right script is laid out as pdftotext lays it out (pdf-layout.ts: lines, blocks,
 * columns and tables in reading order), so that pdf.js and the native engine give one text, and as `pdftotext -layout`
 * lays it out (layout-text.ts); right-to-left script goes line by line in logical order, vertical script column by
 * column, and their layout text is that text: columns spaced by x would put right-to-left words in drawing order.
 */
async function pageText(page: PdfPage): Promise<PageText> {
  const content = await page.getTextContent();
  const items = content.items.filter((item): item is TextItem & (typeof content.items)[number] => "str" in item);
  const same = (text: string) => ({ text, layout: text });
  if (items.some((item) => VERTICAL_SCRIPT.test(item.str))) return same(joinItems(items));
  if (!items.some((item) => item.dir === "rtl")) {
    const viewport = page.getViewport({ scale: 1 });
    const styles = content.styles as Record<string, FontStyle | undefined>;
    const runs = [...items, ...(await formFieldRuns(page))].map((item) =>
      layoutItem(item, viewport.transform, styles[item.fontName]),
    );
    return { text: readingOrderText(runs, viewport), layout: layoutTextOfRuns(runs, viewport) };
  }
  // a page with right-to-left script: each line on its own, in logical order. pdf.js's own normalisation would turn a
  // ligature glyph (lam with khah, U+FCCB) into its letters before it puts the item in reading order, which turns the
  // two letters round ("اخلطوط" for "الخطوط"): the glyphs are taken as they are, made letters once in order
  const raw = (await page.getTextContent({ disableNormalization: true } as never)).items.filter(
    (item): item is TextItem & (typeof content.items)[number] => "str" in item,
  );
  let text = "";
  let line: TextItem[] = [];
  for (const item of raw) {
    line.push(item);
    if (item.hasEOL) {
      text += logicalLine(line);
      line = [];
    }
  }
  return same(text + logicalLine(line));
}

/** What pdf.js tells of a form field's widget (getAnnotations), as far as its shown text goes. */
type WidgetData = {
  subtype?: string;
  fieldType?: string;
  fieldValue?: unknown;
  rect?: number[];
  multiLine?: boolean;
  combo?: boolean;
  options?: { exportValue?: string; displayValue?: string }[];
  defaultAppearanceData?: { fontSize?: number };
  /** the text of the widget's own appearance stream, line by line, and where it starts (page space) */
  textContent?: string[];
  textPosition?: number[];
};

/**
 * The values shown in a page's form fields (filled text fields, a combo box's choice) as text runs where they are
 * drawn: they live in annotations, outside the page's content stream, and pdf.js's text content leaves them out,
 * while pdftotext draws them (poppler renders each widget's appearance, or makes one for the value when the form asks
 * for it). A field's own appearance text is used where pdf.js reads one (its lines a font size apart); otherwise the value is placed as poppler
 * places a generated one: single-line text centred on the box (baseline at half its height less 0.4 of the font
 * size), several lines from its top, 2 pt in from the left. The glyph widths are not known there: half the font
 * size per character.
 */
async function formFieldRuns(page: PdfPage): Promise<TextItem[]> {
  const annotations = (await page.getAnnotations({ intent: "display" }).catch(() => [])) as WidgetData[];
  const runs: TextItem[] = [];
  const run = (str: string, x: number, y: number, size: number): TextItem =>
    ({
      str,
      dir: "ltr",
      transform: [size, 0, 0, size, x, y],
      width: str.length * size * 0.5,
      height: size,
      fontName: "form-field",
      hasEOL: false,
    }) as TextItem;
  for (const a of annotations) {
    if (a.subtype !== "Widget" || !a.rect || a.rect.length < 4) continue;
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = a.rect;
    const [left, bottom, top] = [Math.min(x1, x2), Math.min(y1, y2), Math.max(y1, y2)];
    const requested = a.defaultAppearanceData?.fontSize ?? 0;
    // 0 is "auto": poppler fits a single line to the box
    const size = requested > 0 ? requested : Math.max(4, Math.min(12, (top - bottom) * 0.7));
    let lines: string[] = [];
    if (a.textContent?.some((line) => line.trim() !== "")) lines = a.textContent;
    else if (a.fieldType === "Tx" && typeof a.fieldValue === "string") lines = a.fieldValue.split(/\r\n?|\n/);
    else if (a.fieldType === "Ch" && a.combo) {
      const value = Array.isArray(a.fieldValue) ? a.fieldValue[0] : a.fieldValue;
      const option = a.options?.find((o) => o.exportValue === value);
      if (typeof value === "string") lines = [option?.displayValue ?? value];
    }
    if (!lines.some((line) => line.trim() !== "")) continue;
    // pdf.js gives the appearance's text position from the box's lower left corner
    const [startX, startY] =
      a.textContent && a.textPosition?.length === 2
        ? [left + (a.textPosition[0] ?? 0), bottom + (a.textPosition[1] ?? 0)]
        : [left + 2, lines.length > 1 || a.multiLine ? top - 2 - size : bottom + (top - bottom) / 2 - 0.4 * size];
    lines.forEach((line, i) => {
      if (line.trim() !== "") runs.push(run(line, startX, startY - i * size, size));
    });
  }
  return runs;
}

/** pdf.js's item in device space (the viewport's: y downwards, the page's rotation applied) */
function layoutItem(item: TextItem, viewport: number[], style: FontStyle | undefined): LayoutItem {
  const [v0 = 1, v1 = 0, v2 = 0, v3 = 1, v4 = 0, v5 = 0] = viewport;
  const [t0 = 1, t1 = 0, t2 = 0, t3 = 1, t4 = 0, t5 = 0] = item.transform;
  const transform = [
    v0 * t0 + v2 * t1,
    v1 * t0 + v3 * t1,
    v0 * t2 + v2 * t3,
    v1 * t2 + v3 * t3,
    v0 * t4 + v2 * t5 + v4,
    v1 * t4 + v3 * t5 + v5,
  ];
  // As poppler: the font's ascent and descent, else 0.95 and -0.35 of its size. Poppler takes them from the font
  // descriptor, in thousandths (the font file's values cut to three places, as writers write them); pdf.js mostly from
  // the font file: cut the same way, lines set exactly a font's height apart do not overlap by a hair. pdf.js divides
  // some fonts' descriptor values by 2048 instead of 1000 (a line less than 0.75 high): those are scaled back.
  const wrongUnits = (style?.ascent ?? 0) - (style?.descent ?? 0) < 0.75 ? 2.048 : 1;
  const thousandths = (n: number | undefined) => Math.floor(Math.abs(n ?? 0) * wrongUnits * 1000 + 1e-6) / 1000;
  let ascent = thousandths(style?.ascent);
  let descent = thousandths(style?.descent);
  if (!(ascent > 0 && ascent < 3 && descent < 3)) [ascent, descent] = [0.95, 0.35];
  return {
    str: item.str,
    transform,
    width: item.width,
    fontSize: item.height > 0 ? item.height : Math.hypot(transform[2] as number, transform[3] as number),
    font: item.fontName,
    ascent,
    descent: -descent,
  };
}

function joinItems(items: readonly TextItem[]): string {
  let text = "";
  for (const [i, item] of items.entries()) {
    const next = items[i + 1];
    text += item.str + (item.hasEOL && !(next && continuesColumn(item, next)) ? "\n" : "");
  }
  return text;
}

export const VERTICAL_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFFEF]/u;

/**
 * Vertical writing (Japanese, Chinese, Korean set top to bottom, the columns right to left): writers draw it glyph by
 * glyph, and pdf.js ends a line after each, since each glyph stands below the last. A glyph directly below the one
 * before, in the same column (the same x within half a glyph, at most one and a half glyphs lower), continues its line.
 */
function continuesColumn(a: TextItem, b: TextItem): boolean {
  const size = Math.max(a.height, 1);
  const [ax = 0, ay = 0] = [a.transform[4], a.transform[5]];
  const [bx = 0, by = 0] = [b.transform[4], b.transform[5]];
  const drop = ay - by;
  return (
    Math.abs(ax - bx) < size / 2 &&
    drop > 0 &&
    drop < size * 1.6 &&
    VERTICAL_SCRIPT.test(a.str.at(-1) ?? "") &&
    VERTICAL_SCRIPT.test(b.str[0] ?? "")
  );
}

const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/gu;
/** a letter of a right-to-left script */
export const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
const LTR_LETTER = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/gu;
/** presentation forms (the glyph shapes fonts map to: Latin and Hebrew ligatures, Arabic forms): NFKC gives the letters back */
const PRESENTATION_FORMS = /[\uFB00-\uFDFF\uFE70-\uFEFF]/g;

type Direction = "rtl" | "ltr" | "neutral";

function directionOf(str: string): Direction {
  if (/[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u.test(str)) return "rtl";
  return /[\p{L}\p{N}]/u.test(str) ? "ltr" : "neutral";
}

/**
 * A line as it is read, not as it is drawn: pdf.js gives the glyphs of right-to-left script in drawing order (left to
 * right), with each item's own characters already in reading order. The line's direction is right-to-left when its
 * rightmost letter is, and its leftmost letter too or it has at least half as many right-to-left as other letters.
 * A right-to-left line is taken right to left, a run of left-to-right items in it (numbers, Latin words) keeping its
 * order; in a left-to-right line a run of right-to-left items is turned. Presentation forms become letters.
 */
function logicalLine(line: TextItem[]): string {
  const end = line.at(-1)?.hasEOL ? "\n" : "";
  const visual = line.filter((item) => item.str !== "").sort((a, b) => (a.transform[4] ?? 0) - (b.transform[4] ?? 0));
  const dirs = visual.map((item) => directionOf(item.str));
  const strong = dirs.filter((d) => d !== "neutral");
  if (!strong.includes("rtl")) return joinItems(line);
  const joined = joinItems(line);
  const rtlLetters = joined.match(RTL_LETTER)?.length ?? 0;
  const ltrLetters = joined.match(LTR_LETTER)?.length ?? 0;
  const base: Direction = strong.at(-1) === "rtl" && (strong[0] === "rtl" || 2 * rtlLetters >= ltrLetters) ? "rtl" : "ltr";
  const other: Direction = base === "rtl" ? "ltr" : "rtl";
  // units in visual order: a run of the other direction (neutrals between its items included) is one unit
  const units: string[] = [];
  for (let i = 0; i < visual.length; ) {
    if (dirs[i] !== other) {
      units.push((visual[i] as TextItem).str);
      i++;
      continue;
    }
    let j = i;
    let last = i;
    while (j < visual.length && dirs[j] !== base) {
      if (dirs[j] === other) last = j;
      j++;
    }
    const run = visual.slice(i, last + 1).map((item) => item.str);
    units.push((base === "ltr" ? run.reverse() : run).join(""));
    i = last + 1;
  }
  const ordered = base === "rtl" ? units.reverse() : units;
  return ordered.join("").replace(PRESENTATION_FORMS, (c) => c.normalize("NFKC")) + end;
}

async function showsImage(page: PdfPage): Promise<boolean> {
  const { OPS } = await getResolvedPDFJS();
  const images = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageXObjectRepeat]);
  const { fnArray } = await page.getOperatorList();
  return fnArray.some((op) => images.has(op));
}

async function renderGrey(page: PdfPage, maxPixels: number) {
  const base = page.getViewport({ scale: 1 });
  const fit = Math.sqrt(maxPixels / Math.max(1, base.width * base.height));
  const scale = Math.min(RENDER_DPI / 72, fit);
  const viewport = page.getViewport({ scale });
  const Factory = (await canvas()) as new () => {
    create(w: number, h: number): { canvas: unknown; context: CanvasRenderingContext2D };
    destroy(c: unknown): void;
  };
  const factory = new Factory();
  const drawing = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    await page.render({ canvas: drawing.canvas as HTMLCanvasElement, canvasContext: drawing.context, viewport }).promise;
    const { width, height } = drawing.context.canvas;
    const grey = greyFromRgba(drawing.context.getImageData(0, 0, width, height).data, width, height);
    return { grey, dpi: Math.round(scale * 72) };
  } finally {
    factory.destroy(drawing);
  }
}

async function open(bytes: Uint8Array, strict: boolean): Promise<PdfDocument> {
  await pdfjsReady();
  try {
    return await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      useSystemFonts: false,
      // errors only: the text layer needs no standard font data, whose absence pdf.js warns about
      verbosity: 0,
      // strict: a damaged page throws (and is named in a warning) instead of yielding what pdf.js could make of it
      stopAtErrors: strict,
      // pdf.js may take over (detach) the buffer it is given: it was handed a copy
      CanvasFactory: (await canvas()) as never,
      // JPEG 2000 and JBIG2 images are decoded by pdf.js's WebAssembly decoders, read from this folder
      wasmUrl: pdfjsDir("wasm"),
      // the predefined CMaps of CJK fonts a PDF does not embed (UniJIS-UCS2-V…): without them pdf.js maps none of their
      // characters and such a page reads as empty (issue 24 §1: a vertical Japanese PDF); pdfjs-dist ships them
      cMapUrl: pdfjsDir("cmaps"),
      cMapPacked: true,
    } as never);
  } catch (error) {
    const name = (error as { name?: string } | undefined)?.name;
    if (name === "PasswordException")
      throw new DocumentProcessingError("PasswordProtected", "The PDF is protected by a password.", { cause: error });
    throw new DocumentProcessingError("UnreadableDocument", `The PDF could not be read: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

/**
 * The same file with its cross-reference table to be rebuilt: its last `startxref` keyword blanked, so that pdf.js,
 * finding no table, indexes the objects themselves (as poppler does when a table's entry is wrong: "try to
 * reconstruct"). Null when the file has no `startxref` (pdf.js rebuilt its table already).
 */
function withoutXref(bytes: Uint8Array): Uint8Array | null {
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf("startxref");
  if (at < 0) return null;
  const copy = new Uint8Array(bytes);
  copy.fill(0x20, at, at + "startxref".length);
  return copy;
}

/**
 * Reads every page: strictly, so that a damaged page is named in a warning; a damaged page then as pdf.js reads it
 * leniently, and, when that fails too, from the file with its cross-reference table rebuilt. Only a PDF of which no page
 * is readable is UnreadableDocument.
 */
export async function readPdfJs(bytes: Uint8Array, options: PdfJsOptions): Promise<PdfText & { numPages: number }> {
  // the file with its table rebuilt, opened for a damaged file only (it is a copy); null: it has no table to rebuild
  let rebuilt: Promise<PdfDocument> | null | undefined;
  const openRebuilt = () => {
    if (rebuilt === undefined) {
      const copy = withoutXref(bytes);
      rebuilt = copy ? open(copy, false) : null;
    }
    return rebuilt;
  };
  // the lenient reading of the same file, opened for the first damaged page: what of it can be read is kept
  let lenient: Promise<PdfDocument> | undefined;
  let pdf: PdfDocument;
  try {
    pdf = await open(bytes, true);
  } catch (error) {
    // a file that does not open strictly may open leniently, or with its table rebuilt
    if (!(error instanceof DocumentProcessingError) || error.code !== "UnreadableDocument") throw error;
    lenient = open(bytes, false);
    pdf = await lenient.catch(() => openRebuilt() ?? Promise.reject(error)).catch(() => Promise.reject(error));
  }
  /** reads page n of a fallback document; an error of the page itself is left as the warning said it */
  const fallback = async (document: () => Promise<PdfDocument>, n: number, result: PdfText): Promise<PageText | null> => {
    try {
      return await readPage(await document(), n, result, options);
    } catch (error) {
      if (error instanceof DocumentProcessingError && error.code !== "UnreadableDocument") throw error;
      return null;
    }
  };
  try {
    const result: PdfText = { pages: [], layout: [], ocrPages: 0, turnedPages: 0, warnings: [] };
    let readable = 0;
    const wanted = options.pages ?? Array.from({ length: pdf.numPages }, (_, i) => i + 1);
    for (const n of wanted) {
      let read: PageText = { text: "", layout: "" };
      try {
        read = await readPage(pdf, n, result, options);
        readable++;
      } catch (error) {
        // the OCR engine itself failing (not this page) fails the document
        if (error instanceof DocumentProcessingError && error.code !== "UnreadableDocument") throw error;
        const warning: PdfPageWarning = { page: n, reason: errorMessage(error).slice(0, 300) };
        result.warnings.push(warning);
        let again = await fallback(() => (lenient ??= open(bytes, false)), n, result);
        const other = again?.text.trim() ? null : openRebuilt();
        if (other) again = (await fallback(() => other, n, result)) ?? again;
        read = again ?? read;
        if (read.text.trim() !== "") {
          readable++;
          warning.repaired = true;
        }
      }
      result.pages.push(read.text);
      result.layout.push(read.layout);
    }
    if (readable === 0 && wanted.length > 0 && !options.pages)
      throw new DocumentProcessingError(
        "UnreadableDocument",
        `The PDF could not be read: no page is readable (${result.warnings[0]?.reason ?? "unknown"}).`,
      );
    return { ...result, numPages: pdf.numPages };
  } finally {
    await pdf.destroy().catch(() => undefined);
    for (const other of [lenient, rebuilt])
      if (other) await (await other.catch(() => undefined))?.destroy().catch(() => undefined);
  }
}

/** A PDF of one empty page, made here: the reader reads it once at its start (warmUp). */
function emptyPdf(): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>",
  ];
  let text = "%PDF-1.4\n";
  const offsets = objects.map((object, i) => {
    const offset = text.length;
    text += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(text);
}

/**
 * Loads pdf.js, its worker code and the canvas module by reading an empty page: a reader does this before it reports
 * ready, so that its start memory (pdf-readers.ts KEEP_GROWTH) holds the libraries, and the first document's growth
 * is the document's own (measured from a start before the libraries, the first document of a reader on a busy
 * machine seemed 440 MB grown and the reader was replaced: the next document paid a second start).
 */
export async function warmUp(): Promise<void> {
  await readPdfJs(emptyPdf(), { ocr: () => Promise.reject(new Error("an empty page has no image")) });
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}.,@/-]*/gu;
const wordsOf = (text: string) => (text.normalize("NFKC").toLowerCase().match(WORD) ?? []).map((w) => w.replace(/[.,]+$/, ""));

/**
 * A page's text layer with what OCR of the whole page found beyond it: the OCR lines of which less than half the words
 * are in the text layer (what only an image shows: a letterhead, an address set as a picture), after an empty line, in
 * both texts. OCR reads the text layer's words too; those lines are left out.
 */
export function withImageText(read: PageText, ocr: { text: string; layout: string }): PageText {
  const known = new Set(wordsOf(read.text));
  const beyond = (lines: string) =>
    lines
      .split("\n")
      .filter((line) => {
        const words = wordsOf(line);
        return words.length > 0 && words.filter((w) => known.has(w)).length * 2 < words.length;
      })
      .join("\n");
  const [text, layout] = [beyond(ocr.text), beyond(ocr.layout)];
  if (!text) return read;
  return { text: `${read.text}\n\n${text}`, layout: `${read.layout}\n\n${layout || text}` };
}

/** One page's texts: of its text layer, or of its OCR when it has no usable one and shows an image. */
async function readPage(pdf: PdfDocument, n: number, result: PdfText, options: PdfJsOptions): Promise<PageText> {
  const page = await pdf.getPage(n);
  try {
    const read = await pageText(page);
    // a scan (too little text) is read by OCR; a page with text only when OcrImages asks for its images
    const scan = letters(read.text) < USABLE_TEXT;
    if (!(scan || options.ocrImages) || !(await showsImage(page))) return read;
    const ocr = await options.ocr(await renderGrey(page, options.maxRenderPixels ?? DEFAULT_MAX_RENDER_PIXELS));
    result.ocrPages++;
    if (ocr.turned) result.turnedPages++;
    if (!scan) return withImageText(read, ocr);
    return letters(ocr.text) > letters(read.text) ? { text: ocr.text, layout: ocr.layout } : read;
  } finally {
    page.cleanup();
  }
}
