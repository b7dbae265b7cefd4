import { describe, expect, it } from "vitest";
import { PAGE, run } from "@/tests/fixtures/pdf-runs";
import { type LayoutItem, readingOrderText } from "./pdf-layout";

const lines = (x: number, y: number, texts: string[], pitch = 12) => texts.map((t, i) => run(t, x, y + i * pitch));

describe("pdf layout", () => {
  it("reads two columns one after the other, each top to bottom, whatever order they were drawn in", () => {
    const left = lines(50, 100, ["The left column", "goes on here", "and ends here."]);
    const right = lines(320, 100, ["The right column", "starts beside it", "and ends too."]);
    // drawn line by line across the page, as many writers do
    const drawn = left.flatMap((l, i) => [l, right[i] as LayoutItem]);
    expect(readingOrderText(drawn, PAGE)).toBe(
      "The left column\ngoes on here\nand ends here.\n\nThe right column\nstarts beside it\nand ends too.",
    );
  });

  it("reads a table row by row, its cells in order from the left", () => {
    const rows = [
      ["Item", "Qty", "Price"],
      ["Apples", "3", "1.20"],
      ["Pears", "12", "4.80"],
    ];
    // drawn column by column
    const cells = [0, 1, 2].flatMap((col) => rows.map((row, r) => run(row[col] as string, 50 + col * 150, 100 + r * 30)));
    expect(readingOrderText(cells, PAGE).split(/\n+/)).toEqual(rows.flat());
  });

  it("keeps a superscript on its line and joins it to the word it follows", () => {
    const items = [run("E = mc", 50, 100), run("2", 80, 96, 6), run("was his formula.", 50, 112)];
    expect(readingOrderText(items, PAGE)).toBe("E = mc2\nwas his formula.");
  });

  it("puts a space between runs apart, none between runs that touch", () => {
    // "Total" ends at 75, "EUR" at 94, "12" at 107
    const items = [run("Total", 50, 100), run("EUR", 79, 100), run("12", 97, 100), run(".50", 107, 100)];
    expect(readingOrderText(items, PAGE)).toBe("Total EUR 12.50");
  });

  it("joins a word hyphenated at a line's end, and keeps a hyphen that ends the column", () => {
    const items = lines(50, 100, ["Payment by bank trans-", "fer within thirty days, net-"]);
    expect(readingOrderText(items, PAGE)).toBe("Payment by bank transfer within thirty days, net-");
  });

  it("reads text turned on its side along its own direction, as a block of its own", () => {
    // a line running up the left margin, written word by word from the bottom: text space's x axis points up the page
    const up = [
      ["Printed", 0],
      ["on", 8],
      ["recycled", 11],
      ["paper", 20],
    ].map(([word, at]): LayoutItem => {
      const y = 500 - 5 * Number(at);
      return { ...run(String(word), 20, y), transform: [0, -10, -10, 0, 20, y] };
    });
    const text = readingOrderText([run("Invoice 4711", 100, 100), ...up.reverse()], PAGE);
    expect(text.split("\n\n").sort()).toEqual(["Invoice 4711", "Printed on recycled paper"]);
  });

  it("reads nothing from an empty page or runs of spaces", () => {
    expect(readingOrderText([], PAGE)).toBe("");
    expect(readingOrderText([run("   ", 50, 100)], PAGE)).toBe("");
  });
});
