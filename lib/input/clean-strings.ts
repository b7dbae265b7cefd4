import { AppError, type ErrorEntry } from "@/lib/errors/app-error";

/**
 * Characters no string of the API may hold: NUL (PostgreSQL refuses it in text and jsonb) and unpaired UTF-16
 * surrogates (not Unicode; PostgreSQL refuses their `\ud800` escapes in jsonb).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is refused
const REFUSED_EVERYWHERE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** In names, path segments, query values and file names also every other control character (C0 and DEL). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** In free text (JSON bodies) tab, line feed and carriage return are fine; the other C0 characters are not. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Whether a value from a path segment, a query parameter or a file name is acceptable. */
export function isCleanName(value: string): boolean {
  return !CONTROL.test(value) && !REFUSED_EVERYWHERE.test(value);
}

/** Whether a string of a JSON body (or a multipart text field) is acceptable. */
export function isCleanText(value: string): boolean {
  return !CONTROL_EXCEPT_WHITESPACE.test(value) && !REFUSED_EVERYWHERE.test(value);
}

const MAX_REPORTED = 20;

/** A string safe to echo in an error: control characters and unpaired surrogates become U+FFFD. */
export function printable(value: string, max = 200): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  return value.slice(0, max).replace(/[\u0000-\u001f\u007f]|\p{Surrogate}/gu, "\ufffd");
}

/**
 * Every string of a parsed JSON value (object keys included) must be clean text (lib/api/paths.ts): a NUL or an
 * unpaired surrogate would reach PostgreSQL and fail there as a 500. Walks without recursion, so no nesting depth
 * can overflow the stack; reports each offending field (`meta.properties.0.value`) once, at most 20.
 */
export function assertCleanStrings(value: unknown, root = ""): void {
  const errors: ErrorEntry[] = [];
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length && errors.length < MAX_REPORTED) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === "string") {
      if (!isCleanText(current)) errors.push({ code: "InvalidCharacters", params: { field: printable(path || "body") } });
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => {
        stack.push([item, path ? `${path}.${i}` : String(i)]);
      });
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        const field = path ? `${path}.${key}` : key;
        if (!isCleanText(key)) errors.push({ code: "InvalidCharacters", params: { field: printable(field) } });
        else stack.push([item, field]);
      }
    }
  }
  if (errors.length) throw AppError.many(errors.slice(0, MAX_REPORTED));
}
