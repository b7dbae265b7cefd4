import { describe, expect, it } from "vitest";
import { cycleSort, formatSort, parseSort } from "./sort";

const allowed = ["name", "created", "status"] as const;

describe("parseSort", () => {
  it("returns no sort for a missing or empty query", () => {
    expect(parseSort(undefined, allowed)).toEqual([]);
    expect(parseSort("", allowed)).toEqual([]);
  });

  it("reads one column in either direction", () => {
    expect(parseSort("name:asc", allowed)).toEqual([{ id: "name", desc: false }]);
    expect(parseSort("name:desc", allowed)).toEqual([{ id: "name", desc: true }]);
  });

  it("keeps several columns in their order of priority", () => {
    expect(parseSort("created:desc,name:asc,status:desc", allowed)).toEqual([
      { id: "created", desc: true },
      { id: "name", desc: false },
      { id: "status", desc: true },
    ]);
  });

  it("ignores columns that are not allowed", () => {
    expect(parseSort("password:asc,name:desc", allowed)).toEqual([{ id: "name", desc: true }]);
    expect(parseSort("name:asc", [])).toEqual([]);
  });

  it("ignores malformed parts", () => {
    expect(parseSort("name", allowed)).toEqual([]);
    expect(parseSort("name:", allowed)).toEqual([]);
    expect(parseSort(":asc", allowed)).toEqual([]);
    expect(parseSort("name:up,created:desc", allowed)).toEqual([{ id: "created", desc: true }]);
    expect(parseSort("name:ASC", allowed)).toEqual([]);
    expect(parseSort("name:asc:desc", allowed)).toEqual([]);
    expect(parseSort(",,name:asc,", allowed)).toEqual([{ id: "name", desc: false }]);
  });

  it("tolerates spaces around parts", () => {
    expect(parseSort(" name:asc , created:desc ", allowed)).toEqual([
      { id: "name", desc: false },
      { id: "created", desc: true },
    ]);
  });

  it("keeps only the first mention of a column", () => {
    expect(parseSort("name:desc,name:asc,created:asc", allowed)).toEqual([
      { id: "name", desc: true },
      { id: "created", desc: false },
    ]);
  });

  it("does not match columns by prefix or case", () => {
    expect(parseSort("nam:asc,Name:asc,names:asc", allowed)).toEqual([]);
  });
});

describe("formatSort", () => {
  it("writes nothing for no sort", () => {
    expect(formatSort([])).toBe("");
  });

  it("writes columns in priority order", () => {
    expect(
      formatSort([
        { id: "created", desc: true },
        { id: "name", desc: false },
      ]),
    ).toBe("created:desc,name:asc");
  });

  it("round-trips with parseSort", () => {
    const query = "status:asc,created:desc";
    expect(formatSort(parseSort(query, allowed))).toBe(query);
  });
});

describe("cycleSort", () => {
  it("sorts an unsorted column ascending", () => {
    expect(cycleSort([], "name")).toEqual([{ id: "name", desc: false }]);
  });

  it("turns ascending into descending, then removes the sort", () => {
    const asc = cycleSort([], "name");
    const desc = cycleSort(asc, "name");
    expect(desc).toEqual([{ id: "name", desc: true }]);
    expect(cycleSort(desc, "name")).toEqual([]);
  });

  it("appends a newly clicked column after the existing sorts", () => {
    expect(cycleSort([{ id: "name", desc: true }], "created")).toEqual([
      { id: "name", desc: true },
      { id: "created", desc: false },
    ]);
  });

  it("keeps the priority of a column when it turns descending", () => {
    const current = [
      { id: "name", desc: false },
      { id: "created", desc: false },
    ];
    expect(cycleSort(current, "name")).toEqual([
      { id: "name", desc: true },
      { id: "created", desc: false },
    ]);
  });

  it("removes only the clicked column and keeps the others in order", () => {
    const current = [
      { id: "name", desc: false },
      { id: "created", desc: true },
      { id: "status", desc: false },
    ];
    expect(cycleSort(current, "created")).toEqual([
      { id: "name", desc: false },
      { id: "status", desc: false },
    ]);
  });

  it("moves a column to the end when it is sorted again after removal", () => {
    let sort = cycleSort(cycleSort([], "name"), "created");
    sort = cycleSort(cycleSort(sort, "name"), "name");
    expect(cycleSort(sort, "name")).toEqual([
      { id: "created", desc: false },
      { id: "name", desc: false },
    ]);
  });

  it("does not change the current sort", () => {
    const current = [{ id: "name", desc: false }];
    cycleSort(current, "name");
    cycleSort(current, "created");
    expect(current).toEqual([{ id: "name", desc: false }]);
  });
});
