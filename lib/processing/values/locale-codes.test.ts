import * as locales from "date-fns/locale";
import { describe, expect, it } from "vitest";
import { dateLocale } from "./date-locales";
import { DATE_LOCALE_CODES, dateLocaleCode } from "./locale-codes";

describe("locales", () => {
  it("the codes are date-fns's", () => {
    expect([...DATE_LOCALE_CODES].sort()).toEqual(
      Object.values(locales)
        .map((l) => l.code)
        .sort(),
    );
  });

  const cases: [string, string | null][] = [
    ["de", "de"],
    ["de-DE", "de"],
    ["DE-de", "de"],
    ["de-AT", "de-AT"],
    ["fr", "fr"],
    ["fr-CH", "fr-CH"],
    ["nl-NL", "nl"],
    ["en", "en-US"],
    ["en-GB", "en-GB"],
    ["en-US", "en-US"],
    ["pt-PT", "pt"],
    ["pt-BR", "pt-BR"],
    ["nb-NO", "nb"],
    ["no", "nb"],
    ["sr-Latn-RS", "sr-Latn"],
    [" sv-SE ", "sv"],
    ["xx", null],
    ["klingon", null],
    ["de_DE", null],
    ["", null],
    ["12", null],
  ];
  it.each(cases)("%j -> %s", (tag, code) => {
    expect(dateLocaleCode(tag)).toBe(code);
    expect(dateLocale(tag)?.code ?? null).toBe(code);
  });
});
