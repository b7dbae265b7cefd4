/**
 * The locales a project.json may name (`locale`, docs/project-file.md): those date-fns has. This module holds only
 * their codes, so that the project file's schema (read by the browser too) checks a locale without loading every
 * locale's data; `locale-codes.test.ts` holds the list to date-fns/locale.
 */
// biome-ignore format: a list of codes reads best filled
export const DATE_LOCALE_CODES = [
  "af", "ar", "ar-DZ", "ar-EG", "ar-MA", "ar-SA", "ar-TN", "az", "be", "be-tarask", "bg", "bn", "bs", "ca", "ckb", "cs",
  "cy", "da", "de", "de-AT", "el", "en-AU", "en-CA", "en-GB", "en-IE", "en-IN", "en-NZ", "en-US", "en-ZA", "eo", "es",
  "et", "eu", "fa-IR", "fi", "fr", "fr-CA", "fr-CH", "fy", "gd", "gl", "gu", "he", "hi", "hr", "ht", "hu", "hy", "id",
  "is", "it", "it-CH", "ja", "ja-Hira", "ka", "kk", "km", "kn", "ko", "lb", "lt", "lv", "mk", "mn", "ms", "mt", "nb",
  "nl", "nl-BE", "nn", "oc", "pl", "pt", "pt-BR", "ro", "ru", "se", "sk", "sl", "sq", "sr", "sr-Latn", "sv", "ta", "te",
  "th", "tr", "ug", "uk", "uz", "uz-Cyrl", "vi", "zh-CN", "zh-HK", "zh-TW",
] as const;

/** a language date-fns has only with a region (or under another code): the one a bare language tag means */
const LANGUAGE_DEFAULTS: Record<string, string> = { en: "en-US", zh: "zh-CN", fa: "fa-IR", no: "nb" };

const BY_LOWER_CASE = new Map<string, string>(DATE_LOCALE_CODES.map((code) => [code.toLowerCase(), code]));

/**
 * The date-fns locale code a BCP-47 tag means, or null for a tag that is malformed or names a language date-fns does
 * not have: the tag itself ("de-AT"), else the tag with its last subtags dropped one by one ("de-DE" → "de",
 * "sr-Latn-RS" → "sr-Latn"), a bare language taking its usual region ("en" → "en-US", "no" → "nb").
 */
export function dateLocaleCode(tag: string): string | null {
  let canonical: string | undefined;
  try {
    canonical = Intl.getCanonicalLocales(tag.trim())[0];
  } catch {
    return null;
  }
  if (!canonical) return null;
  const subtags = canonical.split("-");
  for (let n = subtags.length; n > 0; n--) {
    const candidate = subtags.slice(0, n).join("-").toLowerCase();
    const code = BY_LOWER_CASE.get(candidate) ?? (n === 1 ? LANGUAGE_DEFAULTS[candidate] : undefined);
    if (code) return code;
  }
  return null;
}
