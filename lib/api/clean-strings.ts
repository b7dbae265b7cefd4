import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { isCleanText } from "./paths";

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
