import { describe, expect, it } from "vitest";
import { type AmountOptions, localeDecimalSeparator, parseAmount } from "./amounts";

describe("parseAmount with a decimal separator or locale (issue 24 §2)", () => {
  const cases: [raw: string, options: AmountOptions, expected: number | null][] = [
    // the ambiguous cases the separator settles
    ["1.234", { decimalSeparator: "," }, 1234],
    ["1.234", { decimalSeparator: "." }, 1.234],
    ["1,234", { decimalSeparator: "," }, 1.234],
    ["1,234", { decimalSeparator: "." }, 1234],
    ["1,789 €/l", { decimalSeparator: "," }, 1.789],
    // the separators: dot, comma, space, no-break spaces (U+00A0, U+202F), apostrophes
    ["1.234.567,89", { decimalSeparator: "," }, 1234567.89],
    ["1,234,567.89", { decimalSeparator: "." }, 1234567.89],
    ["1 234 567,89", { decimalSeparator: "," }, 1234567.89],
    ["1\u00a0234,56", { decimalSeparator: "," }, 1234.56],
    ["1\u202f234,56", { decimalSeparator: "," }, 1234.56],
    ["1\u202f234.56", { decimalSeparator: "." }, 1234.56],
    ["1'234.56", { decimalSeparator: "." }, 1234.56],
    ["1’234.56", { decimalSeparator: "." }, 1234.56],
    ["1234", { decimalSeparator: "," }, 1234],
    ["0,5", { decimalSeparator: "," }, 0.5],
    ["12,3456", { decimalSeparator: "," }, 12.3456],
    // currency signs and ISO codes before or after
    ["€ 1.234,56", { decimalSeparator: "," }, 1234.56],
    ["1.234,56 €", { decimalSeparator: "," }, 1234.56],
    ["EUR 1.234,56", { decimalSeparator: "," }, 1234.56],
    ["1.234,56 EUR", { decimalSeparator: "," }, 1234.56],
    ["$1,234.56", { decimalSeparator: "." }, 1234.56],
    ["CHF 1'234.50", { decimalSeparator: "." }, 1234.5],
    ["1 234,56 zł", { decimalSeparator: "," }, 1234.56],
    ["kr 99,-", { decimalSeparator: "," }, 99],
    // negatives: minus signs before or after, parentheses
    ["-1.234,56", { decimalSeparator: "," }, -1234.56],
    ["−1.234,56", { decimalSeparator: "," }, -1234.56],
    ["–1.234,56", { decimalSeparator: "," }, -1234.56],
    ["Total - 1.234,56", { decimalSeparator: "," }, 1234.56], // a dash and a space before the number: punctuation
    ["EUR -1.234,56", { decimalSeparator: "," }, -1234.56],
    ["-€1,234.56", { decimalSeparator: "." }, -1234.56],
    ["1.234,56-", { decimalSeparator: "," }, -1234.56],
    ["(1.234,56)", { decimalSeparator: "," }, -1234.56],
    ["(€ 1,234.56)", { decimalSeparator: "." }, -1234.56],
    ["(1.234,56 €)", { decimalSeparator: "," }, -1234.56],
    // what the separator makes impossible
    ["1.234,56", { decimalSeparator: "." }, null], // a group separator after the decimal one
    ["1,234.56", { decimalSeparator: "," }, null],
    ["1,234,56", { decimalSeparator: "," }, null], // the decimal separator twice
    ["1.23.456", { decimalSeparator: "," }, null], // groups of two
    ["0,125", { decimalSeparator: "." }, null], // 0 is no thousands group
    ["15.03.2025", { decimalSeparator: "," }, null],
    ["abc", { decimalSeparator: "," }, null],
    // the locale's decimal separator (Intl), unless the field names one
    ["1,234", { locale: "de-DE" }, 1.234],
    ["1.234", { locale: "de-DE" }, 1234],
    ["1.234", { locale: "en-US" }, 1.234],
    ["1,234", { locale: "en-US" }, 1234],
    ["1 234,56", { locale: "fr" }, 1234.56],
    ["1\u202f234,56", { locale: "fr-FR" }, 1234.56],
    ["1.234,56", { locale: "nl-NL" }, 1234.56],
    ["1 234,56", { locale: "sv" }, 1234.56],
    ["CHF 1’234.50", { locale: "de-CH" }, 1234.5],
    ["1,234", { locale: "de-DE", decimalSeparator: "." }, 1234],
  ];
  it.each(cases)("%s %j -> %s", (raw, options, expected) => {
    expect(parseAmount(raw, options)).toBe(expected);
  });

  it("the locales' decimal separators", () => {
    expect(["de-DE", "de-CH", "en-US", "fr", "pl", "ar", "x-bad"].map(localeDecimalSeparator)).toEqual([
      ",",
      ".",
      ".",
      ",",
      ",",
      ".",
      undefined,
    ]);
  });
});
