import { describe, expect, it } from "vitest";
import { csvCell, csvLine, toCsv } from "./csv";

describe("csv", () => {
  it("quotes what would break the record and doubles quotes", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell(3.25)).toBe("3.25");
    expect(csvCell(new Date("2026-11-24T10:00:00Z"))).toBe("2026-11-24T10:00:00.000Z");
  });

  it("keeps spreadsheet formulas from running, but not negative numbers", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-1.5")).toBe("-1.5");
    expect(csvCell(-2)).toBe("-2");
  });

  it("writes a header and CRLF-terminated records", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          [1, "x,y"],
          [null, true],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n,true\r\n');
    expect(csvLine([])).toBe("\r\n");
  });
});
