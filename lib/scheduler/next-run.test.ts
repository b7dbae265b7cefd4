import { describe, expect, it } from "vitest";
import { nextRun, type Schedule, weekdayFlags, weekdaysOf } from "./next-run";

const none: Schedule = {
  continuouslyIsActive: false,
  continuouslyMinutes: 0,
  dailyIsActive: false,
  dailyDateTime: null,
  weeklyIsActive: false,
  weeklyDateTime: null,
  weekdays: [],
  lastDateTime: null,
};
const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe("next run: continuously", () => {
  it("is now when the task never ran, else N minutes after the last run", () => {
    const s = { ...none, continuouslyIsActive: true, continuouslyMinutes: 15 };
    expect(iso(nextRun(s, at("2024-05-01T10:00:00Z"), "UTC"))).toBe("2024-05-01T10:00:00.000Z");
    expect(iso(nextRun({ ...s, lastDateTime: at("2024-05-01T09:50:00Z") }, at("2024-05-01T10:00:00Z"), "UTC"))).toBe(
      "2024-05-01T10:05:00.000Z",
    );
    // long overdue: due at once (the tick runs it once, then counts from that run)
    expect(iso(nextRun({ ...s, lastDateTime: at("2024-04-01T00:00:00Z") }, at("2024-05-01T10:00:00Z"), "UTC"))).toBe(
      "2024-04-01T00:15:00.000Z",
    );
  });

  it("counts minutes across a daylight-saving change as elapsed time", () => {
    const s = { ...none, continuouslyIsActive: true, continuouslyMinutes: 60, lastDateTime: at("2024-03-31T00:30:00Z") };
    expect(iso(nextRun(s, at("2024-03-31T00:31:00Z"), "Europe/Berlin"))).toBe("2024-03-31T01:30:00.000Z");
  });

  it("no trigger: no next time", () => {
    expect(nextRun(none, at("2024-05-01T10:00:00Z"), "UTC")).toBeNull();
    expect(nextRun({ ...none, dailyIsActive: true, dailyDateTime: null }, at("2024-05-01T10:00:00Z"), "UTC")).toBeNull();
  });
});

describe("next run: daily", () => {
  const daily = (time: string) => ({ ...none, dailyIsActive: true, dailyDateTime: time });

  it("today when the time is still ahead, else tomorrow", () => {
    expect(iso(nextRun(daily("14:30"), at("2024-05-01T10:00:00Z"), "UTC"))).toBe("2024-05-01T14:30:00.000Z");
    expect(iso(nextRun(daily("09:30"), at("2024-05-01T10:00:00Z"), "UTC"))).toBe("2024-05-02T09:30:00.000Z");
    // exactly at the time: the run of that time is the current one, the next is tomorrow
    expect(iso(nextRun(daily("10:00"), at("2024-05-01T10:00:00Z"), "UTC"))).toBe("2024-05-02T10:00:00.000Z");
  });

  it("in the server's time zone", () => {
    expect(iso(nextRun(daily("02:00"), at("2024-05-01T10:00:00Z"), "Europe/Berlin"))).toBe("2024-05-02T00:00:00.000Z");
    expect(iso(nextRun(daily("23:00"), at("2024-05-01T10:00:00Z"), "America/New_York"))).toBe("2024-05-02T03:00:00.000Z");
  });

  it("takes the time of day of an ISO date-time", () => {
    expect(iso(nextRun(daily("2020-01-01T14:30:00"), at("2024-05-01T10:00:00Z"), "UTC"))).toBe("2024-05-01T14:30:00.000Z");
  });

  it("over a month end, a leap day and the year end", () => {
    expect(iso(nextRun(daily("08:00"), at("2024-04-30T09:00:00Z"), "UTC"))).toBe("2024-05-01T08:00:00.000Z");
    expect(iso(nextRun(daily("08:00"), at("2024-02-28T09:00:00Z"), "UTC"))).toBe("2024-02-29T08:00:00.000Z");
    expect(iso(nextRun(daily("08:00"), at("2023-02-28T09:00:00Z"), "UTC"))).toBe("2023-03-01T08:00:00.000Z");
    // 2024-12-31 23:00 in Berlin: 00:30 of the new year
    expect(iso(nextRun(daily("00:30"), at("2024-12-31T22:00:00Z"), "Europe/Berlin"))).toBe("2024-12-31T23:30:00.000Z");
    // 2025-01-01 00:45 in Berlin: 00:30 of 2025-01-02
    expect(iso(nextRun(daily("00:30"), at("2024-12-31T23:45:00Z"), "Europe/Berlin"))).toBe("2025-01-01T23:30:00.000Z");
  });

  describe("daylight saving, Europe/Berlin (2024-03-31 02:00→03:00, 2024-10-27 03:00→02:00)", () => {
    const zone = "Europe/Berlin";
    it("a skipped time runs at the first instant after the gap", () => {
      // 02:30 does not exist on 2024-03-31: 03:00 CEST = 01:00Z
      expect(iso(nextRun(daily("02:30"), at("2024-03-30T12:00:00Z"), zone))).toBe("2024-03-31T01:00:00.000Z");
      // and the day after at 02:30 CEST again
      expect(iso(nextRun(daily("02:30"), at("2024-03-31T01:00:00Z"), zone))).toBe("2024-04-01T00:30:00.000Z");
    });
    it("a time before and after the change keeps its wall-clock time", () => {
      expect(iso(nextRun(daily("04:00"), at("2024-03-30T12:00:00Z"), zone))).toBe("2024-03-31T02:00:00.000Z");
      expect(iso(nextRun(daily("04:00"), at("2024-10-26T12:00:00Z"), zone))).toBe("2024-10-27T03:00:00.000Z");
    });
    it("a repeated time runs once, at its first instant", () => {
      expect(iso(nextRun(daily("02:30"), at("2024-10-26T12:00:00Z"), zone))).toBe("2024-10-27T00:30:00.000Z");
      // after that run, the second 02:30 (01:30Z) is not another run: the next is the day after
      expect(iso(nextRun(daily("02:30"), at("2024-10-27T00:30:05Z"), zone))).toBe("2024-10-28T01:30:00.000Z");
    });
  });

  describe("daylight saving, America/New_York (2024-03-10 02:00→03:00, 2024-11-03 02:00→01:00)", () => {
    const zone = "America/New_York";
    it("a skipped time runs at the first instant after the gap", () => {
      // 02:15 does not exist on 2024-03-10: 03:00 EDT = 07:00Z
      expect(iso(nextRun(daily("02:15"), at("2024-03-09T12:00:00Z"), zone))).toBe("2024-03-10T07:00:00.000Z");
    });
    it("a repeated time runs once", () => {
      // 01:30 EDT = 05:30Z first, 01:30 EST = 06:30Z second
      expect(iso(nextRun(daily("01:30"), at("2024-11-02T12:00:00Z"), zone))).toBe("2024-11-03T05:30:00.000Z");
      expect(iso(nextRun(daily("01:30"), at("2024-11-03T05:30:01Z"), zone))).toBe("2024-11-04T06:30:00.000Z");
    });
  });
});

describe("next run: weekly", () => {
  const weekly = (time: string, days: string[]) => ({ ...none, weeklyIsActive: true, weeklyDateTime: time, weekdays: days });

  it("the next chosen weekday at the time", () => {
    // 2024-05-01 is a Wednesday
    expect(iso(nextRun(weekly("06:00", ["monday"]), at("2024-05-01T10:00:00Z"), "UTC"))).toBe("2024-05-06T06:00:00.000Z");
    expect(iso(nextRun(weekly("12:00", ["wednesday", "friday"]), at("2024-05-01T10:00:00Z"), "UTC"))).toBe(
      "2024-05-01T12:00:00.000Z",
    );
    expect(iso(nextRun(weekly("09:00", ["wednesday", "friday"]), at("2024-05-01T10:00:00Z"), "UTC"))).toBe(
      "2024-05-03T09:00:00.000Z",
    );
    // only the same weekday, time passed: a week later
    expect(iso(nextRun(weekly("09:00", ["wednesday"]), at("2024-05-01T10:00:00Z"), "UTC"))).toBe("2024-05-08T09:00:00.000Z");
    expect(iso(nextRun(weekly("09:00", ["sunday"]), at("2024-05-04T10:00:00Z"), "UTC"))).toBe("2024-05-05T09:00:00.000Z");
  });

  it("over the year end and in a time zone", () => {
    // 2024-12-31 is a Tuesday; Thursday 2025-01-02 07:00 Berlin = 06:00Z
    expect(iso(nextRun(weekly("07:00", ["thursday"]), at("2024-12-31T10:00:00Z"), "Europe/Berlin"))).toBe(
      "2025-01-02T06:00:00.000Z",
    );
    // Monday 00:30 Berlin is still Sunday in UTC
    expect(iso(nextRun(weekly("00:30", ["monday"]), at("2024-05-01T10:00:00Z"), "Europe/Berlin"))).toBe(
      "2024-05-05T22:30:00.000Z",
    );
  });

  it("on the day of a daylight-saving change", () => {
    // Sunday 2024-03-31 02:30 Berlin is skipped: 03:00 CEST
    expect(iso(nextRun(weekly("02:30", ["sunday"]), at("2024-03-29T12:00:00Z"), "Europe/Berlin"))).toBe(
      "2024-03-31T01:00:00.000Z",
    );
    // Sunday 2024-11-03 01:30 New York is shown twice: the first
    expect(iso(nextRun(weekly("01:30", ["sunday"]), at("2024-11-01T12:00:00Z"), "America/New_York"))).toBe(
      "2024-11-03T05:30:00.000Z",
    );
  });

  it("the earliest of several triggers counts", () => {
    const s = { ...weekly("09:00", ["friday"]), dailyIsActive: true, dailyDateTime: "23:00" };
    expect(iso(nextRun(s, at("2024-05-01T10:00:00Z"), "UTC"))).toBe("2024-05-01T23:00:00.000Z");
  });

  it("weekday flags and stored names convert both ways", () => {
    expect(weekdaysOf({ weeklyMonday: true, weeklySunday: true })).toEqual(["monday", "sunday"]);
    expect(weekdayFlags(["friday"]).weeklyFriday).toBe(true);
    expect(weekdayFlags(["friday"]).weeklyMonday).toBe(false);
  });
});
