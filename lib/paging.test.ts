import { describe, expect, it } from "vitest";
import { clampPage, pageButtons, pageCount, parsePaging } from "./paging";

describe("paging (spec §9)", () => {
  it("defaults to page 0 of 25 and accepts only the listed sizes", () => {
    expect(parsePaging({})).toEqual({ page: 0, pageSize: 25 });
    expect(parsePaging({ page: "3", pageSize: "50" })).toEqual({ page: 3, pageSize: 50 });
    expect(parsePaging({ page: "-2", pageSize: "7" })).toEqual({ page: 0, pageSize: 25 });
    expect(parsePaging({ page: "abc", pageSize: ["5", "10"] })).toEqual({ page: 0, pageSize: 5 });
  });

  it("shows at most five page buttons around the current page", () => {
    expect(pageButtons(0, 1)).toEqual([0]);
    expect(pageButtons(0, 3)).toEqual([0, 1, 2]);
    expect(pageButtons(0, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(pageButtons(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageButtons(9, 10)).toEqual([5, 6, 7, 8, 9]);
    expect(pageButtons(8, 10)).toEqual([5, 6, 7, 8, 9]);
  });

  it("clamps pages between 0 and the last", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(clampPage(7, 26, 25)).toBe(1);
    expect(clampPage(-1, 26, 25)).toBe(0);
  });
});
