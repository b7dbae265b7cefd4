import type { core } from "zod";
import type { ErrorEntry, ErrorParams } from "./app-error";
import { ERROR_CODES, type ErrorCode, isErrorCode } from "./codes";

/**
 * Zod issues as entries of the error envelope: a code the UI translates, the field (the issue's path) and
 * the limit, never zod's English text. Schemas name a code in an issue's message, either bare
 * (`z.string().min(1, "MissingUserName")`) or with parameters (`code("licence_error_upload_invalidDays",
 * { max: 3650 })`); any other issue gets its code from its kind (TooLong {max}, Required, …).
 */

type Issue = core.$ZodIssue | core.$ZodRawIssue;

/** An issue message that names a code with parameters (what `code()` makes); the form errors travel so too. */
export function code(code: ErrorCode, params?: ErrorParams): string {
  return params && Object.keys(params).length ? JSON.stringify({ code, params }) : code;
}

/** The entry a message names (see `code()`), or null when it is zod's own text. */
function decodeMessage(message: string | undefined): ErrorEntry | null {
  if (!message) return null;
  if (isErrorCode(message)) return { code: message };
  if (!message.startsWith("{")) return null;
  try {
    const parsed = JSON.parse(message) as { code?: unknown; params?: ErrorParams };
    return typeof parsed.code === "string" && isErrorCode(parsed.code) ? { code: parsed.code, params: parsed.params } : null;
  } catch {
    return null;
  }
}

/** Every code an issue gets from its kind (codeOf below); the OpenAPI document lists them for any input. */
export const ISSUE_CODES = [
  "Required",
  "TooLong",
  "TooShortText",
  "TooLarge",
  "TooSmall",
  "TooManyItems",
  "TooFewItems",
  "NotWholeNumber",
  "InvalidEmail",
  "InvalidFormat",
  "InvalidChoice",
  "InvalidField",
] as const satisfies readonly ErrorCode[];

function wasMissing(issue: Issue): boolean {
  // parseInput reports the input; without it, zod's own message says what it received
  if ("input" in issue) return issue.input === undefined || issue.input === null || Number.isNaN(issue.input);
  return / received (undefined|null)$/.test(issue.message ?? "");
}

function codeOf(issue: Issue): ErrorEntry {
  switch (issue.code) {
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return { code: "TooLong", params: { max } };
      if (issue.origin === "array" || issue.origin === "set") return { code: "TooManyItems", params: { max } };
      return { code: "TooLarge", params: { max } };
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? { code: "Required" } : { code: "TooShortText", params: { min } };
      if (issue.origin === "array" || issue.origin === "set") return { code: "TooFewItems", params: { min } };
      return { code: "TooSmall", params: { min } };
    }
    case "invalid_format":
      return issue.format === "email" ? { code: "InvalidEmail" } : { code: "InvalidFormat", params: { format: issue.format } };
    case "invalid_value":
    case "invalid_union":
      return wasMissing(issue) ? { code: "Required" } : { code: "InvalidChoice" };
    case "invalid_type":
      if (wasMissing(issue)) return { code: "Required" };
      if (issue.expected === "int") return { code: "NotWholeNumber" };
      return { code: "InvalidField", params: { reason: `expected ${issue.expected}` } };
    default:
      return { code: "InvalidField", params: { reason: issue.message ?? "not valid" } };
  }
}

/**
 * What was wrong, in words, for a code whose message says a {reason} that its schema did not give
 * (`z.enum(LEVELS, { error: "InvalidField" })`): the values allowed, the type or format expected.
 */
function reasonOf(issue: Issue): string {
  switch (issue.code) {
    case "invalid_value":
      return issue.values.length === 1
        ? `expected ${String(issue.values[0])}`
        : `expected one of ${issue.values.map(String).join(", ")}`;
    case "invalid_type":
      return `expected ${issue.expected}`;
    case "invalid_format":
      return `not a valid ${issue.format}`;
    default:
      return "not valid";
  }
}

export function issueToEntry(issue: Issue): ErrorEntry {
  const field = (issue.path ?? []).map(String).join(".") || "body";
  const named = decodeMessage(issue.message);
  // a code the schema names carries the parameters it names (code("…", { max })), and a reason where its message has one
  if (named) {
    const params: ErrorParams = { field, ...named.params };
    if (ERROR_CODES[named.code].message.includes("{reason}") && params.reason === undefined) params.reason = reasonOf(issue);
    return { code: named.code, params };
  }
  const { code: kind, params } = codeOf(issue);
  return { code: kind, params: { field, ...params } };
}

/** A refinement's issue with our code (`ctx.addIssue(codeIssue("PasswordsNotEqual", ["repeat"]))`). */
export function codeIssue(errorCode: ErrorCode, path: PropertyKey[], params?: ErrorParams) {
  return { code: "custom" as const, path, input: undefined, message: code(errorCode, params) };
}

/**
 * zod's per-parse error map for forms (`zodResolver(schema, FORM_ISSUES)`): an issue whose schema names no
 * code gets one here, with its limit, so that the form shows the same message the server would answer.
 */
export const FORM_ISSUES = {
  error: (issue: core.$ZodRawIssue) => {
    const { code: kind, params } = codeOf(issue);
    return code(kind, params);
  },
};

/** The entry of a form field's error message (from a schema, FORM_ISSUES or the server). */
export function messageToEntry(message: string): ErrorEntry {
  return decodeMessage(message) ?? { code: "InvalidField", params: { reason: message } };
}

/** An entry as a form field's error message (the inverse of messageToEntry). */
export function entryToMessage(entry: ErrorEntry): string {
  return code(entry.code, entry.params);
}

/**
 * For an object's refinement that checks several fields (`.superRefine(fn, whenStrings("password", "repeat"))`):
 * it runs whenever those fields are strings, even when another field has failed, so that a form reports
 * every problem at once (zod skips it by default once any issue has aborted).
 */
export function whenStrings(...keys: string[]) {
  return {
    when: (payload: { value: unknown }) => {
      const value = payload.value as Record<string, unknown> | null;
      return typeof value === "object" && value !== null && keys.every((k) => typeof value[k] === "string");
    },
  };
}

/**
 * The code for a missing value (`z.string(missing("MissingUserName"))`). `z.string({ error: code })` would
 * give that code to every problem of the field, a too long name included.
 */
export function missing(errorCode: ErrorCode) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? errorCode : undefined) };
}
