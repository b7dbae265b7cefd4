import { describe, expect, it } from "vitest";
import { formatBytes, formatCount, formatPoint, formatSeconds } from "./format";

describe("statistics formats", () => {
  it("durations with 3 decimals and counts in each language", () => {
    expect(formatSeconds("en-US", 1.5)).toBe("1.500");
    expect(formatSeconds("de-DE", 42.1234)).toBe("42,123");
    expect(formatCount("en-US", 12345)).toBe("12,345");
    expect(formatCount("de-DE", 12345)).toBe("12.345");
  });

  it("bytes in steps of 1024", () => {
    // the number and its unit stay on one line (a no-break space)
    const bytes = (locale: string, n: number) => formatBytes(locale, n).replaceAll("\u00a0", " ");
    expect(bytes("en-US", 0)).toBe("0 B");
    expect(bytes("en-US", 1023)).toBe("1,023 B");
    expect(bytes("en-US", 1536)).toBe("1.5 kB");
    expect(bytes("de-DE", 5 * 1024 * 1024 * 1024)).toBe("5 GB");
    expect(bytes("de-DE", 1.25 * 1024 * 1024)).toBe("1,3 MB");
  });

  it("axis labels of days and months", () => {
    expect(formatPoint("en-US", "2026-05-04", "day")).toBe("05/04");
    expect(formatPoint("de-DE", "2026-05-04", "day")).toBe("04.05.");
    expect(formatPoint("de-DE", "2026-05-01", "month")).toBe("Mai 2026");
    expect(formatPoint("en-US", "2026-05-04", "day", true)).toBe("May 4, 2026");
  });
});
