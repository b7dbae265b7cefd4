import { format } from "date-fns";

/** a date-fns format string without its quoted literals ('de', 'um') */
const unquoted = (dateFormat: string) => dateFormat.replace(/'(?:[^']|'')*'?/g, "");

/**
 * Why `dateFormat` cannot be a field's `dateFormats` entry (docs/project-file.md), or null when it can: date-fns must
 * know its tokens, and it must name a day (d), a month (M or L) and a year (y) — a date without one of them would
 * take it from the day it is read.
 */
export function dateFormatProblem(dateFormat: string): string | null {
  if (dateFormat === "") return "must not be empty";
  // date-fns refuses these too, but writes a warning to the console first
  if (/[DY]/.test(unquoted(dateFormat)))
    return "D is the day of the year and Y the week-numbering year: write d (day of the month) and y (year)";
  try {
    format(new Date(2025, 2, 15), dateFormat);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const tokens = unquoted(dateFormat);
  if (!/d/.test(tokens) || !/[ML]/.test(tokens) || !/y/.test(tokens))
    return "must name a day (d), a month (M) and a year (y), as in dd.MM.yyyy";
  return null;
}

/**
 * true when a format writes the month before the day ("MM/dd/yy"), false when the day first ("dd/MM/yy"), null when
 * it does not say (no day or month, or the year first: "yyyy-MM-dd" says nothing of "05/03/2025")
 */
export function monthFirst(dateFormat: string): boolean | null {
  const tokens = unquoted(dateFormat);
  const day = tokens.search(/d/);
  const month = tokens.search(/[ML]/);
  const year = tokens.search(/y/);
  if (day < 0 || month < 0 || (year >= 0 && year < Math.min(day, month))) return null;
  return month < day;
}
