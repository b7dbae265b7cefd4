import type { Locale } from "date-fns";
import { cs, da, de, deAT, enGB, enUS, es, fi, fr, it, nb, nl, nn, pl, pt, sv } from "date-fns/locale";

/**
 * Month names as documents write them, from date-fns's locale data: every locale's wide and abbreviated names, in the
 * form a date uses ("formatting": Polish "marca", Czech "března", Finnish "tammikuuta") and the form standing alone
 * ("standalone": "marzec", "březen", "tammikuu"). A name is a key in lower case without its abbreviation's dot.
 */
export type MonthTable = ReadonlyMap<string, number>;

const WIDTHS = ["wide", "abbreviated"] as const;
const CONTEXTS = [undefined, "formatting", "standalone"] as const;

function monthNames(locale: Locale): { name: string; month: number; wide: boolean }[] {
  const names = [];
  for (const width of WIDTHS)
    for (const context of CONTEXTS)
      for (let index = 0; index < 12; index++) {
        const name = locale.localize.month(index as Parameters<Locale["localize"]["month"]>[0], { width, context });
        names.push({ name, month: index + 1, wide: width === "wide" });
      }
  return names;
}

const withoutDot = (name: string) => name.toLowerCase().replace(/\.$/, "");

/** German umlauts as typewriters write them: "Maerz", "Jaenner" */
const transliterated = (name: string) => name.replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue");

/** a text without accents and in lower case: "Févr." → "févr." → "fevr."; what the multilingual reader matches */
export function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The months of projects that name no locale (English and German, as before issue 24). With the spellings the
 * earlier hand-written list had and date-fns does not give (Austrian "Feber", the DIN abbreviation "Mrz", English
 * "Sept"), it is exactly that list, so such projects read the same dates as before (fields.test.ts).
 */
export const LEGACY_MONTHS: MonthTable = (() => {
  const table = new Map<string, number>([
    ["feber", 2],
    ["mrz", 3],
    ["sept", 9],
  ]);
  for (const locale of [enUS, enGB, de, deAT])
    for (const { name, month, wide } of monthNames(locale)) {
      table.set(withoutDot(name), month);
      if (wide) table.set(transliterated(withoutDot(name)), month);
    }
  return table;
})();

/** the languages whose month names a project with a locale reads whatever its locale (issue 24 §2) */
export const MULTILINGUAL_LOCALES: readonly Locale[] = [enUS, enGB, de, deAT, fr, nl, es, it, pt, pl, cs, da, sv, fi, nb, nn];

/**
 * The months a project that names a locale reads: the names of {@link MULTILINGUAL_LOCALES}, the legacy spellings,
 * and its own locale's, all {@link folded} (accents and case do not count: "Juillet", "fevr", "brezna"). Its own
 * locale's names win where a name means another month in another language (Croatian "listopad" is October, Czech
 * and Polish November); among the multilingual ones no name is ambiguous (months.test.ts).
 */
export function multilingualMonths(own: Locale | null): MonthTable {
  const table = new Map<string, number>();
  for (const [name, month] of LEGACY_MONTHS) table.set(folded(name), month);
  for (const locale of own ? [...MULTILINGUAL_LOCALES, own] : MULTILINGUAL_LOCALES)
    for (const { name, month } of monthNames(locale)) table.set(folded(withoutDot(name)), month);
  return table;
}

/** The regular-expression alternatives of a table's names, longest first. */
export function alternativesOf(table: MonthTable): string {
  return [...table.keys()]
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|");
}
