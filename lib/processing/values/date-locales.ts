import type { Locale } from "date-fns";
import * as locales from "date-fns/locale";
import { dateLocaleCode } from "./locale-codes";

const BY_CODE = new Map<string, Locale>(Object.values(locales).map((locale) => [locale.code, locale]));

/** The date-fns locale of a BCP-47 tag (see dateLocaleCode), or null when date-fns has none. */
export function dateLocale(tag: string): Locale | null {
  const code = dateLocaleCode(tag);
  return code ? (BY_CODE.get(code) ?? null) : null;
}
