import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/csv";
import { type ByteOut, CopyFormatter, copyRows, type FormatColumn } from "./copy-format";

/** A ByteOut that keeps everything, in pieces of `size` bytes, and has enough after every `every` rows. */
function memory(size = 64, every = 0): ByteOut & { text(): string } {
  const pieces: Buffer[] = [];
  let calls = 0;
  const out = {
    buf: Buffer.alloc(size) as Uint8Array,
    pos: 0,
    room(bytes: number) {
      if (out.pos + bytes > out.buf.length) {
        pieces.push(Buffer.from(out.buf.subarray(0, out.pos)));
        out.buf = Buffer.alloc(Math.max(size, bytes));
        out.pos = 0;
      }
      return every === 0 || ++calls % every !== 0;
    },
    text: () => Buffer.concat([...pieces, Buffer.from(out.buf.subarray(0, out.pos))]).toString("utf8"),
  };
  return out;
}

/** The texts lib/csv.ts and JSON.stringify write for the same rows: what the formatter must equal. */
function expected(columns: readonly FormatColumn[], rows: readonly (readonly (string | null)[])[]) {
  // a raw column's texts are numbers and booleans, which csvLine writes as they are
  const csv = rows.map((row) => csvLine(row));
  // a raw column's text as it is (PostgreSQL's digits, as row_to_json wrote them), any other through JSON.stringify
  const json = rows.map((row, r) => {
    const members = row.map((v, i) => {
      const column = columns[i] as FormatColumn;
      return `${JSON.stringify(column.name)}:${v === null ? "null" : column.kind === "raw" ? v : JSON.stringify(v)}`;
    });
    return `${r ? ",\n" : "\n"}{${members.join(",")}}`;
  });
  return { csv: csv.join(""), json: json.join("") };
}

function format(columns: readonly FormatColumn[], chunks: readonly Buffer[], out = { csv: memory(), json: memory() }) {
  const formatter = new CopyFormatter(columns, out.csv, out.json);
  for (const chunk of chunks) formatter.write(chunk);
  return { formatter, csv: out.csv.text(), json: out.json.text() };
}

const COLUMNS: FormatColumn[] = [
  { name: "id", kind: "raw" },
  { name: "text", kind: "text" },
  { name: "flag", kind: "raw" },
  { name: 'odd "name"', kind: "text" },
];

const TRICKY = [
  "plain",
  "",
  'quote " and, comma',
  "line\nbreak\r\nÄÖÜß € 😀",
  "=SUM(A1)",
  '=HYPERLINK("x", "y")',
  "-1.5",
  "-12e3",
  "-x",
  "+49 30 1234",
  "@user",
  "\tindented",
  "\rcarriage",
  "back\\slash",
  "controls \u0000\u0001\u0008\u000b\u000c\u001f end",
  '{"id" : "7", "name" : "Invoices, \\"north\\""}',
  "ä".repeat(300),
];

describe("CopyFormatter", () => {
  it("writes each row's CSV line as lib/csv.ts and its JSON object as JSON.stringify, nulls and numbers too", () => {
    const rows = TRICKY.map((text, i) => [String(i - 3), text, i % 2 ? "true" : "false", i % 3 ? null : text]);
    rows.push(["1.500", null, null, null]);
    const { formatter, csv, json } = format(COLUMNS, [copyRows(rows, { header: true, trailer: true })]);
    expect(formatter.rows).toBe(rows.length);
    expect(formatter.complete).toBe(true);
    const want = expected(COLUMNS, rows);
    expect(csv).toBe(want.csv);
    expect(json).toBe(want.json);
    // the JSON keeps the number's digits as PostgreSQL wrote them, as row_to_json did
    expect(json.endsWith('{"id":1.500,"text":null,"flag":null,"odd \\"name\\"":null}')).toBe(true);
    expect(JSON.parse(`[${json}]`).at(-1)).toEqual({ id: 1.5, text: null, flag: null, 'odd "name"': null });
  });

  it("reads a COPY cut into chunks anywhere, and pieces of any size", () => {
    const rows = Array.from({ length: 60 }, (_, i) => [String(i), TRICKY[i % TRICKY.length] ?? "", "true", `r${i}`]);
    const bytes = copyRows(rows, { header: true, trailer: true });
    const want = expected(COLUMNS, rows);
    for (const cut of [1, 2, 3, 7, 19, 64, 1000]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += cut) chunks.push(bytes.subarray(at, at + cut));
      const got = format(COLUMNS, chunks, { csv: memory(cut + 5), json: memory(cut + 3) });
      expect([got.formatter.rows, got.formatter.complete, got.csv, got.json]).toEqual([60, true, want.csv, want.json]);
    }
  });

  it("says when the texts' consumers have enough: after a chunk, or when a piece fills up", () => {
    const rows = Array.from({ length: 10 }, (_, i) => [String(i), "x".repeat(20), "true", null]);
    let enough = false;
    let asked = 0;
    const consumer = (size: number): ByteOut => {
      const out = {
        buf: new Uint8Array(size),
        pos: 0,
        room(bytes: number) {
          asked++;
          if (out.pos + bytes > out.buf.length) {
            out.buf = new Uint8Array(Math.max(size, bytes));
            out.pos = 0;
          }
          return !enough;
        },
      };
      return out;
    };
    const formatter = new CopyFormatter(COLUMNS, consumer(1 << 16), consumer(1 << 16));
    expect(formatter.write(copyRows(rows.slice(0, 3), { header: true }))).toBe(true);
    enough = true;
    expect(formatter.write(copyRows(rows.slice(3, 6)))).toBe(false);
    enough = false;
    expect(formatter.write(copyRows(rows.slice(6), { trailer: true }))).toBe(true);
    expect([formatter.rows, formatter.complete]).toEqual([10, true]);
    // pieces of 100 bytes: room is asked for as a row would not fit, and its answer counts
    asked = 0;
    enough = true;
    const small = new CopyFormatter(COLUMNS, consumer(100), consumer(100));
    expect(small.write(copyRows(rows, { header: true, trailer: true }))).toBe(false);
    expect(asked).toBeGreaterThan(10);
  });

  it("refuses what is not a binary COPY of the columns, and knows an output without its trailer", () => {
    expect(() => format(COLUMNS, [Buffer.from("id,text\r\n1,plain, and more text to pass the header")])).toThrow(
      "not in binary format",
    );
    expect(() => format(COLUMNS, [copyRows([["1", "a"]], { header: true })])).toThrow("a COPY row of 2 fields, not 4");
    const cut = format(COLUMNS, [copyRows([["1", "a", "true", null]], { header: true })]);
    expect([cut.formatter.rows, cut.formatter.complete]).toEqual([1, false]);
  });
});
