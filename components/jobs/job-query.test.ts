import { describe, expect, it } from "vitest";
import { JOB_STATES } from "@/db/schema/jobs";
import { ZJobSearch } from "@/lib/jobs/schemas";
import {
  activeFilterCount,
  arrivingFilterKey,
  EMPTY_JOB_FILTERS,
  endBeforeStart,
  filtersToQuery,
  isValidJobIdFilter,
  type JobFilters,
  jobSearchInput,
  orderByOf,
  readJobFilters,
  searchQuery,
} from "./job-query";

const filters = (patch: Partial<JobFilters> = {}): JobFilters => ({ ...EMPTY_JOB_FILTERS, ...patch });
const range = (start: string, end: string) => ({ start, end });

describe("job filters in the URL query", () => {
  it("round-trips every filter through the query", () => {
    const f = filters({
      id: "42",
      project: "Invoices",
      states: ["Ready", "Error"],
      errorCode: "Ocr",
      client: "c1",
      clientInfo: "info",
      dates: { ...EMPTY_JOB_FILTERS.dates, created: range("2025-01-01T00:00:00.000Z", "2025-01-02T00:00:00.000Z") },
      includeDeleted: true,
    });
    const query = Object.fromEntries(filtersToQuery(f));
    expect(query).toMatchObject({ id: "42", state: "Ready,Error", errorcode: "Ocr", clientinfo: "info", includedeleted: "true" });
    expect(readJobFilters(query, JOB_STATES)).toEqual(f);
  });

  it("drops unknown states and leaves out empty filters", () => {
    expect(readJobFilters({ state: "Ready,Bogus" }, JOB_STATES).states).toEqual(["Ready"]);
    expect(filtersToQuery(EMPTY_JOB_FILTERS).toString()).toBe("");
  });

  it("sends the deleted range only with include-removed", () => {
    const dates = { ...EMPTY_JOB_FILTERS.dates, deleted: range("2025-01-01T00:00:00.000Z", "") };
    expect(filtersToQuery(filters({ dates })).has("deletedstart")).toBe(false);
    expect(filtersToQuery(filters({ dates, includeDeleted: true })).has("deletedstart")).toBe(true);
  });

  it("keeps sort and page size on a search and starts on the first page", () => {
    const current = new URLSearchParams("sort=id:asc&pageSize=50&page=3&client=old");
    expect(searchQuery(filters({ client: "new" }), current).toString()).toBe("client=new&sort=id%3Aasc&pageSize=50&page=0");
  });
});

describe("spec operations §5: end before start", () => {
  const late = "2025-02-01T00:00:00.000Z";
  const early = "2025-01-01T00:00:00.000Z";

  it("flags a column whose end is earlier than its start", () => {
    const dates = { ...EMPTY_JOB_FILTERS.dates, created: range(late, early), finished: range(early, late) };
    expect(endBeforeStart(filters({ dates }))).toEqual(["created"]);
  });

  it("checks deleted only when removed jobs are included", () => {
    const dates = { ...EMPTY_JOB_FILTERS.dates, deleted: range(late, early) };
    expect(endBeforeStart(filters({ dates }))).toEqual([]);
    expect(endBeforeStart(filters({ dates, includeDeleted: true }))).toEqual(["deleted"]);
  });

  it("accepts open ranges", () => {
    const dates = { ...EMPTY_JOB_FILTERS.dates, started: range(late, "") };
    expect(endBeforeStart(filters({ dates }))).toEqual([]);
  });
});

describe("the job search input", () => {
  it("maps the table sort to orderby, Created:DESC by default", () => {
    expect(orderByOf([])).toBe("created:DESC");
    expect(
      orderByOf([
        { id: "errorCode", desc: false },
        { id: "clientInfo", desc: true },
      ]),
    ).toBe("errorcode:ASC,clientinfo:DESC");
  });

  it("is accepted by ZJobSearch", () => {
    const f = filters({
      id: "7",
      states: ["Waiting"],
      dates: { ...EMPTY_JOB_FILTERS.dates, created: range("2025-01-01T00:00:00.000Z", "") },
    });
    const parsed = ZJobSearch.parse(jobSearchInput(f, [{ id: "state", desc: true }], { page: 2, pageSize: 10 }));
    expect(parsed).toMatchObject({ id: "7", state: ["Waiting"], orderby: "state:DESC", pagesize: 10, page: 2 });
  });

  it("accepts only digits as a job id filter", () => {
    expect(isValidJobIdFilter("")).toBe(true);
    expect(isValidJobIdFilter(" 12 ")).toBe(true);
    expect(isValidJobIdFilter("12a")).toBe(false);
  });
});

describe("the active filter count that opens the filter panel", () => {
  it("is 0 without filters and counts each filter, state list and date bound once", () => {
    expect(activeFilterCount(EMPTY_JOB_FILTERS)).toBe(0);
    const f = filters({
      client: "c1",
      states: ["Ready", "Error"],
      dates: { ...EMPTY_JOB_FILTERS.dates, created: range("2025-01-01T00:00:00.000Z", "2025-01-02T00:00:00.000Z") },
    });
    expect(activeFilterCount(f)).toBe(4);
    expect(activeFilterCount(filters({ id: "  " }))).toBe(0);
  });

  it("counts the deleted range only with include-removed, and include-removed itself", () => {
    const deleted = { ...EMPTY_JOB_FILTERS.dates, deleted: range("2025-01-01T00:00:00.000Z", "") };
    expect(activeFilterCount(filters({ dates: deleted }))).toBe(0);
    expect(activeFilterCount(filters({ dates: deleted, includeDeleted: true }))).toBe(2);
  });

  it("counts what the URL query holds", () => {
    expect(activeFilterCount(readJobFilters({ client: "x", state: "Ready", page: "2" }, JOB_STATES))).toBe(2);
  });
});

describe("the key the filter form compares its own search by", () => {
  it("is the key of the filters the page reads back from the pushed query", () => {
    const typed = filters({ client: "  acme ", states: ["Ready", "Error"], clientInfo: " " });
    const page = readJobFilters({ client: "acme", state: "Error,Ready" }, JOB_STATES);
    expect(arrivingFilterKey(typed, JOB_STATES)).toBe(filtersToQuery(page).toString());
    expect(arrivingFilterKey(EMPTY_JOB_FILTERS, JOB_STATES)).toBe("");
    expect(arrivingFilterKey(filters({ client: "acme" }), JOB_STATES)).not.toBe(filtersToQuery(page).toString());
  });
});
