import type { LayoutItem } from "./pdf-layout";

/**
 * A page's layout text (issue 24 §1), as `pdftotext -layout` gives it: each printed line one line, its pieces at the
 * column their left edge stands at, so that a label and its value on one printed line stay on one line however far
 * apart they are. The reading-order text (pdf-layout.ts) reads a page's columns one after the other instead.
 *
 * A piece is a run of text whose spacing is its own (a pdf.js text run, an OCR word). Rows: pieces are taken by
 * baseline, and a piece whose baseline is within half the larger font size of a row's (the baseline of the row's
 * largest piece) is on that row: a superscript, a subscript and a hair of jitter stay on their line. Columns: a
 * piece's left edge over the page's character width, counted from the leftmost piece; the character width is the
 * median advance of a letter over all pieces, each letter counting once (poppler estimates one from the page's
 * characters too; the median is not moved by a few wide headlines or a table of narrow digits). A piece that touches the
 * one before (less than a tenth of its size between them: a word split across runs) is joined to it; one less than
 * its size after the one before is the next word of a phrase, one space after it (`Order number: 4711` keeps one
 * space, whatever the font's width against the page's); any other stands at its column, at least one space after. Rows further apart than twice their font size have one empty line between them.
 */

/** a run of text on a row: x along the line, `base` its baseline (y grows downwards), in any one unit */
export type Piece = { text: string; x: number; xEnd: number; base: number; size: number };

/** baselines of one row differ by at most this share of the larger piece's size */
const ROW_TOLERANCE = 0.5;
/** a gap under this share of the size joins two pieces into one word */
const JOIN_GAP = 0.1;
/** a gap under this share of the size is a space between words of one phrase: one space, as poppler writes it */
const WORD_GAP = 1;
/**
 * a piece starts at the next column only from this share of a character on (not from half of one): a block set a
 * little right of the one above it (half a character: another font's side bearing, a table's cell padding) starts at
 * the same column, as poppler sets it (AzureInterior's table under its address); an intended indentation is a whole
 * character or more
 */
const COLUMN_ROUNDING = 0.4;
/** further apart than this (baselines, in sizes) are two rows with an empty line between them */
const PARAGRAPH_GAP = 2;

/** The pieces' lines, columns by x; lines end without spaces, no line break at the end. */
export function placeOnRows(pieces: readonly Piece[]): string {
  const usable = pieces.filter((p) => p.text.trim() !== "" && [p.x, p.xEnd, p.base, p.size].every(Number.isFinite) && p.size > 0);
  if (usable.length === 0) return "";
  const charWidth = medianCharWidth(usable);
  const left = usable.reduce((min, p) => Math.min(min, p.x), Number.POSITIVE_INFINITY);
  const out: string[] = [];
  let previous: Row | undefined;
  for (const row of rows(usable)) {
    if (previous && row.base - previous.base > PARAGRAPH_GAP * Math.max(row.size, previous.size)) out.push("");
    out.push(rowText(row.pieces, left, charWidth));
    previous = row;
  }
  return out.join("\n");
}

type Row = { base: number; size: number; pieces: Piece[] };

function rows(pieces: readonly Piece[]): Row[] {
  const sorted = [...pieces].sort((a, b) => a.base - b.base || a.x - b.x);
  const found: Row[] = [];
  let row: Row | undefined;
  for (const piece of sorted) {
    if (row && Math.abs(piece.base - row.base) <= ROW_TOLERANCE * Math.max(piece.size, row.size)) {
      row.pieces.push(piece);
      // the row's baseline is its largest piece's: a superscript first in baseline order does not set it
      if (piece.size > row.size) Object.assign(row, { base: piece.base, size: piece.size });
      continue;
    }
    row = { base: piece.base, size: piece.size, pieces: [piece] };
    found.push(row);
  }
  return found;
}

function rowText(pieces: Piece[], left: number, charWidth: number): string {
  let line = "";
  let end = Number.NEGATIVE_INFINITY;
  for (const piece of [...pieces].sort((a, b) => a.x - b.x)) {
    const text = piece.text.replace(/[\t\r\n\f\v]/g, " ").trim();
    const gap = piece.x - end;
    if (line !== "" && gap < JOIN_GAP * piece.size && gap > -ROW_TOLERANCE * piece.size) line += text;
    else {
      const phrase = line !== "" && gap < WORD_GAP * piece.size;
      const column = phrase
        ? line.length + 1
        : Math.max(Math.floor((piece.x - left) / charWidth + COLUMN_ROUNDING), line === "" ? 0 : line.length + 1);
      line = line.padEnd(column) + text;
    }
    end = Math.max(end, piece.xEnd);
  }
  return line.trimEnd();
}

/** the median width of a letter, each letter of each piece counting once */
function medianCharWidth(pieces: readonly Piece[]): number {
  const widths = pieces
    .map((p) => ({ width: (p.xEnd - p.x) / Math.max(1, [...p.text].length), count: [...p.text].length }))
    .filter((w) => w.width > 0)
    .sort((a, b) => a.width - b.width);
  const total = widths.reduce((n, w) => n + w.count, 0);
  let seen = 0;
  for (const w of widths) {
    seen += w.count;
    if (seen * 2 >= total) return w.width;
  }
  // nothing has a width: half the median size, a letter's usual advance
  const sizes = pieces.map((p) => p.size).sort((a, b) => a - b);
  return (sizes[Math.floor(sizes.length / 2)] ?? 1) / 2;
}

/**
 * The layout text of a page's pdf.js runs (device space, y downwards, as pdf-layout.ts takes them). Runs drawn
 * upright make the page's lines; runs turned by a quarter or a half (a margin note up the side) are laid out the same
 * way in their own direction, after an empty line: `pdftotext -layout` leaves most of those out, the issue keeps them
 * findable. Text drawn twice a hair apart (a fake bold) is kept once.
 */
export function layoutTextOfRuns(items: readonly LayoutItem[], page: { width: number; height: number }): string {
  const byTurn: Piece[][] = [[], [], [], []];
  for (const item of items) {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
    if (![a, b, c, d, e, f, item.width, item.fontSize].every(Number.isFinite) || item.fontSize <= 0) continue;
    const turn = Math.abs(a * d) > Math.abs(b * c) ? (a > 0 || d < 0 ? 0 : 2) : c > 0 ? 1 : 3;
    // x along the run's direction, baseline across it (downwards), as pdf-layout.ts's frames
    const [x, base] = [
      [e, f],
      [f, page.width - e],
      [page.width - e, page.height - f],
      [page.height - f, e],
    ][turn] as [number, number];
    const lead = item.str.length - item.str.trimStart().length;
    const perChar = Math.max(0, item.width) / Math.max(1, item.str.length);
    const start = x + lead * perChar;
    byTurn[turn]?.push({ text: item.str, x: start, xEnd: x + Math.max(0, item.width), base, size: item.fontSize });
  }
  return byTurn
    .map((pieces) => placeOnRows(withoutDuplicates(pieces)))
    .filter((text) => text !== "")
    .join("\n\n");
}

/** a run drawn again within a fifth of its size of where it was drawn (fake bold, a shadow) */
function withoutDuplicates(pieces: Piece[]): Piece[] {
  const kept = new Map<string, Piece[]>();
  return pieces.filter((p) => {
    const near = 0.2 * p.size;
    const same = kept.get(p.text) ?? [];
    if (same.some((k) => Math.abs(k.x - p.x) < near && Math.abs(k.base - p.base) < near)) return false;
    kept.set(p.text, same.concat(p));
    return true;
  });
}

/**
 * The layout text of an OCR'd page from tesseract's TSV output (the command's `tsv`, tesseract.js' `tsv` output: one
 * row per page, block, paragraph, line and word; pixels from the top left). Each word is a piece on its line's bottom
 * edge, its size the line's height: tesseract reads a page's columns as blocks of their own, and the words of lines of
 * different blocks that stand at one height make one printed line again. Words of an empty text are left out.
 */
export function layoutTextOfTsv(tsv: string): string {
  const lines = new Map<string, { bottom: number; height: number }>();
  const words: { line: string; text: string; left: number; width: number }[] = [];
  for (const row of tsv.split("\n")) {
    const cols = row.split("\t");
    if (cols.length < 12) continue;
    const [level, page, block, par, line] = cols;
    const [left, top, width, height] = cols.slice(6, 10).map(Number) as [number, number, number, number];
    const key = `${page}/${block}/${par}/${line}`;
    if (level === "4") lines.set(key, { bottom: top + height, height });
    const text = cols.slice(11).join("\t").trim();
    if (level === "5" && text !== "") words.push({ line: key, text, left, width });
  }
  return placeOnRows(
    words.flatMap((w) => {
      const line = lines.get(w.line);
      return line ? [{ text: w.text, x: w.left, xEnd: w.left + w.width, base: line.bottom, size: line.height }] : [];
    }),
  );
}
