/**
 * A page's text in reading order from its text runs (pdf.js's text items), laid out as pdftotext lays out a page in its
 * default mode (poppler's TextOutputDev, reimplemented here from its description; no code of it is copied), so that both
 * engines give the same text: runs on one baseline are words of a line; lines one above the other with the same font
 * size, and runs beside them closer than 0.7 of the font size, make a block; blocks are read in the order of Breuel's
 * rules (T. M. Breuel, "High Performance Document Layout Analysis", 2003), as poppler applies them: a block that
 * overlaps another horizontally and stands above it comes first, and a block wholly to the left of another comes first
 * unless a third lies between them; the cells of a table are read row by row. Lines end with a line break, a run of
 * blocks that continue one column ends with an empty line, and a line ending in a hyphen is joined to the next.
 *
 * Works on left-to-right script; pages of right-to-left or vertical script keep their own assembly (pdfjs.ts).
 */

/** One run of text on the page: its matrix in device space (y grows downwards, 1 unit = 1 pt) */
export type LayoutItem = {
  str: string;
  /** [a, b, c, d, e, f]: text space to device space; (e, f) is where the run starts on its baseline */
  transform: readonly number[];
  /** advance of the run in device units */
  width: number;
  /** the font size in device units */
  fontSize: number;
  /** the font's identity (a fixed pitch is found from all its runs on the page) */
  font: string;
  /** the font's ascent and descent as fractions of its size (descent negative) */
  ascent: number;
  descent: number;
  /** a fixed-pitch font's advance of every letter, as a fraction of its size */
  pitch?: number;
};

type Rot = 0 | 1 | 2 | 3;
type Word = {
  text: string;
  rot: Rot;
  /** in the frame of its rotation: x along the text, y across the lines (downwards) */
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  base: number;
  fontSize: number;
  /** the run it comes from */
  run: number;
};
type Box = { xMin: number; xMax: number; yMin: number; yMax: number };
type Line = Box & { base: number; words: Word[] };
type Block = Box & {
  rot: Rot;
  words: Word[];
  lines: { text: string; hyphenated: boolean }[];
  chars: number;
  fontSize: number;
  /** extended box (a table's blocks share the table's), the room beside it, its table */
  ex: Box;
  priMin: number;
  priMax: number;
  table: number;
};

/** poppler's parameters, as fractions of the font size unless named otherwise */
const POOL_STEP = 4; // pt of baseline a pool bucket holds
const MAX_LINE_SPACING = 1.5;
const MAX_BLOCK_FONT_DELTA_1 = 0.05; // lines above and below
const MAX_BLOCK_FONT_DELTA_2 = 0.6; // words beside, on the block's lines
const MAX_BLOCK_FONT_DELTA_3 = 0.2; // outlying words
const MAX_INTRA_LINE_DELTA = 0.5; // baselines of one line (superscripts, subscripts)
const MAX_WORD_SPACING = 1.5;
const MIN_COL_SPACING_1 = 0.7;
const MIN_COL_SPACING_2 = 1.0;
const MAX_BLOCK_SPACING = 2.5;
const MIN_CHAR_SPACING = -0.5;
const MAX_CHAR_SPACING = 0.03;
const MAX_WIDE_CHAR_SPACING_MUL = 1.3;
const MAX_WIDE_CHAR_SPACING = 0.4;
const MIN_WORD_BREAK_SPACE = 0.1;
const MIN_DUP_BREAK_OVERLAP = 0.2;
const DUP_MAX_PRI_DELTA = 0.1;
const DUP_MAX_SEC_DELTA = 0.2;

/** the page's text: lines ending in "\n", a column's run of blocks in an empty line; no line breaks at the end */
export function readingOrderText(items: readonly LayoutItem[], page: { width: number; height: number }): string {
  const pitches = fixedPitches(items);
  const words = items.flatMap((item, run) => wordsOf(item, item.pitch ?? pitches.get(item.font), run, page));
  const pools = ([0, 1, 2, 3] as const).map((rot) => new Pool(words.filter((w) => w.rot === rot)));
  const blocks: Block[] = [];
  const chars = [0, 0, 0, 0];
  for (const rot of [0, 1, 2, 3] as const) {
    for (const block of buildBlocks(pools[rot] as Pool, rot)) {
      chars[rot] = (chars[rot] ?? 0) + block.chars;
      blocks.push(block);
    }
  }
  if (blocks.length === 0) return "";
  let primary: Rot = 0;
  for (const rot of [1, 2, 3] as const) if ((chars[rot] ?? 0) > (chars[primary] ?? 0)) primary = rot;
  // every block's box in the frame of the page's main rotation, where reading goes left to right, top to bottom
  for (const block of blocks) Object.assign(block, reframe(block, block.rot, primary, page));
  const frameWidth = primary % 2 === 0 ? page.width : page.height;
  return dump(flows(readingOrder(blocks, frameWidth, primary), primary));
}

/**
 * The run's words. pdf.js joins a run's glyphs, with a space where they stand apart, until the gap reaches 0.6 of the
 * font size; poppler's words end at any space. The words' edges within the run are estimated: in a fixed-pitch font
 * each letter takes the font's pitch and the spaces share what is left (they may stand for gaps of any width); in
 * another the letters and spaces take Helvetica's widths (the most common metrics), scaled to the run's width.
 */
function wordsOf(item: LayoutItem, pitch: number | undefined, run: number, page: { width: number; height: number }): Word[] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  if (![a, b, c, d, e, f, item.width, item.fontSize].every(Number.isFinite) || item.fontSize <= 0) return [];
  const rot: Rot = Math.abs(a * d) > Math.abs(b * c) ? (a > 0 || d < 0 ? 0 : 2) : c > 0 ? 1 : 3;
  const [x, base] = toFrame(e, f, rot, page);
  const size = item.fontSize;
  const width = Math.max(0, item.width);
  const str = item.str;
  let letters = 0;
  let blanks = 0;
  let natural = 0;
  for (const ch of str) {
    if (isBlank(ch)) blanks++;
    else letters++;
    natural += letterWidth(ch);
  }
  if (letters === 0) return [];
  const spaceLeft = pitch ? width - letters * pitch * size : -1;
  const byPitch = pitch !== undefined && spaceLeft >= 0 && blanks > 0;
  const scale = width / Math.max(1e-9, natural);
  const yMin = base - item.ascent * size;
  const yMax = base - item.descent * size;
  const words: Word[] = [];
  let at = x;
  let start = -1;
  let startX = x;
  let i = 0;
  for (const ch of str) {
    const blank = isBlank(ch);
    if (blank && start >= 0) {
      words.push({
        text: str.slice(start, i),
        rot,
        xMin: startX,
        xMax: at,
        yMin,
        yMax,
        base,
        fontSize: size,
        run,
      });
      start = -1;
    } else if (!blank && start < 0) {
      start = i;
      startX = at;
    }
    at += byPitch ? (blank ? spaceLeft / blanks : (pitch as number) * size) : letterWidth(ch) * scale;
    i += ch.length;
  }
  if (start >= 0) words.push({ text: str.slice(start), rot, xMin: startX, xMax: at, yMin, yMax, base, fontSize: size, run });
  return words;
}

const isBlank = (ch: string) => ch.trim() === "";

/**
 * The pitch (a letter's advance, as a fraction of the font size) of each font whose runs all advance by the same width
 * per letter (Courier and its kind, whose descriptors often do not say so): at least 20 letters in runs of 3 or more
 * without a space, within 1% of one width.
 */
function fixedPitches(items: readonly LayoutItem[]): Map<string, number> {
  const perLetter = new Map<string, { min: number; max: number; letters: number }>();
  for (const item of items) {
    const n = [...item.str].length;
    // a space in a run may be a gap of any width
    if (n < 3 || item.fontSize <= 0 || /\s/u.test(item.str)) continue;
    const r = item.width / (n * item.fontSize);
    const seen = perLetter.get(item.font);
    if (!seen) perLetter.set(item.font, { min: r, max: r, letters: n });
    else perLetter.set(item.font, { min: Math.min(seen.min, r), max: Math.max(seen.max, r), letters: seen.letters + n });
  }
  const pitches = new Map<string, number>();
  for (const [font, { min, max, letters }] of perLetter)
    if (letters >= 20 && max - min <= 0.01 * max) pitches.set(font, (min + max) / 2);
  return pitches;
}

/** Helvetica's advance widths of the printable ASCII letters (space to tilde), in thousandths of the font size */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778,
  722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222,
  500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

const otherWidths = new Map<string, number>();
/** a letter's usual width: an accented letter as its base letter, any other as a digit */
function letterWidth(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code >= 32 && code < 127) return HELVETICA[code - 32] as number;
  let width = otherWidths.get(ch);
  if (width === undefined) {
    width = HELVETICA[(ch.normalize("NFD").codePointAt(0) ?? 0) - 32] ?? 556;
    if (otherWidths.size < 4096) otherWidths.set(ch, width);
  }
  return width;
}

/** device point → the frame of a rotation (x along its text, y down across its lines) */
function toFrame(x: number, y: number, rot: Rot, page: { width: number; height: number }): [number, number] {
  if (rot === 0) return [x, y];
  if (rot === 1) return [y, page.width - x];
  if (rot === 2) return [page.width - x, page.height - y];
  return [page.height - y, x];
}

function fromFrame(x: number, y: number, rot: Rot, page: { width: number; height: number }): [number, number] {
  if (rot === 0) return [x, y];
  if (rot === 1) return [page.width - y, x];
  if (rot === 2) return [page.width - x, page.height - y];
  return [y, page.height - x];
}

function reframe(box: Box, from: Rot, to: Rot, page: { width: number; height: number }): Box {
  if (from === to) return { xMin: box.xMin, xMax: box.xMax, yMin: box.yMin, yMax: box.yMax };
  const [x0, y0] = toFrame(...fromFrame(box.xMin, box.yMin, from, page), to, page);
  const [x1, y1] = toFrame(...fromFrame(box.xMax, box.yMax, from, page), to, page);
  return { xMin: Math.min(x0, x1), xMax: Math.max(x0, x1), yMin: Math.min(y0, y1), yMax: Math.max(y0, y1) };
}

/** words by baseline in buckets of POOL_STEP pt, each bucket in order of the words' left edges (drawing order on a tie) */
class Pool {
  private buckets: Word[][] = [];
  /** the bucket index of buckets[0] */
  private offset = 0;
  min = 0;
  max = -1;

  constructor(words: readonly Word[]) {
    if (words.length === 0) return;
    const indices = words.map((w) => Math.trunc(w.base / POOL_STEP));
    this.min = Math.min(...indices);
    this.max = Math.max(...indices);
    this.offset = this.min;
    this.buckets = Array.from({ length: this.max - this.min + 1 }, () => []);
    for (const [k, w] of words.entries()) this.buckets[(indices[k] as number) - this.offset]?.push(w);
    for (const bucket of this.buckets) bucket.sort((a, b) => a.xMin - b.xMin);
  }

  index(base: number): number {
    const i = Math.trunc(base / POOL_STEP);
    return Number.isNaN(i) ? this.min : Math.min(Math.max(i, this.min), this.max);
  }

  /** the bucket's words (the caller may remove from it) */
  at(i: number): Word[] {
    return this.buckets[i - this.offset] ?? NO_WORDS;
  }

  first(i: number): Word | undefined {
    return this.buckets[i - this.offset]?.[0];
  }

  /** the first word of the first non-empty bucket among the next four (the leftmost: not a superscript) */
  takeStart(): Word | undefined {
    while (this.min <= this.max && !this.first(this.min)) this.min++;
    if (this.min > this.max) return undefined;
    let start = this.min;
    for (let i = this.min + 1; i < this.min + 4 && i <= this.max; i++) {
      const w = this.first(i);
      if (w && w.xMin < (this.first(start) as Word).xMin) start = i;
    }
    return this.at(start).shift();
  }
}
const NO_WORDS: Word[] = [];

const grow = (box: Box, w: Box) => {
  if (box.xMin > box.xMax) Object.assign(box, { xMin: w.xMin, xMax: w.xMax, yMin: w.yMin, yMax: w.yMax });
  else {
    box.xMin = Math.min(box.xMin, w.xMin);
    box.xMax = Math.max(box.xMax, w.xMax);
    box.yMin = Math.min(box.yMin, w.yMin);
    box.yMax = Math.max(box.yMax, w.yMax);
  }
};

function buildBlocks(pool: Pool, rot: Rot): Block[] {
  const blocks: Block[] = [];
  for (let first = pool.takeStart(); first; first = pool.takeStart()) {
    const blk: Block = {
      rot,
      words: [],
      lines: [],
      chars: 0,
      fontSize: first.fontSize,
      xMin: 0,
      xMax: -1,
      yMin: 0,
      yMax: -1,
      ex: { xMin: 0, xMax: 0, yMin: 0, yMax: 0 },
      priMin: 0,
      priMax: 0,
      table: -1,
    };
    const add = (w: Word) => {
      blk.words.push(w);
      grow(blk, w);
    };
    add(first);
    const size = first.fontSize;
    let minBase = first.base;
    let maxBase = first.base;
    const colSpace1 = MIN_COL_SPACING_1 * size;
    const colSpace2 = MIN_COL_SPACING_2 * size;
    const lineSpace = MAX_LINE_SPACING * size;
    const intraLine = MAX_INTRA_LINE_DELTA * size;
    const sizeNear = (w: Word, delta: number) => Math.abs(w.fontSize - size) < delta * size;
    /** takes every word of the buckets that `fits` (judged against the block as it grows) into the block */
    const takeAll = (i: number, fits: (w: Word) => boolean, taken?: (w: Word) => void) => {
      const bucket = pool.at(i);
      let found = false;
      for (let k = 0; k < bucket.length; ) {
        const w = bucket[k] as Word;
        if (!fits(w)) {
          k++;
          continue;
        }
        bucket.splice(k, 1);
        add(w);
        taken?.(w);
        found = true;
      }
      return found;
    };
    const fitsAbove = (w: Word) =>
      w.base < minBase &&
      w.base >= minBase - lineSpace &&
      w.xMin < blk.xMax &&
      w.xMax > blk.xMin &&
      sizeNear(w, MAX_BLOCK_FONT_DELTA_1);
    const fitsBelow = (w: Word) =>
      w.base > maxBase &&
      w.base <= maxBase + lineSpace &&
      w.xMin < blk.xMax &&
      w.xMax > blk.xMin &&
      sizeNear(w, MAX_BLOCK_FONT_DELTA_1);
    const onLines = (w: Word) => w.base >= minBase - intraLine && w.base <= maxBase + intraLine;
    const fitsBeside = (w: Word) =>
      onLines(w) && w.xMin < blk.xMax + colSpace1 && w.xMax > blk.xMin - colSpace1 && sizeNear(w, MAX_BLOCK_FONT_DELTA_2);
    const fitsLeft = (w: Word) =>
      onLines(w) && w.xMax <= blk.xMin && w.xMax > blk.xMin - colSpace2 && sizeNear(w, MAX_BLOCK_FONT_DELTA_3);
    const fitsRight = (w: Word) =>
      onLines(w) && w.xMin >= blk.xMax && w.xMin < blk.xMax + colSpace2 && sizeNear(w, MAX_BLOCK_FONT_DELTA_3);
    let newMin = minBase;
    let newMax = maxBase;
    const takenAbove = (w: Word) => {
      newMin = w.base;
    };
    const takenBelow = (w: Word) => {
      newMax = w.base;
    };
    let found: boolean;
    do {
      found = false;
      // lines just above and just below the block, overlapping it, of the same font size
      newMin = minBase;
      for (let i = pool.index(minBase); i >= pool.index(minBase - lineSpace); i--)
        if (takeAll(i, fitsAbove, takenAbove)) found = true;
      minBase = newMin;
      newMax = maxBase;
      for (let i = pool.index(maxBase); i <= pool.index(maxBase + lineSpace); i++)
        if (takeAll(i, fitsBelow, takenBelow)) found = true;
      maxBase = newMax;
      // words on the block's lines that overlap it or nearly touch it
      for (let i = pool.index(minBase - intraLine); i <= pool.index(maxBase + intraLine); i++)
        if (takeAll(i, fitsBeside)) found = true;
      if (found) continue;
      // a few outlying words just left, then just right of the block (three lines at most)
      for (const fits of [fitsLeft, fitsRight]) {
        let n = 0;
        for (let i = pool.index(minBase - intraLine); i <= pool.index(maxBase + intraLine); i++) if (pool.at(i).some(fits)) n++;
        if (n === 0 || n > 3) continue;
        for (let i = pool.index(minBase - intraLine); i <= pool.index(maxBase + intraLine); i++) {
          const bucket = pool.at(i);
          const k = bucket.findIndex(fits);
          if (k < 0) continue;
          const [w] = bucket.splice(k, 1) as [Word];
          add(w);
          if (w.base < minBase) minBase = w.base;
          else if (w.base > maxBase) maxBase = w.base;
          found = true;
        }
      }
    } while (found);
    coalesceBlock(blk);
    blocks.push(blk);
  }
  return blocks;
}

/** the block's words into lines, top to bottom, duplicated words (fake bold, shadows) dropped */
function coalesceBlock(blk: Block) {
  const pool = new Pool(blk.words);
  dropDuplicates(pool);
  const lines: Line[] = [];
  for (let first = pool.takeStart(); first; first = pool.takeStart()) {
    const line: Line = { base: first.base, words: [], xMin: 0, xMax: -1, yMin: 0, yMax: -1 };
    const add = (w: Word) => {
      line.words.push(w);
      grow(line, w);
    };
    add(first);
    let last = first;
    const size = first.fontSize;
    const minBase = first.base - MAX_INTRA_LINE_DELTA * size;
    const maxBase = first.base + MAX_INTRA_LINE_DELTA * size;
    const onLine = (w: Word) => w.base >= minBase && w.base <= maxBase;
    for (;;) {
      // the leftmost word on this line's baselines that follows the last one closely enough
      let best: { i: number; w: Word } | undefined;
      let overlap = false;
      for (let i = pool.index(minBase); !overlap && i <= pool.index(maxBase); i++) {
        const w = pool.at(i).find(onLine);
        if (!w) continue;
        const delta = w.xMin - last.xMax;
        if (delta < MIN_CHAR_SPACING * size) overlap = true;
        else if (delta < MAX_WORD_SPACING * size && (!best || w.xMin < best.w.xMin)) best = { i, w };
      }
      if (overlap || !best) break;
      const bucket = pool.at(best.i);
      bucket.splice(bucket.indexOf(best.w), 1);
      add(best.w);
      last = best.w;
    }
    let at = 0;
    while (at < lines.length && compareYX(line, lines[at] as Line) > 0) at++;
    lines.splice(at, 0, line);
  }
  blk.lines = lines.map(lineText);
  blk.chars = blk.lines.reduce((n, l) => n + l.text.length, 0);
  blk.fontSize = lines[0]?.words[0]?.fontSize ?? blk.fontSize;
}

/** lines by baseline, then from the left; baselines a ten-thousandth of a point apart are one (pdf.js's rounding) */
/** a word's letters (code points, combining marks not counted) */
const letters = (w: Word) => w.text.replace(COMBINING, "").length - (w.text.match(ASTRAL)?.length ?? 0);
const COMBINING = /\p{M}/gu;
const ASTRAL = /[\u{10000}-\u{10FFFF}]/gu;

const compareYX = (a: Line, b: Line) => (Math.abs(a.base - b.base) > 1e-4 ? a.base - b.base : a.xMin - b.xMin);

function dropDuplicates(pool: Pool) {
  for (let i0 = pool.min; i0 <= pool.max; i0++) {
    const bucket0 = pool.at(i0);
    for (let k0 = 0; k0 < bucket0.length; k0++) {
      const w0 = bucket0[k0] as Word;
      const pri = DUP_MAX_PRI_DELTA * w0.fontSize;
      const sec = DUP_MAX_SEC_DELTA * w0.fontSize;
      const same = (w: Word) =>
        w !== w0 &&
        w.text === w0.text &&
        Math.abs(w.xMin - w0.xMin) < pri &&
        Math.abs(w.xMax - w0.xMax) < pri &&
        Math.abs(w.yMin - w0.yMin) < sec &&
        Math.abs(w.yMax - w0.yMax) < sec;
      for (let again = true; again; ) {
        again = false;
        for (let i1 = i0; i1 <= pool.index(w0.base + sec); i1++) {
          const bucket1 = pool.at(i1);
          const k1 = bucket1.findIndex((w, k) => (i1 !== i0 || k > k0) && same(w));
          if (k1 >= 0) {
            bucket1.splice(k1, 1);
            again = true;
            break;
          }
        }
      }
    }
  }
}

/**
 * A line's words, with a space where they stand apart. Runs that touch (less than a tenth of the font size apart, the
 * same size, one baseline) are one word, as poppler builds words glyph by glyph; words are spaced where their gap is
 * more than a little, or, in a line of single letters set apart, clearly wider than the letters' own.
 */
function lineText(line: Line): { text: string; hyphenated: boolean } {
  const words: Word[] = [];
  for (const w of line.words) {
    const last = words.at(-1);
    const gap = last ? w.xMin - last.xMax : 0;
    if (
      last &&
      last.run !== w.run &&
      last.fontSize === w.fontSize &&
      Math.abs(last.base - w.base) <= 0.5 &&
      gap <= MIN_WORD_BREAK_SPACE * w.fontSize &&
      gap >= -MIN_DUP_BREAK_OVERLAP * w.fontSize
    )
      words[words.length - 1] = { ...last, text: last.text + w.text, xMax: w.xMax, run: w.run };
    else words.push(w);
  }
  const size = (words[0] as Word).fontSize;
  let space = MAX_CHAR_SPACING * size;
  if (words.length > 1 && letters(words[0] as Word) === 1 && letters(words[1] as Word) === 1) {
    let minSpace = (words[1] as Word).xMin - (words[0] as Word).xMax;
    for (let i = 2; i < words.length && minSpace > 0; i++) {
      if (letters(words[i] as Word) > 1) minSpace = 0;
      minSpace = Math.min(minSpace, (words[i] as Word).xMin - (words[i - 1] as Word).xMax);
    }
    if (minSpace > 0) space = Math.min(MAX_WIDE_CHAR_SPACING_MUL * minSpace, MAX_WIDE_CHAR_SPACING * size);
  }
  let text = (words[0] as Word).text;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as Word;
    text += (w.xMin - (words[i - 1] as Word).xMax >= space ? " " : "") + w.text;
  }
  return { text, hyphenated: text.endsWith("-") };
}

/** Breuel's reading order (with poppler's table rule) by a depth-first topological sort, blocks in creation order */
function readingOrder(blocks: Block[], frameWidth: number, primary: Rot): Block[] {
  for (const b of blocks) {
    b.priMin = 0;
    b.priMax = frameWidth;
    for (const o of blocks) if (o !== b) roomBeside(b, o);
    b.ex = { xMin: b.xMin, xMax: b.xMax, yMin: b.yMin, yMax: b.yMax };
  }
  findTables(blocks);
  extendBoxes(blocks);
  const visited = new Set<Block>();
  const sorted: Block[] = [];
  const before1 = (a: Block, b: Block) =>
    ((a.ex.xMin <= b.ex.xMin && b.ex.xMin <= a.ex.xMax) || (b.ex.xMin <= a.ex.xMin && a.ex.xMin <= b.ex.xMax)) &&
    a.ex.yMin < b.ex.yMin;
  // the blocks found between two others lately: most often the one between the next two as well (as poppler keeps them)
  const blockers: Block[] = [];
  const between = (b1: Block, b2: Block, after: Block[]) => {
    const hit = (b3: Block) => b3 !== b1 && b3 !== b2 && before1(b1, b3) && before1(b3, b2);
    if (blockers.some(hit)) return true;
    const found = after.find(hit);
    if (found) {
      blockers.unshift(found);
      blockers.length = Math.min(blockers.length, 4);
    }
    return found !== undefined;
  };
  const visit = (b1: Block) => {
    if (visited.has(b1)) return;
    visited.add(b1);
    let after: Block[] | undefined;
    for (const b2 of blocks) {
      if (visited.has(b2)) continue;
      let before = false;
      if (b1.table >= 0 && b1.table === b2.table) {
        before =
          (b2.xMax <= b1.xMin && b2.yMin <= b1.yMax && b2.yMax >= b1.yMin) || // left in the same row
          b2.yMax <= b1.yMin; // a row above
      } else if (before1(b2, b1)) before = true;
      else if (leftOf(b2, b1, primary)) {
        // left of it, unless a third block comes after this one and before the other
        after ??= blocks.filter((b3) => before1(b1, b3));
        before = !between(b1, b2, after);
      }
      if (before) visit(b2);
    }
    sorted.push(b1);
  };
  for (const b of blocks) visit(b);
  return sorted;
}

/**
 * Breuel's second rule, "a is left of b", as poppler reads it in the direction of a's own text (a block turned
 * against the page's text comes before what stands beside its end)
 */
function leftOf(a: Block, b: Block, primary: Rot): boolean {
  const turn = (a.rot - primary + 4) % 4;
  if (turn === 0) return a.ex.xMax <= b.ex.xMin;
  if (turn === 1) return a.ex.yMin <= b.ex.yMax;
  if (turn === 2) return b.ex.xMax <= a.ex.xMin;
  return b.ex.yMin <= a.ex.yMax;
}

/** how far `b` lies beyond `a` across a's lines */
function distanceAfter(a: Block, b: Block, primary: Rot): number {
  const turn = (a.rot - primary + 4) % 4;
  if (turn === 0) return b.yMin - a.yMax;
  if (turn === 1) return a.xMin - b.xMax;
  if (turn === 2) return a.yMin - b.yMax;
  return b.xMin - a.xMax;
}

/** narrows the room left and right of `b` by a block `o` beside it */
function roomBeside(b: Block, o: Block) {
  if (!(o.yMin < b.yMax && o.yMax > b.yMin)) return;
  if (o.xMin < b.xMin) b.priMin = Math.max(b.priMin, Math.min(o.xMax, b.xMin));
  if (o.xMax > b.xMax) b.priMax = Math.min(b.priMax, Math.max(o.xMin, b.xMax));
}

const overlapsX = (a: Box, b: Box) => a.xMin <= b.xMax && a.xMax >= b.xMin;
const overlapsY = (a: Box, b: Box) => a.yMin <= b.yMax && a.yMax >= b.yMin;

/**
 * Four blocks in a grid (one, its right neighbour, the one below and the one below right) that line up at their
 * centres or edges in both directions are cells of one table; each cell's extended box becomes the table's.
 */
function findTables(blocks: Block[]) {
  let tables = 0;
  for (const b1 of blocks) {
    let right: Block | undefined;
    let below: Block | undefined;
    let diagonal: Block | undefined;
    let rightX = Number.MAX_VALUE;
    let belowY = Number.MAX_VALUE;
    let diagX = Number.MAX_VALUE;
    let diagY = Number.MAX_VALUE;
    for (const b2 of blocks) {
      if (b2 === b1) continue;
      if (overlapsY(b2, b1) && b2.xMin > b1.xMax && b2.xMin < rightX) {
        rightX = b2.xMin;
        right = b2;
      } else if (overlapsX(b2, b1) && b2.yMin > b1.yMax && b2.yMin < belowY) {
        belowY = b2.yMin;
        below = b2;
      } else if (b2.xMin > b1.xMax && b2.xMin < diagX && b2.yMin > b1.yMax && b2.yMin < diagY) {
        diagX = b2.xMin;
        diagY = b2.yMin;
        diagonal = b2;
      }
    }
    if (!right || !below || !diagonal) continue;
    if (
      overlapsX(below, diagonal) ||
      overlapsY(right, diagonal) ||
      overlapsX(right, below) ||
      overlapsY(right, below) ||
      diagonal.xMin > right.xMax ||
      diagonal.xMax < right.xMin ||
      diagonal.yMin > below.yMax ||
      diagonal.yMax < below.yMin
    )
      continue;
    const size = Math.min(b1.fontSize, right.fontSize, below.fontSize, diagonal.fontSize);
    const dx = size * MIN_COL_SPACING_1;
    const dy = size * MAX_INTRA_LINE_DELTA;
    const mid = (lo: number, hi: number) => (lo + hi) / 2;
    const near = (a: number, b: number, d: number) => Math.abs(a - b) <= d;
    let inX = 0;
    let inY = 0;
    if (
      near(mid(b1.xMin, b1.xMax), mid(below.xMin, below.xMax), dx) &&
      near(mid(right.xMin, right.xMax), mid(diagonal.xMin, diagonal.xMax), dx)
    )
      inX++;
    if (
      near(mid(b1.yMin, b1.yMax), mid(right.yMin, right.yMax), dy) &&
      near(mid(below.yMin, below.yMax), mid(diagonal.yMin, diagonal.yMax), dy)
    )
      inY++;
    if (near(b1.xMin, below.xMin, dx) && near(right.xMin, diagonal.xMin, dx)) inX++;
    if (near(b1.xMax, below.xMax, dx) && near(right.xMax, diagonal.xMax, dx)) inX++;
    if (near(b1.yMin, right.yMin, dy) && near(below.yMin, diagonal.yMin, dy)) inY++;
    if (near(b1.yMax, right.yMax, dy) && near(below.yMax, diagonal.yMax, dy)) inY++;
    if (inX === 0 || inY === 0) continue;
    let id = Math.max(b1.table, right.table, below.table, diagonal.table);
    if (id < 0) id = tables++;
    for (const b of [b1, right, below, diagonal]) b.table = id;
  }
  const envelopes = new Map<number, Box>();
  for (const b of blocks) {
    if (b.table < 0) continue;
    const e = envelopes.get(b.table);
    if (!e) envelopes.set(b.table, { ...b.ex });
    else grow(e, b.ex);
  }
  for (const b of blocks) if (b.table >= 0) b.ex = { ...(envelopes.get(b.table) as Box) };
}

/** a block that is no table cell reaches as wide as the blocks below it, up to its neighbours left and right */
function extendBoxes(blocks: Block[]) {
  for (const b1 of blocks) {
    if (b1.table >= 0) continue;
    let right = Number.MAX_VALUE;
    let left = Number.MIN_VALUE;
    for (const b2 of blocks) {
      if (b2 === b1 || !overlapsY(b1, b2)) continue;
      if (b2.xMin < right && b2.xMin > b1.xMax) right = b2.xMin;
      if (b2.xMax > left && b2.xMax < b1.xMin) left = b2.xMax;
    }
    for (const b2 of blocks) {
      if (b2 === b1 || b2.yMin < b1.yMax) continue;
      if (b2.xMax > b1.ex.xMax && b2.xMax <= right) b1.ex.xMax = b2.xMax;
      if (b2.xMin < b1.ex.xMin && b2.xMin >= left) b1.ex.xMin = b2.xMin;
    }
  }
}

/** runs of blocks that continue one column: each below the last, close to it, fitting its room, no larger font */
function flows(sorted: Block[], primary: Rot): Block[][] {
  const out: Block[][] = [];
  let flow: { blocks: Block[]; priMin: number; priMax: number } | undefined;
  for (const [i, blk] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (flow && prev) {
      const last = flow.blocks.at(-1) as Block;
      const close = distanceAfter(prev, blk, primary) <= MAX_BLOCK_SPACING * prev.fontSize;
      const below = blk.xMin >= prev.priMin && blk.xMax <= prev.priMax && blk.yMin > prev.yMin;
      const fits = blk.fontSize <= last.fontSize && blk.xMin >= flow.priMin && blk.xMax <= flow.priMax;
      if (close && below && fits) {
        flow.blocks.push(blk);
        continue;
      }
    }
    flow = { blocks: [blk], priMin: blk.priMin, priMax: blk.priMax };
    out.push(flow.blocks);
  }
  return out;
}

function dump(flowList: Block[][]): string {
  let text = "";
  for (const flow of flowList) {
    for (const [b, blk] of flow.entries()) {
      for (const [l, line] of blk.lines.entries()) {
        // a hyphen at a line's end joins it to the next line of the column
        const joined = line.hyphenated && (l < blk.lines.length - 1 || b < flow.length - 1);
        text += joined ? line.text.slice(0, -1) : `${line.text}\n`;
      }
    }
    text += "\n";
  }
  return text.replace(/\n+$/, "");
}
