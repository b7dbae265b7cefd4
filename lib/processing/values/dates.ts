import { format, isValid, type Locale, parse } from "date-fns";
import { enUS } from "date-fns/locale";
import { monthFirst } from "./date-formats";
import { dateLocale } from "./date-locales";
import { alternativesOf, folded, LEGACY_MONTHS, type MonthTable, MULTILINGUAL_LOCALES, multilingualMonths } from "./months";

/** How a field reads its dates (project.json `locale`, `dateFormats`; docs/project-file.md). */
export type DateOptions = { locale?: string; dateFormats?: readonly string[] };

/**
 * Which number of "05/03/2025" is the month: `legacy` the US order unless the first number cannot be a month, and
 * only for slashes (before issue 24, still for projects that name no locale); `dmy` day first, `mdy` month first
 * for slashes and dashes, each the other way round only when its first number cannot be what it would be.
 */
type NumericOrder = "legacy" | "dmy" | "mdy";

/** A way of reading dates: the numeric order, the month names and the words around them. */
type Reading = {
  order: NumericOrder;
  months: MonthTable;
  numeric: RegExp;
  /** the text is folded (accents and case dropped) before month names are looked up */
  fold: boolean;
  dayMonthYear: RegExp;
  monthDayYear: RegExp;
};

const NOT_DIGIT_BEFORE = "(?<!\\d)";
const NOT_DIGIT_AFTER = "(?!\\d)";
const ISO = new RegExp(`${NOT_DIGIT_BEFORE}(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})${NOT_DIGIT_AFTER}`);
const NUMERIC = new RegExp(`${NOT_DIGIT_BEFORE}(\\d{1,2})([./-])(\\d{1,2})\\2(\\d{4}|\\d{2})${NOT_DIGIT_AFTER}`);
/** also with a space after each dot, as Czech and Slovak write them: "3. 1. 2024" */
const NUMERIC_SPACED = new RegExp(
  `${NOT_DIGIT_BEFORE}(\\d{1,2})([./-])(?:(?<=\\.)[ \u00a0])?(\\d{1,2})\\2(?:(?<=\\.)[ \u00a0])?(\\d{4}|\\d{2})${NOT_DIGIT_AFTER}`,
);
/** what may stand between day, month name and year: "3. März 2025", "March 3, 2025", "15-Mar-2025" */
const GAP = "[\\s.,/-]*";

function monthRegexes(months: MonthTable, ordinal: string, beforeMonth: string, beforeYear: string) {
  const month = `(${alternativesOf(months)})(?!\\p{L})`;
  return {
    dayMonthYear: new RegExp(
      `${NOT_DIGIT_BEFORE}(\\d{1,2})${ordinal}${GAP}${beforeMonth}${month}${GAP}${beforeYear}(\\d{4})${NOT_DIGIT_AFTER}`,
      "iu",
    ),
    monthDayYear: new RegExp(`(?<!\\p{L})${month}${GAP}(\\d{1,2})${ordinal}${GAP}(\\d{4})${NOT_DIGIT_AFTER}`, "iu"),
  };
}

const LEGACY: Reading = {
  order: "legacy",
  months: LEGACY_MONTHS,
  numeric: NUMERIC,
  fold: false,
  ...monthRegexes(LEGACY_MONTHS, "(?:st|nd|rd|th)?", "(?:of\\s+)?", ""),
};

/**
 * The ordinal suffixes of days in date-fns's locales ("1st", "1er", "1e", "1º", "1:a"; a dot is part of the gap),
 * and the degree sign Italian writes for its "1° maggio" (date-fns's Italian has no suffix).
 */
function ordinalOf(locales: readonly Locale[]): string {
  const suffixes = new Set(["°"]);
  for (const locale of locales)
    for (let day = 1; day <= 31; day++) {
      const written = folded(String(locale.localize.ordinalNumber(day, { unit: "date" })));
      if (written.startsWith(String(day))) suffixes.add(written.slice(String(day).length).replace(/\.$/, ""));
    }
  suffixes.delete("");
  const alternatives = [...suffixes].sort((a, b) => b.length - a.length).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return `(?:${alternatives.join("|")})?`;
}

/** Spanish and Portuguese "15 de marzo de 2025", "1 de enero del 2025"; English "3rd of May 2025" */
const BEFORE_MONTH = "(?:(?:of|de|del)\\s+)?";
const BEFORE_YEAR = "(?:(?:de|del)\\s+)?";

/** the numeric order a locale writes: month first where its short date starts with the month (en-US "MM/dd/yyyy") */
const localeOrder = (locale: Locale): NumericOrder => (/^[ML]/.test(locale.formatLong.date({ width: "short" })) ? "mdy" : "dmy");

const readings = new Map<string, Reading>();

function readingOf(options: DateOptions, locale: Locale | null): Reading {
  const formatOrder = options.dateFormats?.map(monthFirst).find((first) => first !== null);
  const order: NumericOrder = locale ? localeOrder(locale) : formatOrder === undefined ? "legacy" : formatOrder ? "mdy" : "dmy";
  const key = `${locale?.code ?? ""}|${order}`;
  const known = readings.get(key);
  if (known) return known;
  const months = multilingualMonths(locale);
  const reading: Reading = {
    order,
    months,
    numeric: NUMERIC_SPACED,
    fold: true,
    ...monthRegexes(
      months,
      ordinalOf(locale ? [...MULTILINGUAL_LOCALES, locale] : MULTILINGUAL_LOCALES),
      BEFORE_MONTH,
      BEFORE_YEAR,
    ),
  };
  readings.set(key, reading);
  return reading;
}

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

/** day and month of "a?b?year" with separator `separator`, in the reading's order */
function dayAndMonth(first: number, second: number, separator: string, order: NumericOrder): [number, number] {
  switch (order) {
    case "legacy":
      return separator === "/" && first <= 12 ? [second, first] : [first, second];
    case "mdy":
      return separator !== "." && first <= 12 ? [second, first] : [first, second];
    case "dmy":
      return second > 12 && first <= 12 ? [second, first] : [first, second];
  }
}

function read(text: string, reading: Reading): string | null {
  const iso = ISO.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[3]), Number(iso[4]));

  const numeric = reading.numeric.exec(text);
  if (numeric) {
    const [, first, separator, second, year] = numeric;
    const [day, month] = dayAndMonth(Number(first), Number(second), separator!, reading.order);
    return isoDate(fullYear(year!), month, day);
  }

  const named = reading.fold ? folded(text) : text;
  const monthOf = (name: string) => reading.months.get(name.toLowerCase())!;
  const dmy = reading.dayMonthYear.exec(named);
  if (dmy) return isoDate(Number(dmy[3]), monthOf(dmy[2]!), Number(dmy[1]));
  const mdy = reading.monthDayYear.exec(named);
  if (mdy) return isoDate(Number(mdy[3]), monthOf(mdy[1]!), Number(mdy[2]));
  return null;
}

/**
 * date-fns reads a two-digit year ("yy") as the year nearest its reference date; from 2020 that is 1970–2069, the
 * rule of the reader above.
 */
const REFERENCE_DATE = new Date(2020, 0, 1);

function readByFormats(text: string, formats: readonly string[], locale: Locale): string | null {
  for (const dateFormat of formats) {
    const date = parse(text, dateFormat, REFERENCE_DATE, { locale });
    if (isValid(date) && date.getFullYear() >= 1000 && date.getFullYear() <= 9999) return format(date, "yyyy-MM-dd");
  }
  return null;
}

/**
 * A date as YYYY-MM-DD, or null when there is none or it does not exist (31.02.2025). Without options, as before
 * issue 24: ISO ("2025-03-15", also with time, "/" or "."), "15.03.2025", "5.3.2025", "15-03-2025", "03/15/2025",
 * English and German month names ("3 March 2025", "3. März 2025", "March 3, 2025", "3rd Mar 2025"); slashes are
 * read month first unless the first number cannot be a month ("15/03/2025"). Two-digit years: 00–69 → 20xx,
 * 70–99 → 19xx.
 *
 * With a `locale` or `dateFormats` (docs/project-file.md): the whole value is first read with each of the
 * `dateFormats` in turn (date-fns `parse`, in the locale); else as above, but with the month names of many languages
 * and their ordinals ("29 maart 2014", "1er mars 2025", "15 de marzo de 2025", "29 marca 2014", "3. tammikuuta
 * 2024"), accents and case not counting, a space after a dot ("3. 1. 2024"), and numbers in the locale's order (else in the order the first
 * `dateFormats` with a day and a month shows): "05/03/2025" is 5 March in "de", 3 May in "en-US".
 */
export function parseDate(raw: string, options: DateOptions = {}): string | null {
  const text = raw.normalize("NFC");
  if (options.locale === undefined && !options.dateFormats?.length) return read(text, LEGACY);
  const locale = options.locale === undefined ? null : dateLocale(options.locale);
  if (options.dateFormats?.length) {
    const byFormat = readByFormats(text.trim(), options.dateFormats, locale ?? enUS);
    if (byFormat) return byFormat;
  }
  return read(text, readingOf(options, locale));
}
