import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime } from "@/lib/i18n/dates";
import { dateTimeTextToIso, isoToDateTimeText, maskDateTimeText } from "./date-time-text";

const BERLIN = "Europe/Berlin";
const NEW_YORK = "America/New_York";

describe("date-time text of the job filters", () => {
  it("reads YYYY-MM-DD HH:mm:ss in the page's time zone, and a T between date and time", () => {
    expect(dateTimeTextToIso("2025-03-15 10:30:05", "start", BERLIN)).toBe("2025-03-15T09:30:05.000Z");
    expect(dateTimeTextToIso(" 2025-03-15T10:30:05 ", "end", NEW_YORK)).toBe("2025-03-15T14:30:05.000Z");
    expect(dateTimeTextToIso("2025-07-15 10:30:05", "start", BERLIN)).toBe("2025-07-15T08:30:05.000Z");
    expect(dateTimeTextToIso("2025-03-15 10:30:05", "start", "UTC")).toBe("2025-03-15T10:30:05.000Z");
  });

  it("lets a bound without time cover its whole day, and an end without seconds its whole minute", () => {
    expect(dateTimeTextToIso("2025-03-15", "start", BERLIN)).toBe("2025-03-14T23:00:00.000Z");
    expect(dateTimeTextToIso("2025-03-15", "end", BERLIN)).toBe("2025-03-15T22:59:59.999Z");
    expect(dateTimeTextToIso("2025-03-15 10:30", "start", "UTC")).toBe("2025-03-15T10:30:00.000Z");
    expect(dateTimeTextToIso("2025-03-15 10:30", "end", "UTC")).toBe("2025-03-15T10:30:59.999Z");
  });

  it("is empty for an empty input and refuses what is no date-time, or a time the clocks skip", () => {
    expect(dateTimeTextToIso("  ", "start", BERLIN)).toBe("");
    for (const text of ["2025-02-30", "2025-13-01", "2025-03-15 24:00", "2025-03-15 10:60", "15.03.2025", "2025-3-5", "soon"]) {
      expect(dateTimeTextToIso(text, "start", BERLIN), text).toBeNull();
    }
    // Berlin goes from 02:00 to 03:00 that night
    expect(dateTimeTextToIso("2025-03-30 02:30", "start", BERLIN)).toBeNull();
    expect(dateTimeTextToIso("2025-03-30 02:30", "start", "UTC")).toBe("2025-03-30T02:30:00.000Z");
  });

  it("shows a stored time as the table does, so that it reads back to the same instant", () => {
    expect(isoToDateTimeText("2024-12-31T22:05:09.000Z", BERLIN)).toBe("2024-12-31 23:05:09");
    expect(isoToDateTimeText("", BERLIN)).toBe("");
    expect(isoToDateTimeText("not a time", BERLIN)).toBe("");
    const zones = fc.constantFrom("UTC", BERLIN, NEW_YORK, "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham");
    const instants = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }).map((ms) => new Date(ms - (ms % 1000)));
    fc.assert(
      fc.property(instants, zones, (date, zone) => {
        const text = isoToDateTimeText(date.toISOString(), zone);
        expect(text).toBe(formatDateTime(date, zone));
        const back = new Date(dateTimeTextToIso(text, "start", zone) ?? "");
        // a time shown twice (the clocks go back) reads as its first instant, at most an hour earlier
        expect(formatDateTime(back, zone)).toBe(text);
        expect(date.getTime() - back.getTime()).toBeGreaterThanOrEqual(0);
        expect(date.getTime() - back.getTime()).toBeLessThanOrEqual(60 * 60 * 1000);
      }),
      { seed: 20_251_015, numRuns: 2000 },
    );
  });

  describe("whatever the zone of the machine (the browser's, until its cookie is read)", () => {
    const machineZone = process.env.TZ;
    afterEach(() => {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    });

    it("reads and shows in the zone it is given", () => {
      for (const local of ["Pacific/Kiritimati", "America/Los_Angeles", "UTC"]) {
        process.env.TZ = local;
        expect(dateTimeTextToIso("2025-03-15 10:30:05", "start", BERLIN), local).toBe("2025-03-15T09:30:05.000Z");
        expect(isoToDateTimeText("2025-03-15T09:30:05.000Z", BERLIN), local).toBe("2025-03-15 10:30:05");
      }
    });
  });

  it("masks typed digits into the format, keeping a separator typed at its place", () => {
    expect(maskDateTimeText("2025")).toBe("2025");
    expect(maskDateTimeText("20250")).toBe("2025-0");
    expect(maskDateTimeText("2025-")).toBe("2025-");
    expect(maskDateTimeText("202503151030")).toBe("2025-03-15 10:30");
    expect(maskDateTimeText("2025-03-15 10:30:05 and more 99")).toBe("2025-03-15 10:30:05");
    expect(maskDateTimeText("abc")).toBe("");
  });
});
