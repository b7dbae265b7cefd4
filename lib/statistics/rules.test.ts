import { describe, expect, it } from "vitest";
import { addDays, chartBuckets, currentMonth, daysIn, endsBeforeStart, isIsoDay, lastMonth, rangeFromQuery } from "./rules";

describe("statistics date ranges", () => {
  it("defaults to the first of the current month through today, in UTC", () => {
    // 00:30 in Berlin on 1 March is still 28 February in UTC
    expect(currentMonth(new Date("2026-02-28T23:30:00Z"))).toEqual({ start: "2026-02-01", end: "2026-02-28" });
    expect(currentMonth(new Date("2026-03-01T00:00:00Z"))).toEqual({ start: "2026-03-01", end: "2026-03-01" });
  });

  it("last month is the whole previous calendar month, across a year and in a leap year", () => {
    expect(lastMonth(new Date("2026-01-15T12:00:00Z"))).toEqual({ start: "2025-12-01", end: "2025-12-31" });
    expect(lastMonth(new Date("2028-03-01T00:00:00Z"))).toEqual({ start: "2028-02-01", end: "2028-02-29" });
  });

  it("knows real days, counts days and steps over month ends", () => {
    expect(isIsoDay("2026-02-28")).toBe(true);
    expect(isIsoDay("2026-02-30")).toBe(false);
    expect(isIsoDay("2026-2-3")).toBe(false);
    expect(addDays("2026-02-28")).toBe("2026-03-01");
    expect(daysIn({ start: "2026-03-01", end: "2026-03-01" })).toBe(1);
    expect(daysIn({ start: "2026-03-01", end: "2026-03-31" })).toBe(31);
  });

  it("reads a page's query: bad days fall back to the default, an end before the start is invalid", () => {
    const now = new Date("2026-05-20T08:00:00Z");
    expect(rangeFromQuery({}, now)).toEqual({ start: "2026-05-01", end: "2026-05-20", invalid: false });
    expect(rangeFromQuery({ start: "2026-04-01", end: "2026-04-30" }, now)).toMatchObject({ invalid: false });
    expect(rangeFromQuery({ start: "x", end: "2026-05-02" }, now)).toEqual({
      start: "2026-05-01",
      end: "2026-05-02",
      invalid: false,
    });
    expect(rangeFromQuery({ start: "2026-05-10", end: "2026-05-09" }, now)).toMatchObject({ invalid: true });
    expect(endsBeforeStart({ start: "2026-05-10", end: "2026-05-10" })).toBe(false);
  });

  it("charts a point per day up to three months, a point per month beyond", () => {
    expect(chartBuckets({ start: "2026-01-30", end: "2026-02-02" })).toEqual({
      unit: "day",
      keys: ["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"],
    });
    expect(chartBuckets({ start: "2025-11-15", end: "2026-03-02" })).toEqual({
      unit: "month",
      keys: ["2025-11-01", "2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01"],
    });
  });
});
