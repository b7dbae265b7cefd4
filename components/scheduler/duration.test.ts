import { describe, expect, it } from "vitest";
import { DURATION_PATTERN } from "@/lib/scheduler/functions";
import { joinDuration, splitDuration } from "./duration";

describe("the duration of a CleanUpLearnJobs limit (days.hh:mm:ss)", () => {
  it("splits into days and a time of day and joins back to the same string", () => {
    for (const value of ["0.00:00:00", "2.00:00:00", "9999.23:59:59", "12.07:30:05"]) {
      expect(joinDuration(splitDuration(value))).toBe(value);
    }
    expect(splitDuration("2.00:00:00")).toEqual({ days: "2", time: "00:00:00" });
  });

  it("reads a time without seconds and an empty time as midnight", () => {
    expect(joinDuration({ days: "3", time: "10:15" })).toBe("3.10:15:00");
    expect(joinDuration({ days: "3", time: "" })).toBe("3.00:00:00");
    expect(DURATION_PATTERN.test(joinDuration({ days: "3", time: "10:15" }))).toBe(true);
  });

  it("passes what is not a duration on, so that the schema reports it", () => {
    for (const parts of [
      { days: "", time: "10:00" },
      { days: "-1", time: "10:00" },
      { days: "10000", time: "10:00" },
      { days: "1.5", time: "10:00" },
    ]) {
      expect(DURATION_PATTERN.test(joinDuration(parts)), JSON.stringify(parts)).toBe(false);
    }
    expect(splitDuration("soon")).toEqual({ days: "soon", time: "" });
  });
});

describe("typing into the days", () => {
  it("keeps the time while the days are empty or not yet a number", () => {
    expect(splitDuration(joinDuration({ days: "", time: "10:00:00" }))).toEqual({ days: "", time: "10:00:00" });
    expect(splitDuration(joinDuration({ days: "1.5", time: "10:00:00" }))).toEqual({ days: "1.5", time: "10:00:00" });
  });
});
