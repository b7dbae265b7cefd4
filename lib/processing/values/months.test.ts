import { describe, expect, it } from "vitest";
import { folded, LEGACY_MONTHS, MULTILINGUAL_LOCALES, multilingualMonths } from "./months";

describe("month names from date-fns", () => {
  it("a project without a locale knows exactly the names of the hand-written list before issue 24", () => {
    const before: [number, string[]][] = [
      [1, ["january", "jan", "januar", "jänner", "jaenner", "jän"]],
      [2, ["february", "feb", "februar", "feber"]],
      [3, ["march", "mar", "märz", "maerz", "mär", "mrz"]],
      [4, ["april", "apr"]],
      [5, ["may", "mai"]],
      [6, ["june", "jun", "juni"]],
      [7, ["july", "jul", "juli"]],
      [8, ["august", "aug"]],
      [9, ["september", "sep", "sept"]],
      [10, ["october", "oct", "oktober", "okt"]],
      [11, ["november", "nov"]],
      [12, ["december", "dec", "dezember", "dez"]],
    ];
    const expected = new Map(before.flatMap(([month, names]) => names.map((name) => [name, month] as const)));
    expect(new Map([...LEGACY_MONTHS].sort())).toEqual(new Map([...expected].sort()));
  });

  it("no name of the multilingual languages means two months, with or without accents", () => {
    const seen = new Map<string, Set<number>>();
    for (const locale of MULTILINGUAL_LOCALES)
      for (const width of ["wide", "abbreviated"] as const)
        for (const context of ["formatting", "standalone"] as const)
          for (let month = 0; month < 12; month++) {
            const name = folded(locale.localize.month(month as 0, { width, context })).replace(/\.$/, "");
            seen.set(name, new Set([...(seen.get(name) ?? []), month + 1]));
          }
    expect([...seen].filter(([, months]) => months.size > 1)).toEqual([]);
    expect(seen.size).toBeGreaterThan(200);
  });

  it("holds the formatting forms where they differ: Polish and Czech genitive, Finnish partitive", () => {
    const months = multilingualMonths(null);
    expect([months.get("marca"), months.get("brezna"), months.get("tammikuuta"), months.get("marzec")]).toEqual([3, 3, 1, 3]);
  });
});
