import { LANGUAGES, type Language } from "@/db/schema/users";

export const LOCALES = LANGUAGES;
export const DEFAULT_LOCALE: Language = "en-US";
export const LOCALE_COOKIE = "NEXT_LOCALE";

export function isLocale(value: string | undefined | null): value is Language {
  return !!value && (LOCALES as readonly string[]).includes(value);
}

/** spec foundation §1: the language is first chosen from the browser (Accept-Language). */
export function localeFromAcceptLanguage(header: string | null): Language {
  if (!header) return DEFAULT_LOCALE;
  const wanted = header
    .split(",")
    .map((part) => {
      const [tag = "", ...rest] = part.trim().split(";");
      const q = rest.find((r) => r.trim().startsWith("q="));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const match = LOCALES.find((l) => l.toLowerCase() === tag || l.slice(0, 2).toLowerCase() === tag.slice(0, 2));
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
