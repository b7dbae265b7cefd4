import { csvCell } from "@/lib/csv";

/**
 * An archive's rows as PostgreSQL's binary COPY writes them (the COPY of `select a::text, b::text, …`), turned into the
 * archive's two texts here, byte by byte: each row's CSV line (lib/csv.ts: quotes, the formula guard, CRLF) and its JSON
 * object (keyed by the column names). One read of the rows serves both texts, and formatting them here costs about a
 * microsecond a row, a fraction of what PostgreSQL's row_to_json and a CSV in SQL cost (bench/RESULTS.md "Audit-trail
 * archive"). PGlite, which streams no COPY, has its rows put into the same format (`copyRows`).
 *
 * COPY's binary format: a header (signature, flags, extension), then per row its number of fields (int16) and per
 * field its length (int32, -1 for null) and bytes, then -1 as the trailer.
 */

/** How a column's text goes into the JSON: as it is (numbers, booleans: `12`, `true`) or as a string. */
export type ArchiveKind = "raw" | "text";
export type FormatColumn = { name: string; kind: ArchiveKind };

/** Where formatted bytes go: `buf` from `pos` on. */
export type ByteOut = {
  buf: Uint8Array;
  pos: number;
  /** Makes room for `bytes` more after `pos` (buf and pos may change); false once the consumer has enough. */
  room(bytes: number): boolean;
};

/** COPY's binary signature (PostgreSQL "COPY", Binary Format). */
const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
/** the signature, the flags and the header extension's length */
const HEADER_BYTES = 19;
const HEADER = Buffer.concat([SIGNATURE, Buffer.alloc(8)]);
const TRAILER = Buffer.from([0xff, 0xff]);

const QUOTE = 34;
const BACKSLASH = 92;
/** Per byte: 1 = escaped in JSON (a quote, a backslash, a control character), 2 = quoted in CSV (quote, comma, CR, LF). */
const CLASS = new Uint8Array(256);
for (let c = 0; c < 0x20; c++) CLASS[c] = 1;
CLASS[QUOTE] = 3;
CLASS[BACKSLASH] = 1;
CLASS[44] = 2;
CLASS[10] = 3;
CLASS[13] = 3;
/** JSON's short escapes: \b \t \n \f \r */
const SHORT = new Uint8Array(32);
SHORT[8] = 98;
SHORT[9] = 116;
SHORT[10] = 110;
SHORT[12] = 102;
SHORT[13] = 114;
const HEX = Buffer.from("0123456789abcdef");
/** = + - @ tab CR: a spreadsheet would run the cell as a formula (lib/csv.ts) */
const FORMULA = new Uint8Array(256);
for (const c of [61, 43, 45, 64, 9, 13]) FORMULA[c] = 1;
/** Fields up to this length are copied byte by byte: a native copy costs more below it. */
const SHORT_COPY = 64;

const int32 = (b: Uint8Array, at: number) =>
  ((b[at] as number) << 24) | ((b[at + 1] as number) << 16) | ((b[at + 2] as number) << 8) | (b[at + 3] as number);
const int16 = (b: Uint8Array, at: number) => {
  const v = ((b[at] as number) << 8) | (b[at + 1] as number);
  return v & 0x8000 ? v - 0x10000 : v;
};

/**
 * Reads a binary COPY's output in chunks (`write`) and writes each row's CSV line into `csv` and its JSON object into
 * `json` (the array's separators before it: a line break, `,` and a line break from the second on). A chunk may end
 * anywhere; the rest is kept for the next.
 */
export class CopyFormatter {
  rows = 0;
  /** the trailer was read: the COPY is whole */
  complete = false;
  private rest: Buffer | null = null;
  private header = true;
  private readonly keys: Buffer[];
  private readonly raw: boolean[];
  private readonly keyBytes: number;
  /** where formatRows stopped: the first byte of a row not yet whole, or the end */
  private stopped = 0;
  /** the field lengths of the row at hand */
  private readonly lengths: Int32Array;

  constructor(
    private readonly columns: readonly FormatColumn[],
    private readonly csv: ByteOut,
    private readonly json: ByteOut,
  ) {
    this.keys = columns.map((c, i) => Buffer.from(`${i ? "," : "{"}${JSON.stringify(c.name)}:`));
    this.raw = columns.map((c) => c.kind === "raw");
    this.keyBytes = this.keys.reduce((sum, k) => sum + k.length, 0);
    this.lengths = new Int32Array(columns.length);
  }

  /** One chunk of the COPY's output; false when the texts' consumers have enough for now. */
  write(chunk: Buffer): boolean {
    const data = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = null;
    let at = 0;
    if (this.header) {
      if (data.length < HEADER_BYTES) return this.keep(data, 0);
      if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error("the COPY is not in binary format");
      const length = HEADER_BYTES + data.readInt32BE(15);
      if (data.length < length) return this.keep(data, 0);
      this.header = false;
      at = length;
    }
    const more = this.formatRows(data, at);
    this.keep(data, this.stopped);
    return more;
  }

  /**
   * Formats every whole row of `src` from `start` on (one loop, everything in locals: about a microsecond a row). Sets
   * `stopped` to where it stopped; false when a consumer has enough.
   */
  private formatRows(src: Uint8Array, start: number): boolean {
    const fields = this.columns.length;
    const keys = this.keys;
    const raw = this.raw;
    const lengths = this.lengths;
    const size = src.length;
    const csv = this.csv;
    const json = this.json;
    let more = true;
    let at = start;
    let cb = csv.buf;
    let jb = json.buf;
    let cp = csv.pos;
    let jp = json.pos;
    while (size - at >= 2) {
      if (this.complete) throw new Error("the COPY goes on after its trailer");
      const count = int16(src, at);
      if (count === -1) {
        this.complete = true;
        at += 2;
        continue;
      }
      if (count !== fields) throw new Error(`a COPY row of ${count} fields, not ${fields}`);
      // the row's end, if the chunk holds all of it
      let end = at + 2;
      for (let f = 0; f < fields && end !== -1; f++) {
        if (size - end < 4) end = -1;
        else {
          const length = int32(src, end);
          lengths[f] = length;
          end += length > 0 ? 4 + length : 4;
          if (end > size) end = -1;
        }
      }
      if (end === -1) break;
      // the most a row can take: CSV doubles quotes and adds quotes, an apostrophe and a comma a field; JSON writes a
      // control character as six bytes
      const text = end - at - 2 - 4 * fields;
      const csvMost = 2 * text + 4 * fields + 2;
      const jsonMost = 6 * text + this.keyBytes + 6 * fields + 3;
      if (cp + csvMost > cb.length || jp + jsonMost > jb.length) {
        csv.pos = cp;
        json.pos = jp;
        if (!csv.room(csvMost)) more = false;
        if (!json.room(jsonMost)) more = false;
        cb = csv.buf;
        jb = json.buf;
        cp = csv.pos;
        jp = json.pos;
      }
      if (this.rows++) jb[jp++] = 44;
      jb[jp++] = 10;
      let p = at + 2;
      for (let f = 0; f < fields; f++) {
        const length = lengths[f] as number;
        p += 4;
        const key = keys[f] as Buffer;
        for (let i = 0; i < key.length; i++) jb[jp++] = key[i] as number;
        if (f) cb[cp++] = 44;
        if (length < 0) {
          jb[jp++] = 110;
          jb[jp++] = 117;
          jb[jp++] = 108;
          jb[jp++] = 108;
          continue;
        }
        const stop = p + length;
        if (raw[f]) {
          for (let i = p; i < stop; i++) {
            const c = src[i] as number;
            jb[jp++] = c;
            cb[cp++] = c;
          }
          p = stop;
          continue;
        }
        // JSON: the string escaped, noting on the way whether the CSV needs quotes
        jb[jp++] = QUOTE;
        let seen = 0;
        for (let i = p; i < stop; i++) {
          const c = src[i] as number;
          const k = CLASS[c] as number;
          if (k === 0) {
            jb[jp++] = c;
            continue;
          }
          seen |= k;
          if ((k & 1) === 0) jb[jp++] = c;
          else if (c === QUOTE || c === BACKSLASH) {
            jb[jp++] = BACKSLASH;
            jb[jp++] = c;
          } else if (SHORT[c]) {
            jb[jp++] = BACKSLASH;
            jb[jp++] = SHORT[c] as number;
          } else {
            jb[jp++] = BACKSLASH;
            jb[jp++] = 117;
            jb[jp++] = 48;
            jb[jp++] = 48;
            jb[jp++] = HEX[c >> 4] as number;
            jb[jp++] = HEX[c & 15] as number;
          }
        }
        jb[jp++] = QUOTE;
        // CSV: a formula's first character is rare; the cell is then written as lib/csv.ts writes it
        if (length > 0 && FORMULA[src[p] as number]) cp = formulaCell(src, p, stop, cb, cp);
        else if (seen & 2) {
          cb[cp++] = QUOTE;
          for (let i = p; i < stop; i++) {
            const c = src[i] as number;
            if (c === QUOTE) cb[cp++] = QUOTE;
            cb[cp++] = c;
          }
          cb[cp++] = QUOTE;
        } else if (length > SHORT_COPY) {
          cb.set(src.subarray(p, stop), cp);
          cp += length;
        } else for (let i = p; i < stop; i++) cb[cp++] = src[i] as number;
        p = stop;
      }
      jb[jp++] = 125;
      cb[cp++] = 13;
      cb[cp++] = 10;
      at = end;
    }
    csv.pos = cp;
    json.pos = jp;
    this.stopped = at;
    // room(0) writes nothing: it says whether the consumers have enough now
    return csv.room(0) && json.room(0) && more;
  }

  /** Keeps the bytes from `at` on for the next chunk. */
  private keep(data: Buffer, at: number): boolean {
    // a copy: the chunk's memory belongs to its producer
    if (at < data.length) this.rest = Buffer.from(data.subarray(at));
    return true;
  }
}

/** A text cell that starts as a formula would, written as lib/csv.ts writes it (rare: outside the hot loop). */
function formulaCell(src: Uint8Array, start: number, end: number, out: Uint8Array, at: number): number {
  const cell = Buffer.from(csvCell(Buffer.from(src.buffer, src.byteOffset + start, end - start).toString("utf8")));
  out.set(cell, at);
  return at + cell.length;
}

/**
 * Rows of texts (null for null) in COPY's binary format, for a producer that has them as strings (PGlite's keyset
 * reads, tests): `header` first, `trailer` at the end.
 */
export function copyRows(
  rows: readonly (readonly (string | null)[])[],
  opts: { header?: boolean; trailer?: boolean } = {},
): Buffer {
  const parts: Buffer[] = opts.header ? [HEADER] : [];
  for (const row of rows) {
    const count = Buffer.allocUnsafe(2);
    count.writeInt16BE(row.length);
    parts.push(count);
    for (const value of row) {
      const text = value === null ? null : Buffer.from(value);
      const length = Buffer.allocUnsafe(4);
      length.writeInt32BE(text ? text.length : -1);
      parts.push(length);
      if (text) parts.push(text);
    }
  }
  if (opts.trailer) parts.push(TRAILER);
  return Buffer.concat(parts);
}
