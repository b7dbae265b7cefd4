import { describe, expect, it } from "vitest";
import { PAGE, run } from "@/tests/fixtures/pdf-runs";
import { layoutTextOfRuns, layoutTextOfTsv, type Piece, placeOnRows } from "./layout-text";
import type { LayoutItem } from "./pdf-layout";

const layout = (items: LayoutItem[]) => layoutTextOfRuns(items, PAGE);
/** the column a text starts at on each line that has it */
const columnsOf = (text: string, word: string) =>
  text.split("\n").flatMap((line) => (line.includes(word) ? [line.indexOf(word)] : []));

describe("layout text of pdf.js runs (issue 24 §1)", () => {
  it("keeps a label and its value far right on one line, spaced by their distance", () => {
    const text = layout([
      run("Invoice No:", 50, 100),
      run("12345", 450, 100),
      run("Date:", 50, 114),
      run("2025-03-05", 450, 114),
    ]);
    // (450 - 50) / 5 = column 80
    expect(text).toBe(`${"Invoice No:".padEnd(80)}12345\n${"Date:".padEnd(80)}2025-03-05`);
  });

  it("reads a two-column address block line across line, each column where it stands", () => {
    const left = ["ACME GmbH", "Hauptstr. 1", "10115 Berlin"];
    const right = ["Bill to: Smith Ltd", "2 High Street", "London"];
    const items = left.flatMap((l, i) => [run(right[i] as string, 320, 100 + i * 12), run(l, 50, 100 + i * 12)]);
    // (320 - 50) / 5 = column 54
    expect(layout(items).split("\n")).toEqual(left.map((l, i) => `${l.padEnd(54)}${right[i]}`));
  });

  it("keeps a table's three columns aligned, whatever order the cells were drawn in", () => {
    const rows = [
      ["Item", "Qty", "Price"],
      ["Apples", "3", "1.20"],
      ["Pears and plums", "12", "14.80"],
    ];
    const cells = [2, 0, 1].flatMap((col) => rows.map((row, r) => run(row[col] as string, 50 + col * 150, 100 + r * 14)));
    const text = layout(cells);
    expect(text.split("\n")).toHaveLength(3);
    expect(columnsOf(text, "Qty")).toEqual([30]);
    expect(["Qty", "3", "12"].map((cell, r) => (text.split("\n")[r] as string).indexOf(cell, 20))).toEqual([30, 30, 30]);
    expect(["Price", "1.20", "14.80"].map((cell, r) => (text.split("\n")[r] as string).indexOf(cell, 40))).toEqual([60, 60, 60]);
  });

  it("keeps superscripts and a little jitter of the baseline on their line", () => {
    const items = [
      run("E = mc", 50, 100),
      run("2", 80, 96, 6),
      run("Total", 50, 120),
      run("EUR", 79, 120.8),
      run("12.50", 300, 119.4),
      run("was his formula.", 50, 134),
    ];
    expect(layout(items)).toBe(`E = mc2\n${"Total EUR".padEnd(50)}12.50\nwas his formula.`);
  });

  it("joins runs that touch, keeps one space between runs that do not", () => {
    // "Total" ends at 75, "EUR" at 94, "12" at 107, ".50" touches it
    expect(layout([run("Total", 50, 100), run("EUR", 79, 100), run("12", 97, 100), run(".50", 107, 100)])).toBe(
      "Total EUR 12.50",
    );
    // a run whose column was taken by the one before it still gets its space
    expect(layout([run("Description of goods", 50, 100, 10, 60), run("Qty", 112, 100)])).toBe("Description of goods Qty");
  });

  it("keeps one space between the words of a phrase, whatever its font's width against the page's", () => {
    // the page's letters are 5 wide; a heading of size 20 has letters 10 wide: its words stand a space of 10 apart
    const body = [run("Delivered to the north depot, gate four", 50, 200), run("Payable within thirty days", 50, 214)];
    const items = [run("Order number:", 50, 100, 20), run("4711", 190, 100, 20), run("paid", 450, 100, 20), ...body];
    // "4711" by its column would stand at (190 - 50) / 5 = 28; "paid", 1.8 sizes on, stands at its column 80
    expect(layout(items).split("\n")[0]).toBe(`${"Order number: 4711".padEnd(80)}paid`);
  });

  it("puts one empty line, no more, where the page leaves a large gap; no spaces at the ends of lines", () => {
    const items = [run("Header", 50, 100), run("Body   ", 50, 160), run("Footer", 50, 800)];
    expect(layout(items)).toBe("Header\n\nBody\n\nFooter");
  });

  it("keeps text drawn twice a hair apart (fake bold) once", () => {
    expect(layout([run("TOTAL", 50, 100), run("TOTAL", 50.4, 100), run("99.00", 200, 100)])).toBe(`${"TOTAL".padEnd(30)}99.00`);
  });

  it("lays out text turned on its side in its own direction, after the page's lines", () => {
    const up = (str: string, y: number): LayoutItem => ({ ...run(str, 20, y), transform: [0, -10, 10, 0, 20, y] });
    expect(layout([run("Invoice 4711", 100, 100), up("Printed on recycled paper", 500)])).toBe(
      "Invoice 4711\n\nPrinted on recycled paper",
    );
  });

  it("reads nothing from an empty page or runs of spaces", () => {
    expect(layout([])).toBe("");
    expect(layout([run("   ", 50, 100)])).toBe("");
  });
});

describe("placeOnRows", () => {
  const word = (text: string, x: number, base: number, size = 30): Piece => ({
    text,
    x,
    xEnd: x + text.length * 15,
    base,
    size,
  });

  it("places pieces of any unit (pixels of a scan) by the median letter width", () => {
    // 15 px a letter: 600 px is column 40
    const text = placeOnRows([word("Total:", 100, 400), word("99.00", 700, 402), word("Thanks", 100, 445)]);
    expect(text).toBe(`${"Total:".padEnd(40)}99.00\nThanks`);
  });
});

describe("layout text of OCR words (tesseract's TSV)", () => {
  const header = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext";
  /** line `n` of a block, words (text, left, width) at `top`, 40 px high: its row and its words' rows */
  const line = (block: number, n: number, top: number, words: [string, number, number][]) => [
    `4\t1\t${block}\t1\t${n}\t0\t${words[0]?.[1]}\t${top}\t500\t40\t-1\t`,
    ...words.map(
      ([text, left, width], i) => `5\t1\t${block}\t1\t${n}\t${i + 1}\t${left}\t${top + 2}\t${width}\t36\t95.5\t${text}`,
    ),
  ];

  it("puts words of lines in different blocks at one height on one line, at their columns", () => {
    // 20 px a letter; tesseract made the label column and the value column blocks of their own
    const tsv = [
      header,
      `1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t`,
      ...line(1, 1, 300, [
        ["Invoice", 200, 140],
        ["No:", 360, 60],
      ]),
      ...line(1, 2, 360, [["Date:", 200, 100]]),
      ...line(2, 1, 302, [["4711", 1400, 80]]),
      ...line(2, 2, 358, [["2025-03-05", 1400, 200]]),
    ].join("\n");
    // (1400 - 200) / 20 = column 60
    expect(layoutTextOfTsv(tsv)).toBe(`${"Invoice No:".padEnd(60)}4711\n${"Date:".padEnd(60)}2025-03-05`);
  });

  it("is empty for a page without words", () => {
    expect(layoutTextOfTsv(header)).toBe("");
    expect(layoutTextOfTsv("")).toBe("");
  });
});
