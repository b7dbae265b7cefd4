import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, isIsoDateTime, isTimeZone, zonedTimeToDate } from "./dates";

describe("dates (DESIGN.md Conventions: YYYY-MM-DD, YYYY-MM-DD HH:mm:ss in the user's time zone)", () => {
  const instant = "2026-03-29T00:30:05.123Z";

  it("formats an instant in the given time zone", () => {
    expect(formatDateTime(instant, "UTC")).toBe("2026-03-29 00:30:05");
    // Berlin switches to summer time at 01:00 UTC that day: still UTC+1 here
    expect(formatDateTime(instant, "Europe/Berlin")).toBe("2026-03-29 01:30:05");
    expect(formatDateTime(instant, "America/New_York")).toBe("2026-03-28 20:30:05");
    expect(formatDateTime(new Date("2026-07-01T12:00:00Z"), "Europe/Berlin")).toBe("2026-07-01 14:00:00");
  });

  it("shows what date-fns shows in the zone, around every clock change and at odd offsets", () => {
    // each zone with its clock changes in 2026 (Lord Howe moves by 30 minutes, Chatham is UTC+12:45/+13:45)
    const zones = {
      "Europe/Berlin": 2,
      "America/New_York": 2,
      "Australia/Lord_Howe": 2,
      "Asia/Kathmandu": 0,
      "Pacific/Chatham": 2,
      UTC: 0,
    };
    const year: number[] = [];
    // every 37 minutes and 13 seconds through 2026
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 2_233_000) year.push(ms);
    for (const [zone, changes] of Object.entries(zones)) {
      const offset = (ms: number) => new TZDate(ms, zone).getTimezoneOffset();
      // a few instants before 1900 and after 9999 (the slow path), and both sides of each clock change of the year
      const instants = [...year, Date.UTC(1850, 5, 1, 12), Date.UTC(1899, 11, 31, 23, 59, 59), Date.UTC(10_000, 0, 1)];
      for (let i = 1; i < year.length; i++) {
        let [lo, hi] = [year[i - 1] as number, year[i] as number];
        if (offset(lo) === offset(hi)) continue;
        const before = offset(lo);
        while (hi - lo > 1000) {
          const mid = Math.floor((lo + hi) / 2000) * 1000;
          if (offset(mid) === before) lo = mid;
          else hi = mid;
        }
        instants.push(hi - 1000, hi);
      }
      for (const ms of instants) {
        const expected = format(new TZDate(ms, zone), "yyyy-MM-dd HH:mm:ss");
        expect(formatDateTime(new Date(ms), zone), `${new Date(ms).toISOString()} in ${zone}`).toBe(expected);
        expect(formatDate(new Date(ms), zone)).toBe(expected.slice(0, expected.indexOf(" ")));
      }
      expect(instants.length - year.length - 3, zone).toBe(2 * changes);
    }
  });

  it("midnight is 00, not 24", () => {
    expect(formatDateTime("2026-01-01T23:00:00Z", "Europe/Berlin")).toBe("2026-01-02 00:00:00");
  });

  it("dates: instants in the zone, calendar days unchanged", () => {
    expect(formatDate(instant, "America/New_York")).toBe("2026-03-28");
    expect(formatDate("2027-12-31", "Pacific/Kiritimati")).toBe("2027-12-31");
  });

  it("nothing, nonsense and unknown zones", () => {
    expect(formatDateTime(null, "UTC")).toBe("—");
    expect(formatDateTime("", "UTC")).toBe("—");
    expect(formatDateTime("yesterday", "UTC")).toBe("—");
    expect(formatDate(undefined, "UTC")).toBe("—");
    expect(formatDateTime(instant, "Mars/Olympus")).toBe("2026-03-29 00:30:05");
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("tells ISO date-times from other strings", () => {
    expect(isIsoDateTime(instant)).toBe(true);
    expect(isIsoDateTime("2026-03-29T00:30:05+02:00")).toBe(true);
    expect(isIsoDateTime("2026-03-29")).toBe(false);
    expect(isIsoDateTime("Pages")).toBe(false);
    expect(isIsoDateTime(42)).toBe(false);
  });

  it("turns a wall-clock time of a zone into its instant, the inverse of formatDateTime", () => {
    const at = (wall: string, zone: string) => {
      const [year, month, day, hour, minute, second] = wall.split(/[- :]/).map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      return zonedTimeToDate({ year, month, day, hour, minute, second }, zone)?.toISOString() ?? null;
    };
    expect(at("2026-03-29 01:30:05", "Europe/Berlin")).toBe("2026-03-29T00:30:05.000Z");
    expect(at("2026-03-28 20:30:05", "America/New_York")).toBe(instant.replace(".123", ".000"));
    expect(at("2026-07-01 14:00:00", "Europe/Berlin")).toBe("2026-07-01T12:00:00.000Z");
    expect(at("2026-01-01 05:30:00", "Asia/Kolkata")).toBe("2026-01-01T00:00:00.000Z");
    // the clocks skip 02:00 to 03:00 in Berlin that night: no instant shows 02:30
    expect(at("2026-03-29 02:30:00", "Europe/Berlin")).toBeNull();
    // they show 02:30 twice on 25 October (summer time, then winter time): the first
    expect(at("2026-10-25 02:30:00", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    expect(at("2026-02-29 00:00:00", "UTC")).toBeNull();
    expect(at("2026-01-01 24:00:00", "UTC")).toBeNull();
    expect(
      zonedTimeToDate({ year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 999 }, "UTC")?.toISOString(),
    ).toBe("2026-01-01T00:00:00.999Z");
  });
});
