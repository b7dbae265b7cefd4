import { describe, expect, it } from "vitest";
import { extractLines, type LinesRule } from "./lines";

const layout = [
  "ACME GmbH                                   Rechnung RE-1",
  "Pos  Artikel                 Menge     Preis       Summe",
  "1    Schrauben M4               10      0,25        2,50",
  "2    Dübel 8 mm                  4      1,10        4,40",
  "     Seite 1 von 2",
  "Zwischensumme                                      6,90",
  "\f",
  "Pos  Artikel                 Menge     Preis       Summe",
  "3    Winkel verzinkt             2     12,00       24,00",
  "Summe                                             30,90",
  "Lieferdatum 3. März 2025",
].join("\n");

const rule: LinesRule = {
  start: "^Pos\\s+Artikel.*$",
  end: "^(Zwischensumme|Summe)\\b",
  line: "^(?<pos>\\d+)\\s+(?<item>.+?)\\s{2,}(?<qty>\\d+)\\s+(?<price>[\\d.,]+)\\s+(?<total>[\\d.,]+)$",
  skip: "Seite \\d+ von \\d+",
  columns: { pos: "number", qty: "number", price: "amount", total: "amount" },
  decimalSeparator: ",",
};

describe("line items (issue 24 §3)", () => {
  it("reads the rows of every part between start and end, typed, a table continued on the next page included", () => {
    expect(extractLines({ reading: "", layout }, { ...rule, text: undefined })).toEqual([
      { pos: 1, item: "Schrauben M4", qty: 10, price: 0.25, total: 2.5 },
      { pos: 2, item: "Dübel 8 mm", qty: 4, price: 1.1, total: 4.4 },
      { pos: 3, item: "Winkel verzinkt", qty: 2, price: 12, total: 24 },
    ]);
  });

  it("reads the layout text unless the rule says reading", () => {
    expect(extractLines({ reading: "nothing", layout }, rule)).toHaveLength(3);
    expect(extractLines({ reading: "nothing", layout }, { ...rule, text: "reading" })).toEqual([]);
  });

  it("without start and end reads the whole text; without end a part runs to the end", () => {
    const rows = extractLines(layout, { line: "^(?<pos>\\d)\\s+(?<item>\\S+)" });
    expect(rows.map((r) => r.item)).toEqual(["Schrauben", "Dübel", "Winkel"]);
    const fromSecond = extractLines(layout, { start: "Seite 1 von 2", line: "^(?<pos>\\d)\\s+(?<item>\\S+)" });
    expect(fromSecond.map((r) => r.item)).toEqual(["Winkel"]);
  });

  it("a column that cannot be read as its type is null; a line with no value is no row; dates in a locale", () => {
    const rows = extractLines("A 12 | 3. März 2025\nB x | 1. Mai 2025\n | ", {
      line: "^(?<code>[A-Z]?)\\s*(?<qty>\\S*)\\s*\\|\\s*(?<day>.*)$",
      columns: { qty: "number", day: "date" },
      locale: "de",
    });
    expect(rows).toEqual([
      { code: "A", qty: 12, day: "2025-03-03" },
      { code: "B", qty: null, day: "2025-05-01" },
    ]);
  });

  it("a row may have a column named like an object's own property", () => {
    const [row] = extractLines("x", { line: "(?<__proto__>x)" });
    expect(Object.keys(row ?? {})).toEqual(["__proto__"]);
  });
});

describe("rows of several printed lines (firstLine, lastLine)", () => {
  const text = [
    "Pos  Qty  Description                         Price",
    "  1    2  Small Business Exchange              3,89",
    "          Basic fee per unit",
    "          01.05.14-31.05.14",
    "  2    1  Quality Exchange                     5,39",
    "          01.05.14-31.05.14",
    "          not part of a row",
    "Total EUR 9,28",
  ].join("\n");
  const rule: LinesRule = {
    start: "^Pos.*$",
    end: "^Total",
    firstLine: "^\\s+(?<pos>\\d+)\\s+(?<qty>\\d+)\\s+(?<desc>.+?)\\s{2,}(?<price>\\d+,\\d+)$",
    line: "^\\s+(?<desc>.+)$",
    lastLine: "^\\s+(?<desc>\\d\\d\\.\\d\\d\\.\\d\\d-\\d\\d\\.\\d\\d\\.\\d\\d)$",
    columns: { qty: "number", price: "amount" },
    decimalSeparator: ",",
  };

  it("a row starts at firstLine, gathers the lines after it and ends at lastLine", () => {
    expect(extractLines(text, rule)).toEqual([
      { pos: "1", qty: 2, desc: "Small Business Exchange\nBasic fee per unit\n01.05.14-31.05.14", price: 3.89 },
      { pos: "2", qty: 1, desc: "Quality Exchange\n01.05.14-31.05.14", price: 5.39 },
      // "not part of a row": a line after a row ended, before the next firstLine, is no row's
    ]);
  });

  it("without lastLine a row runs to the next firstLine or the table's end", () => {
    const rows = extractLines(text, { ...rule, lastLine: undefined });
    expect(rows.map((r) => r.desc)).toEqual([
      "Small Business Exchange\nBasic fee per unit\n01.05.14-31.05.14",
      "Quality Exchange\n01.05.14-31.05.14\nnot part of a row",
    ]);
  });
});

describe("patterns of several shapes", () => {
  it("line, firstLine and lastLine may each be a list, tried in turn", () => {
    const rows = extractLines("A 1 x\nB y 2\nC", {
      line: ["^A (?<qty>\\d) (?<name>\\w)$", "^B (?<name>\\w) (?<qty>\\d)$"],
      columns: { qty: "number" },
    });
    expect(rows).toEqual([
      { qty: 1, name: "x" },
      { name: "y", qty: 2 },
    ]);
  });
});

describe("case", () => {
  it("a caseSensitive rule's start, line and end match case as written", () => {
    const text = "DETAIL\nA 1\nDetail\nB 2";
    const rule: LinesRule = { start: "^Detail$", line: "^(?<code>[A-Z]) (?<n>\\d)$" };
    // case-insensitive, "DETAIL" starts the table a line early
    expect(extractLines(text, rule)).toHaveLength(2);
    expect(extractLines(text, { ...rule, caseSensitive: true })).toEqual([{ code: "B", n: "2" }]);
  });
});
