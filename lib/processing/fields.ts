import { compilePattern } from "./classify";

/**
 * DESIGN.md "Processing a job": a field is the first capture group of its pattern's first match
 * (case-insensitive), trimmed; `amount` becomes a number, `date` YYYY-MM-DD; null when the pattern does
 * not match or the value cannot be read as its type.
 */

export type FieldType = "string" | "date" | "amount";
export type FieldRule = { name: string; pattern: string; type: FieldType; lookup?: string };
/** the first-column values (lower case) of each lookup resource, by its name in lower case; absent: not found */
export type LookupSets = ReadonlyMap<string, ReadonlySet<string>>;
export type FieldValue = string | number | null;

/**
 * The raw value of a match: the first capture group that took part in the match (so that alternatives
 * like `Total: (\d+)|Summe: (\d+)` work), or the whole match when the pattern has no group.
 */
function matchValue(match: RegExpExecArray): string | undefined {
  if (match.length === 1) return match[0];
  for (let i = 1; i < match.length; i++) if (match[i] !== undefined) return match[i];
  return undefined;
}

/**
 * The fields of a text. A field with a `lookup` keeps its value only when the lookup resource's first column lists
 * it (case-insensitively; DESIGN.md "Resources"); else it is null and its name is in `lookupMisses` (also when the
 * resource was not found).
 */
export function extractFieldsWithLookups(
  text: string,
  fields: readonly FieldRule[],
  lookups: LookupSets = new Map(),
): { fields: Record<string, FieldValue>; lookupMisses: string[] } {
  const misses = new Set<string>();
  const checked = fields.map((field) => {
    if (!field.lookup) return field;
    const listed = lookups.get(field.lookup.toLowerCase());
    return { ...field, accept: (value: FieldValue) => Boolean(listed?.has(String(value).toLowerCase())) };
  });
  const values = extractFields(text, checked, (name) => misses.add(name));
  // a miss of one alternative that another alternative filled is no miss
  return { fields: values, lookupMisses: [...misses].filter((name) => values[name] === null) };
}

type CheckedRule = FieldRule & { accept?: (value: FieldValue) => boolean };

export function extractFields(
  text: string,
  fields: readonly CheckedRule[],
  onReject: (name: string) => void = () => {},
): Record<string, FieldValue> {
  const normalized = text.normalize("NFC");
  const result: Record<string, FieldValue> = {};
  for (const field of fields) {
    const regex = compilePattern(field.pattern, "i", `field "${field.name}"`);
    const match = field.pattern === "" ? null : regex.exec(normalized);
    const raw = match ? matchValue(match)?.trim() : undefined;
    let value: FieldValue = null;
    if (raw) {
      if (field.type === "amount") value = parseAmount(raw);
      else if (field.type === "date") value = parseDate(raw);
      else value = raw;
    }
    if (value !== null && field.accept && !field.accept(value)) {
      onReject(field.name);
      value = null;
    }
    // a name given twice: its rules are alternatives, the first value found wins
    if (Object.hasOwn(result, field.name) && result[field.name] !== null) continue;
    Object.defineProperty(result, field.name, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

// ------------------------------------------------------------------------------------------- amounts

const CURRENCY = "(?:\\p{Sc}|[A-Z]{3})";
const NEGATIVE_BEFORE = new RegExp(`-(?:\\s*${CURRENCY}\\s*)?$`, "u");
const OPEN_BEFORE = new RegExp(`\\(\\s*${CURRENCY}?\\s*$`, "u");
const CLOSE_AFTER = new RegExp(`^\\s*${CURRENCY}?\\s*\\)`, "u");
/** a number from its first digit to its last, with separators (and, in the first try, group spaces) */
const NUMBER_WITH_SPACES = /\d(?:[\d.,'’\s\u00a0\u2007\u2009\u202f]*\d)?(?:[.,]-{1,2})?/;
const NUMBER = /\d(?:[\d.,'’]*\d)?(?:[.,]-{1,2})?/;

/**
 * A money amount as a number: "1.234,56", "1,234.56", "1234.56", "1 234,56", "1'234.56", "€ 99",
 * "EUR 12,50", "99,-", "-5,00", "(5.00)", "5,00-". The decimal separator is the last "." or "," with
 * one or two digits after it; a last separator with three digits after it groups thousands ("1,234"
 * and "1.234" are 1234), unless the part before it is 0 ("0.125") or the other separator came before
 * ("1,234.567"). Thousands groups must have three digits and one kind of separator, so a date or a
 * phone number is not an amount: null.
 */
export function parseAmount(raw: string): number | null {
  const text = raw.replace(/[\u2212\u2013]/g, "-");
  for (const pattern of [NUMBER_WITH_SPACES, NUMBER]) {
    const found = pattern.exec(text);
    if (!found) return null;
    const value = parseNumber(found[0]);
    if (value === null) continue;
    const before = text.slice(0, found.index);
    const after = text.slice(found.index + found[0].length);
    const negative =
      NEGATIVE_BEFORE.test(before) || after.startsWith("-") || (OPEN_BEFORE.test(before) && CLOSE_AFTER.test(after));
    return negative && value !== 0 ? -value : value;
  }
  return null;
}

function parseNumber(found: string): number | null {
  // "99,-" / "99.--": whole units; group spaces of any kind become " ", apostrophes "'"
  const core = found
    .replace(/[.,]-{1,2}$/, "")
    .replace(/[\s\u00a0\u2007\u2009\u202f]+/g, " ")
    .replace(/’/g, "'");
  if (/[.,' ]{2}/.test(core)) return null;

  const last = Math.max(core.lastIndexOf("."), core.lastIndexOf(","));
  let integer = core;
  let fraction = "";
  if (last >= 0) {
    const separator = core[last]!;
    const digitsAfter = core.length - last - 1;
    const head = core.slice(0, last);
    const sameBefore = head.includes(separator);
    const otherBefore = head.includes(separator === "." ? "," : ".");
    // three digits after a single separator group thousands, unless what comes before cannot be a
    // first group ("0", more than three digits, or groups made with spaces or apostrophes)
    const isDecimal =
      digitsAfter <= 2 ||
      (otherBefore && !sameBefore) ||
      (!sameBefore && !otherBefore && (digitsAfter > 3 || head === "0" || head.length > 3 || /[' ]/.test(head)));
    if (isDecimal) {
      if (sameBefore) return null; // "1.234.56": the decimal separator used for groups too
      integer = head;
      fraction = core.slice(last + 1);
      if (/\D/.test(fraction)) return null;
    }
  }
  // whatever separators are left group thousands: one kind, 1–3 digits, then groups of exactly 3
  const groups = integer.split(/[.,' ]/);
  if (groups.length > 1) {
    if (new Set(integer.replace(/\d/g, "")).size > 1) return null;
    if (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return null;
  }
  const value = Number(`${groups.join("")}${fraction ? `.${fraction}` : ""}`);
  return Number.isFinite(value) ? value : null;
}

// --------------------------------------------------------------------------------------------- dates

/** English and German month names and abbreviations (with and without umlaut), lower case */
const MONTHS: Record<string, number> = {};
const MONTH_NAMES: [number, string[]][] = [
  [1, ["january", "jan", "januar", "jänner", "jaenner", "jän"]],
  [2, ["february", "feb", "februar", "feber"]],
  [3, ["march", "mar", "märz", "maerz", "mär", "mrz"]],
  [4, ["april", "apr"]],
  [5, ["may", "mai"]],
  [6, ["june", "jun", "juni"]],
  [7, ["july", "jul", "juli"]],
  [8, ["august", "aug"]],
  [9, ["september", "sep", "sept"]],
  [10, ["october", "oct", "oktober", "okt"]],
  [11, ["november", "nov"]],
  [12, ["december", "dec", "dezember", "dez"]],
];
for (const [month, names] of MONTH_NAMES) for (const name of names) MONTHS[name] = month;
const MONTH_ALTERNATIVES = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join("|");

function twoDigits(n: number): string {
  return String(n).padStart(2, "0");
}

/** two-digit years: 00–69 are 2000–2069, 70–99 are 1970–1999 */
function fullYear(year: string): number {
  const y = Number(year);
  if (year.length === 4) return y;
  return y < 70 ? 2000 + y : 1900 + y;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 9999) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

const NOT_DIGIT_BEFORE = "(?<!\\d)";
const NOT_DIGIT_AFTER = "(?!\\d)";
const ISO = new RegExp(`${NOT_DIGIT_BEFORE}(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})${NOT_DIGIT_AFTER}`);
const NUMERIC = new RegExp(`${NOT_DIGIT_BEFORE}(\\d{1,2})([./-])(\\d{1,2})\\2(\\d{4}|\\d{2})${NOT_DIGIT_AFTER}`);
const ORDINAL = "(?:st|nd|rd|th)?";
/** what may stand between day, month name and year: "3. März 2025", "March 3, 2025", "15-Mar-2025" */
const GAP = "[\\s.,/-]*";
const MONTH = `(${MONTH_ALTERNATIVES})(?!\\p{L})`;
const DAY_MONTH_YEAR = new RegExp(
  `${NOT_DIGIT_BEFORE}(\\d{1,2})${ORDINAL}${GAP}(?:of\\s+)?${MONTH}${GAP}(\\d{4})${NOT_DIGIT_AFTER}`,
  "iu",
);
const MONTH_DAY_YEAR = new RegExp(`(?<!\\p{L})${MONTH}${GAP}(\\d{1,2})${ORDINAL}${GAP}(\\d{4})${NOT_DIGIT_AFTER}`, "iu");

/**
 * A date as YYYY-MM-DD, from: ISO ("2025-03-15", also with time, "/" or "."), "15.03.2025", "5.3.2025",
 * "15-03-2025", "03/15/2025", English and German month names ("3 March 2025", "3. März 2025",
 * "March 3, 2025", "3rd Mar 2025"). Slashes are read the US way, month first, unless the first number
 * cannot be a month (> 12): then day first ("15/03/2025"). Two-digit years: 00–69 → 20xx, 70–99 → 19xx.
 * Null when there is no date or it does not exist (31.02.2025).
 */
export function parseDate(raw: string): string | null {
  const text = raw.normalize("NFC");
  const iso = ISO.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[3]), Number(iso[4]));

  const numeric = NUMERIC.exec(text);
  if (numeric) {
    const [, first, separator, second, year] = numeric;
    let day = Number(first);
    let month = Number(second);
    if (separator === "/" && Number(first) <= 12) [day, month] = [Number(second), Number(first)];
    return isoDate(fullYear(year!), month, day);
  }

  const dmy = DAY_MONTH_YEAR.exec(text);
  if (dmy) return isoDate(Number(dmy[3]), MONTHS[dmy[2]!.toLowerCase()]!, Number(dmy[1]));
  const mdy = MONTH_DAY_YEAR.exec(text);
  if (mdy) return isoDate(Number(mdy[3]), MONTHS[mdy[1]!.toLowerCase()]!, Number(mdy[2]));
  return null;
}
