/** The separator between a money amount's units and its fraction (project.json `decimalSeparator`). */
export type DecimalSeparator = "." | ",";

/** How a field reads its amounts (project.json `decimalSeparator`, `locale`; docs/project-file.md). */
export type AmountOptions = { decimalSeparator?: DecimalSeparator; locale?: string };

const CURRENCY = "(?:\\p{Sc}|[A-Z]{3})";
const NEGATIVE_BEFORE = new RegExp(`-(?:\\s*${CURRENCY}\\s*)?$`, "u");
const OPEN_BEFORE = new RegExp(`\\(\\s*${CURRENCY}?\\s*$`, "u");
const CLOSE_AFTER = new RegExp(`^\\s*${CURRENCY}?\\s*\\)`, "u");
/** a number from its first digit to its last, with separators (and, in the first try, group spaces) */
const NUMBER_WITH_SPACES = /\d(?:[\d.,'’\s\u00a0\u2007\u2009\u202f]*\d)?(?:[.,]-{1,2})?/;
const NUMBER = /\d(?:[\d.,'’]*\d)?(?:[.,]-{1,2})?/;

/**
 * The decimal separator a locale writes (Intl: "de-DE" ",", "de-CH" ".", "fr" ","), or undefined when it is neither
 * "." nor "," or the tag is not a locale.
 */
export function localeDecimalSeparator(tag: string): DecimalSeparator | undefined {
  try {
    const part = new Intl.NumberFormat(tag).formatToParts(1.5).find((p) => p.type === "decimal")?.value;
    return part === "." || part === "," ? part : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A money amount as a number: "1.234,56", "1,234.56", "1234.56", "1 234,56", "1'234.56", "€ 99",
 * "EUR 12,50", "99,-", "-5,00", "(5.00)", "5,00-". Without a decimal separator (the field's `decimalSeparator`, else
 * its locale's) the decimal separator is the last "." or "," with one or two digits after it; a last separator with
 * three digits after it groups thousands ("1,234" and "1.234" are 1234), unless the part before it is 0 ("0.125")
 * or the other separator came before ("1,234.567"). With one, that separator is decimal and every other groups
 * thousands ("1.234" is 1234 with ",", 1.234 with "."). Thousands groups must have three digits and one kind of
 * separator, so a date or a phone number is not an amount: null.
 */
export function parseAmount(raw: string, options: AmountOptions = {}): number | null {
  const decimal = options.decimalSeparator ?? (options.locale === undefined ? undefined : localeDecimalSeparator(options.locale));
  const text = raw.replace(/[\u2212\u2013]/g, "-");
  for (const pattern of [NUMBER_WITH_SPACES, NUMBER]) {
    const found = pattern.exec(text);
    if (!found) return null;
    const value = parseNumber(found[0], decimal);
    if (value === null) continue;
    const before = text.slice(0, found.index);
    const after = text.slice(found.index + found[0].length);
    const negative =
      NEGATIVE_BEFORE.test(before) || after.startsWith("-") || (OPEN_BEFORE.test(before) && CLOSE_AFTER.test(after));
    return negative && value !== 0 ? -value : value;
  }
  return null;
}

function parseNumber(found: string, decimal: DecimalSeparator | undefined): number | null {
  // "99,-" / "99.--": whole units; group spaces of any kind become " ", apostrophes "'"
  const core = found
    .replace(/[.,]-{1,2}$/, "")
    .replace(/[\s\u00a0\u2007\u2009\u202f]+/g, " ")
    .replace(/’/g, "'");
  if (/[.,' ]{2}/.test(core)) return null;
  const [integer, fraction] = decimal ? splitAt(core, decimal) : guessSplit(core);
  if (integer === null || /\D/.test(fraction)) return null;
  return groupedValue(integer, fraction, decimal !== undefined);
}

/** units and fraction at the one given decimal separator; null units when it comes twice ("1,234,56" with ",") */
function splitAt(core: string, decimal: DecimalSeparator): [string | null, string] {
  const at = core.indexOf(decimal);
  if (at < 0) return [core, ""];
  if (at !== core.lastIndexOf(decimal)) return [null, ""];
  return [core.slice(0, at), core.slice(at + 1)];
}

/** units and fraction where no decimal separator is given (see parseAmount); null units when there is none */
function guessSplit(core: string): [string | null, string] {
  const last = Math.max(core.lastIndexOf("."), core.lastIndexOf(","));
  if (last < 0) return [core, ""];
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
  if (!isDecimal) return [core, ""];
  // "1.234.56": the decimal separator used for groups too
  if (sameBefore) return [null, ""];
  return [head, core.slice(last + 1)];
}

/**
 * The number of units grouped by whatever separators are left (one kind, 1–3 digits, then groups of exactly 3) and
 * its fraction. With a given decimal separator a first group of 0 is no group either ("0,125" with "." is null).
 */
function groupedValue(integer: string, fraction: string, separatorGiven: boolean): number | null {
  const groups = integer.split(/[.,' ]/);
  if (groups.length > 1) {
    if (new Set(integer.replace(/\d/g, "")).size > 1) return null;
    if (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return null;
    if (separatorGiven && /^0/.test(groups[0]!)) return null;
  }
  const value = Number(`${groups.join("")}${fraction ? `.${fraction}` : ""}`);
  return Number.isFinite(value) ? value : null;
}
