import { describe, expect, it } from "vitest";
import { clampPage, loadClampedPage, pageButtons, pageCount, parsePaging } from "./paging";

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

describe("loadClampedPage", () => {
  // a list of 30 items read page by page, recording which pages were asked for
  const list = (asked: number[]) => async (page: number) => {
    asked.push(page);
    return { totalCount: 30, items: Array.from({ length: 30 }, (_, i) => i).slice(page * 10, page * 10 + 10) };
  };

  it("reads the asked page once when it exists", async () => {
    const asked: number[] = [];
    const { page, result } = await loadClampedPage({ page: 1, pageSize: 10 }, list(asked));
    expect({ page, first: result.items[0], asked }).toEqual({ page: 1, first: 10, asked: [1] });
  });

  it("reads the last page instead of one beyond it", async () => {
    const asked: number[] = [];
    const { page, result } = await loadClampedPage({ page: 9, pageSize: 10 }, list(asked));
    expect({ page, first: result.items[0], asked }).toEqual({ page: 2, first: 20, asked: [9, 2] });
  });
});
