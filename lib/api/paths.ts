/**
 * Path rules of the REST API shared by next.config.ts (Next's router) and the contract layer (lib/api/route.ts).
 * Plain data and functions without imports: next.config.ts loads this file before anything is bundled.
 */

/** The prefixes of the REST APIs; every path below them answers with or without a trailing slash. */
export const API_PREFIXES = ["api", "learn/api"] as const;

/** One percent-escaped UTF-8 character (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF). */
const UTF8_ESCAPE = [
  "%[0-7][0-9a-f]",
  "%c[2-9a-f]%[89ab][0-9a-f]",
  "%d[0-9a-f]%[89ab][0-9a-f]",
  "%e0%[ab][0-9a-f]%[89ab][0-9a-f]",
  "%e[1-9a-cef]%[89ab][0-9a-f]%[89ab][0-9a-f]",
  "%ed%[89][0-9a-f]%[89ab][0-9a-f]",
  "%f0%[9ab][0-9a-f](?:%[89ab][0-9a-f]){2}",
  "%f[1-3](?:%[89ab][0-9a-f]){3}",
  "%f4%8[0-9a-f](?:%[89ab][0-9a-f]){2}",
].join("|");

/**
 * Matches (case-insensitively) a raw path that `decodeURIComponent` cannot decode: a `%` without two hex digits,
 * or escapes that are not UTF-8. Written for path-to-regexp (no capturing groups): next.config.ts rewrites such
 * paths before Next's router decodes their dynamic segments, which would otherwise answer a plain-text 500.
 */
export const UNDECODABLE_PATH = `(?!(?:[^%]|${UTF8_ESCAPE})*$).*`;

/** Where next.config.ts sends undecodable API paths: the catch-all route, which answers 400 InvalidPath. */
export const MALFORMED_PATH_TARGET = "/api/malformed-path";

/** Where next.config.ts sends undecodable page paths: no page lives there, so the not-found page answers (404). */
export const MALFORMED_PAGE_TARGET = "/malformed-path";

/** The decoded segments of a raw path, or null when one of them is not decodable. */
export function decodeSegments(pathname: string): string[] | null {
  try {
    return pathname
      .split("/")
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}
