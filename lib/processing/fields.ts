import { compilePattern, patternFlags } from "./classify";
import { type DecimalSeparator, parseAmount } from "./values/amounts";
import { parseDate } from "./values/dates";

export { parseAmount } from "./values/amounts";
export { parseDate } from "./values/dates";

/**
 * DESIGN.md "Processing a job": a field is the first capture group of its pattern's first match
 * (case-insensitive), trimmed; `amount` becomes a number, `date` YYYY-MM-DD; null when the pattern does
 * not match or the value cannot be read as its type. Issue 24 §3 (docs/project-file.md "Fields"): `match` takes the
 * last match, all of them (a list), or their sum, least or greatest; a fixed `value` is the field's whatever the
 * text says; `number` is read as an amount is (a quantity, a rate).
 */

export type FieldType = "string" | "date" | "amount" | "number";
/** which of a pattern's matches make the value: the first (when absent), the last, all of them (a list), or their sum, least or greatest */
export type FieldMatch = "first" | "last" | "all" | "sum" | "min" | "max";
/**
 * A field of a document class (DESIGN.md "Project file"). `locale` (the field's, else its project's), `dateFormats`
 * and `decimalSeparator` say how its dates and amounts are written (docs/project-file.md); `text` (the field's, else
 * its project's) which text its pattern reads: the layout text, or the reading-order text when absent (issue 24 §1).
 */
export type FieldRule = {
  name: string;
  /** absent (or "") for a field with a fixed `value` */
  pattern?: string;
  type: FieldType;
  match?: FieldMatch;
  /** the field's value whatever the text says, written as its type reads (a number for amount and number fields) */
  value?: string | number;
  /** its class's `caseSensitive`: the pattern matches case as written */
  caseSensitive?: boolean;
  lookup?: string;
  locale?: string;
  dateFormats?: readonly string[];
  decimalSeparator?: DecimalSeparator;
  text?: FieldText;
  /** an EN 16931 business term: the value of the document's e-invoice when it carries one (process-document.ts) */
  source?: string;
};
export type FieldText = "layout" | "reading";
/** a document's two texts (extract-text.ts); a single string is both */
export type DocumentTexts = string | { reading: string; layout: string };
/** the first-column values (lower case) of each lookup resource, by its name in lower case; absent: not found */
export type LookupSets = ReadonlyMap<string, ReadonlySet<string>>;
export type FieldValue = string | number | null | (string | number)[];
/** a date, amount or number a field found but could not read as its type (docs/decisions.md "Dates and amounts") */
export type Unnormalised = { field: string; type: "date" | "amount" | "number"; raw: string };

/** how much of a value that cannot be read result.json keeps */
export const UNNORMALISED_RAW_MAX = 200;

/** a field that says how its values are written; only such a field reports what it cannot read (before: null only) */
const optedIn = (field: FieldRule) =>
  field.type === "number" ||
  field.locale !== undefined ||
  field.dateFormats !== undefined ||
  field.decimalSeparator !== undefined;

/** how a value of a type is written: the options of a field or of a lines' column */
export type ValueOptions = Pick<FieldRule, "locale" | "dateFormats" | "decimalSeparator">;

/** a raw value read as its type: amounts and numbers a number, dates YYYY-MM-DD, strings as they are; null when it cannot be */
export function readValue(raw: string, type: FieldType, options: ValueOptions): string | number | null {
  if (type === "amount" || type === "number") return parseAmount(raw, options);
  if (type === "date") return parseDate(raw, options);
  return raw;
}

/** the digits after the decimal point a number is written with (1e-7 has 7) */
function decimals(n: number): number {
  const [mantissa = "", exponent] = String(n).split("e");
  const fraction = mantissa.split(".")[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/** the sum of amounts without the binary fractions' noise: 0.1 + 0.2 is 0.3 */
function sum(values: number[]): number {
  const digits = Math.min(12, Math.max(0, ...values.map(decimals)));
  return Number(values.reduce((a, b) => a + b, 0).toFixed(digits));
}

/** the value `match` makes of the values read from every match, in order (null when there is none) */
function combine(values: (string | number)[], match: FieldMatch): FieldValue {
  if (match === "all") return values;
  if (!values.length) return null;
  if (match === "first") return values[0] ?? null;
  if (match === "last") return values.at(-1) ?? null;
  // sum is of numbers only (the schema allows it on amount and number fields), min and max of numbers or ISO dates
  if (match === "sum") return sum(values.filter((v) => typeof v === "number"));
  const sorted = [...values].sort((a, b) =>
    typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b)),
  );
  return (match === "min" ? sorted[0] : sorted.at(-1)) ?? null;
}

/** a value found, for a later alternative of the same name to leave alone (an empty list is none) */
const found = (value: FieldValue | undefined) =>
  value !== null && value !== undefined && !(Array.isArray(value) && !value.length);

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
 * resource was not found). A date or amount field that says how its values are written (`locale`, `dateFormats`,
 * `decimalSeparator`) and found one it cannot read is null and in `unnormalised` with what it found (absent when
 * there is none).
 */
export function extractFieldsWithLookups(
  text: DocumentTexts,
  fields: readonly FieldRule[],
  lookups: LookupSets = new Map(),
): { fields: Record<string, FieldValue>; lookupMisses: string[]; unnormalised?: Unnormalised[] } {
  const misses = new Set<string>();
  const unreadable = new Map<string, Unnormalised>();
  const checked = fields.map((field) => {
    if (!field.lookup) return field;
    const listed = lookups.get(field.lookup.toLowerCase());
    return { ...field, accept: (value: FieldValue) => Boolean(listed?.has(String(value).toLowerCase())) };
  });
  const values = extractFields(text, checked, {
    onReject: (name) => misses.add(name),
    // of alternatives that all fail, the first one's value
    onUnnormalised: (entry) => unreadable.set(entry.field, unreadable.get(entry.field) ?? entry),
  });
  // a miss (or a value not read) of one alternative that another alternative filled is none
  const unnormalised = [...unreadable.values()].filter((entry) => !found(values[entry.field]));
  return {
    fields: values,
    lookupMisses: [...misses].filter((name) => !found(values[name])),
    // absent when every value was read, as in result.json
    ...(unnormalised.length ? { unnormalised } : {}),
  };
}

type CheckedRule = FieldRule & { accept?: (value: FieldValue) => boolean };

type Reports = {
  /** a value its lookup does not list */
  onReject?: (name: string) => void;
  /** a date or amount of an opted-in field (see FieldRule) that cannot be read */
  onUnnormalised?: (entry: Unnormalised) => void;
};

export function extractFields(
  text: DocumentTexts,
  fields: readonly CheckedRule[],
  reports: Reports = {},
): Record<string, FieldValue> {
  const reading = (typeof text === "string" ? text : text.reading).normalize("NFC");
  // normalised when a field reads it
  let layout: string | undefined;
  const textOf = (field: FieldRule) => {
    if (field.text !== "layout" || typeof text === "string") return reading;
    layout ??= text.layout.normalize("NFC");
    return layout;
  };
  const result: Record<string, FieldValue> = {};
  for (const field of fields) {
    let value = field.value !== undefined ? field.value : readField(textOf(field), field, reports);
    if (field.accept && value !== null) {
      if (Array.isArray(value)) {
        const kept = value.filter((v) => field.accept?.(v));
        if (kept.length < value.length) reports.onReject?.(field.name);
        value = kept;
      } else if (!field.accept(value)) {
        reports.onReject?.(field.name);
        value = null;
      }
    }
    // a name given twice: its rules are alternatives, the first value found wins
    if (Object.hasOwn(result, field.name) && found(result[field.name])) continue;
    Object.defineProperty(result, field.name, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** a field's value from its pattern's matches (see FieldMatch); what an opted-in field cannot read is reported */
function readField(text: string, field: FieldRule, reports: Reports): FieldValue {
  const match = field.match ?? "first";
  if (!field.pattern) return match === "all" ? [] : null;
  const regex = compilePattern(
    field.pattern,
    patternFlags(match === "first" ? "" : "g", field.caseSensitive),
    `field "${field.name}"`,
  );
  const raws: string[] = [];
  if (match === "first") {
    const first = regex.exec(text);
    const raw = first ? matchValue(first)?.trim() : undefined;
    if (raw) raws.push(raw);
  } else {
    for (const each of text.matchAll(regex)) {
      const raw = each[0].length > 0 ? matchValue(each)?.trim() : undefined;
      if (raw) raws.push(raw);
    }
  }
  // `last` is the last match's value, as `first` is the first's: read or not
  const chosen = match === "last" ? raws.slice(-1) : raws;
  const values: (string | number)[] = [];
  for (const raw of chosen) {
    const value = readValue(raw, field.type, field);
    if (value !== null) values.push(value);
    else if (field.type !== "string" && optedIn(field))
      reports.onUnnormalised?.({ field: field.name, type: field.type, raw: raw.slice(0, UNNORMALISED_RAW_MAX) });
  }
  return combine(values, match);
}
