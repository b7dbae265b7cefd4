import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCleanName, isCleanText } from "@/lib/input/clean-strings";
import { decodeSegments, UNDECODABLE_PATH } from "./paths";

// next.config.ts uses the pattern in path-to-regexp, case-insensitively, on the raw path after `/api/`
const undecodable = new RegExp(`^${UNDECODABLE_PATH}$`, "i");
const decodes = (s: string) => {
  try {
    decodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

describe("UNDECODABLE_PATH", () => {
  it("matches exactly the paths decodeURIComponent refuses", () => {
    const byteEscape = fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, "0")}`);
    const piece = fc.oneof(
      byteEscape,
      byteEscape.map((e) => e.toUpperCase()),
      fc.constantFrom("%", "%z", "%zz", "%4", "a", "/", "-", "é"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const path = pieces.join("");
        expect(undecodable.test(path), path).toBe(!decodes(path));
      }),
      { seed: 10, numRuns: 5000 },
    );
  });

  it("knows the cases of the issue", () => {
    for (const bad of ["jobs/%c0%ae", "users/%", "%ed%a0%80", "%f4%90%80%80", "%e2%82"])
      expect(undecodable.test(bad), bad).toBe(true);
    for (const good of ["jobs/12", "users/a%20b", "%e2%82%ac", "%F0%9F%98%80", "a%2Fb", "%00"])
      expect(undecodable.test(good), good).toBe(false);
  });

  it("has no capturing group (path-to-regexp refuses them in a parameter's pattern)", () => {
    expect(UNDECODABLE_PATH).not.toMatch(/\((?!\?)/);
  });
});

describe("clean strings", () => {
  it("names refuse every control character and lone surrogates; text keeps tab and line breaks", () => {
    for (const bad of ["a\u0000", "\u001f", "\u007f", "\ud800", "x\udc00"])
      expect(isCleanName(bad), JSON.stringify(bad)).toBe(false);
    for (const bad of ["a\u0000", "\u0007", "\u001b[0m", "\ud800x", "\udfff"])
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ["Müller", "😀", "a b", "€"]) expect(isCleanName(good) && isCleanText(good)).toBe(true);
    expect(isCleanText("line 1\r\n\tline 2")).toBe(true);
    expect(isCleanName("line 1\n")).toBe(false);
  });

  it("decodeSegments decodes each segment or answers null", () => {
    expect(decodeSegments("/api/users/a%20b/")).toEqual(["api", "users", "a b"]);
    expect(decodeSegments("/api/users/%")).toBeNull();
  });
});
