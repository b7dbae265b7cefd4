import { describe, expect, it } from "vitest";
import { dateTimeTextToIso, isoToDateTimeText, maskDateTimeText } from "./date-time-text";

const local = (...parts: [number, number, number, number?, number?, number?, number?]) => {
  const [y, m, d, h = 0, min = 0, s = 0, ms = 0] = parts;
  return new Date(y, m - 1, d, h, min, s, ms).toISOString();
};

describe("date-time text of the job filters", () => {
  it("reads YYYY-MM-DD HH:mm:ss as local time, and a T between date and time", () => {
    expect(dateTimeTextToIso("2025-03-15 10:30:05", "start")).toBe(local(2025, 3, 15, 10, 30, 5));
    expect(dateTimeTextToIso(" 2025-03-15T10:30:05 ", "end")).toBe(local(2025, 3, 15, 10, 30, 5));
  });

  it("lets a bound without time cover its whole day, and an end without seconds its whole minute", () => {
    expect(dateTimeTextToIso("2025-03-15", "start")).toBe(local(2025, 3, 15));
    expect(dateTimeTextToIso("2025-03-15", "end")).toBe(local(2025, 3, 15, 23, 59, 59, 999));
    expect(dateTimeTextToIso("2025-03-15 10:30", "start")).toBe(local(2025, 3, 15, 10, 30));
    expect(dateTimeTextToIso("2025-03-15 10:30", "end")).toBe(local(2025, 3, 15, 10, 30, 59, 999));
  });

  it("is empty for an empty input and refuses what is no date-time", () => {
    expect(dateTimeTextToIso("  ", "start")).toBe("");
    for (const text of ["2025-02-30", "2025-13-01", "2025-03-15 24:00", "2025-03-15 10:60", "15.03.2025", "2025-3-5", "soon"]) {
      expect(dateTimeTextToIso(text, "start"), text).toBeNull();
    }
  });

  it("shows a stored time in the same format, so it reads back to the same instant", () => {
    const iso = local(2024, 12, 31, 23, 5, 9);
    expect(isoToDateTimeText(iso)).toBe("2024-12-31 23:05:09");
    expect(dateTimeTextToIso(isoToDateTimeText(iso), "start")).toBe(iso);
    expect(isoToDateTimeText("")).toBe("");
    expect(isoToDateTimeText("not a time")).toBe("");
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
