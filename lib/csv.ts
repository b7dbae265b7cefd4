/**
 * CSV as RFC 4180 writes it (comma, CRLF, fields quoted when they hold a comma, quote or line break), for the
 * exports of the portal (statistics, audit trail) and the archives of the downloads. A cell that a spreadsheet
 * would run as a formula (= + - @ tab or CR first) is prefixed with an apostrophe (OWASP "CSV injection"),
 * except plain numbers such as -1.5.
 */
export type CsvValue = string | number | boolean | null | undefined | Date;

const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === "string" && FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record with its line end. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A whole small document: the header line, then one line per row. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let out = csvLine(header);
  for (const row of rows) out += csvLine(row);
  return out;
}

/** The UTF-8 byte order mark: spreadsheet programs read the file as UTF-8 only with it (umlauts in German names). */
export const CSV_BOM = "\uFEFF";
