import { describe, expect, it } from "vitest";
import { completePeriods, periodAt } from "./periods";

const at = (iso: string) => new Date(iso);
const keys = (from: string, now: string, by: "Month" | "Week") => completePeriods(at(from), at(now), by).map((p) => p.key);

describe("archive periods (UTC)", () => {
  it("a month runs from its first day to the next month's", () => {
    expect(periodAt(at("2026-12-31T23:59:59.999Z"), "Month")).toEqual({
      start: at("2026-12-01T00:00:00Z"),
      end: at("2027-01-01T00:00:00Z"),
      key: "2026-12",
    });
  });

  it("an ISO week runs Monday to Monday and takes the year of its Thursday", () => {
    // Sunday 2026-11-01 belongs to the week that began on Monday 2026-10-26 (W44)
    expect(periodAt(at("2026-11-01T23:00:00Z"), "Week")).toEqual({
      start: at("2026-10-26T00:00:00Z"),
      end: at("2026-11-02T00:00:00Z"),
      key: "2026-W44",
    });
    // 2027-01-01 (a Friday) is still in 2026's week 53; 2024-12-30 (a Monday) already in 2025's week 1
    expect(periodAt(at("2027-01-01T12:00:00Z"), "Week").key).toBe("2026-W53");
    expect(periodAt(at("2024-12-30T00:00:00Z"), "Week").key).toBe("2025-W01");
    expect(periodAt(at("2026-01-04T00:00:00Z"), "Week").key).toBe("2026-W01");
  });

  it("lists the complete periods only, from the first to the one before now", () => {
    expect(keys("2026-08-15T10:00:00Z", "2026-11-01T00:00:00Z", "Month")).toEqual(["2026-08", "2026-09", "2026-10"]);
    expect(keys("2026-08-15T10:00:00Z", "2026-10-31T23:59:59Z", "Month")).toEqual(["2026-08", "2026-09"]);
    expect(keys("2026-10-20T00:00:00Z", "2026-11-03T00:00:00Z", "Week")).toEqual(["2026-W43", "2026-W44"]);
    expect(keys("2026-10-20T00:00:00Z", "2026-10-21T00:00:00Z", "Week")).toEqual([]);
  });

  it("goes on where the last archive ended: a period that began before keeps its key but starts there", () => {
    const [first, second] = completePeriods(at("2026-11-01T00:00:00Z"), at("2026-11-10T00:00:00Z"), "Week");
    expect(first).toEqual({ start: at("2026-11-01T00:00:00Z"), end: at("2026-11-02T00:00:00Z"), key: "2026-W44" });
    expect(second?.key).toBe("2026-W45");
  });
});
