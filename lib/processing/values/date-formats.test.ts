import { describe, expect, it } from "vitest";
import { dateFormatProblem, monthFirst } from "./date-formats";

describe("dateFormats", () => {
  it.each([
    "dd/MM/yyyy",
    "MM/dd/yy",
    "d. MMMM yyyy",
    "yyyy-MM-dd",
    "do MMM yyyy",
    "d 'de' MMMM 'de' yyyy",
    "ddMMyyyy",
    "LLL d, y",
  ])("%s is a date format", (dateFormat) => {
    expect(dateFormatProblem(dateFormat)).toBeNull();
  });

  it.each([
    ["dd/MM", /a day \(d\), a month \(M\) and a year \(y\)/],
    ["MMMM yyyy", /a day/],
    ["'dd'/MM/yyyy", /a day/],
    ["DD/MM/YYYY", /write d \(day of the month\) and y \(year\)/],
    ["dd/MM/YYYY", /Y the week-numbering year/],
    ["dd/MM/jjjj", /unescaped latin alphabet character `j`/],
    ["", /must not be empty/],
  ])("%s is refused", (dateFormat, problem) => {
    expect(dateFormatProblem(dateFormat)).toMatch(problem);
  });

  it.each([
    ["dd/MM/yyyy", false],
    ["d. MMMM yyyy", false],
    ["MM/dd/yy", true],
    ["MMMM d, yyyy", true],
    ["yyyy-MM-dd", null],
    ["'M' dd yyyy", null],
  ] as const)("%s month first: %s", (dateFormat, expected) => {
    expect(monthFirst(dateFormat)).toBe(expected);
  });
});
