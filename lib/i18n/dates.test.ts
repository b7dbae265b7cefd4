import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, isIsoDateTime, isTimeZone } from "./dates";

describe("dates (DESIGN.md Conventions: YYYY-MM-DD, YYYY-MM-DD HH:mm:ss in the user's time zone)", () => {
  const instant = "2026-03-29T00:30:05.123Z";

  it("formats an instant in the given time zone", () => {
    expect(formatDateTime(instant, "UTC")).toBe("2026-03-29 00:30:05");
    // Berlin switches to summer time at 01:00 UTC that day: still UTC+1 here
    expect(formatDateTime(instant, "Europe/Berlin")).toBe("2026-03-29 01:30:05");
    expect(formatDateTime(instant, "America/New_York")).toBe("2026-03-28 20:30:05");
    expect(formatDateTime(new Date("2026-07-01T12:00:00Z"), "Europe/Berlin")).toBe("2026-07-01 14:00:00");
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
});
