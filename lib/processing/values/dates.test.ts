import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { parseDate } from "./dates";
import { MULTILINGUAL_LOCALES } from "./months";

type Case = [raw: string, locale: string | undefined, expected: string | null];

describe("parseDate with a locale: month names as customers write them (issue 24 §2)", () => {
  const cases: Case[] = [
    // the examples of the issue
    ["29 maart 2014", "nl", "2014-03-29"],
    ["02 Juillet 2015", "fr", "2015-07-02"],
    ["3. März 2025", "de", "2025-03-03"],
    ["1er mars 2025", "fr", "2025-03-01"],
    ["15 de marzo de 2025", "es", "2025-03-15"],
    ["5 maggio 2024", "it", "2024-05-05"],
    ["29 marca 2014", "pl", "2014-03-29"],
    ["12. května 2023", "cs", "2023-05-12"],
    ["3. januar 2024", "da", "2024-01-03"],
    ["3. januar 2024", "nb", "2024-01-03"],
    ["3 januari 2024", "sv", "2024-01-03"],
    ["3. tammikuuta 2024", "fi", "2024-01-03"],
    ["March 3rd, 2025", "en-US", "2025-03-03"],
    // each language: wide, abbreviated, the form standing alone
    ["3 Mar 2025", "en-GB", "2025-03-03"],
    ["24. Dez. 2024", "de-DE", "2024-12-24"],
    ["2. Jänner 2025", "de-AT", "2025-01-02"],
    ["3 juil. 2025", "fr", "2025-07-03"],
    ["14 août 2025", "fr-FR", "2025-08-14"],
    ["1 mrt. 2025", "nl-NL", "2025-03-01"],
    ["1 mei 2025", "nl-BE", "2025-05-01"],
    ["7 dic 2025", "es-ES", "2025-12-07"],
    ["1 de enero del 2025", "es", "2025-01-01"],
    ["1º de enero de 2025", "es", "2025-01-01"],
    ["1 gen 2025", "it", "2025-01-01"],
    ["1° maggio 2024", "it", "2024-05-01"],
    ["3 de março de 2025", "pt", "2025-03-03"],
    ["3 de março de 2025", "pt-BR", "2025-03-03"],
    ["5 out 2025", "pt", "2025-10-05"],
    ["29 marzec 2014", "pl", "2014-03-29"],
    ["1 paź 2024", "pl", "2024-10-01"],
    ["29 października 2024", "pl-PL", "2024-10-29"],
    ["12. květen 2023", "cs", "2023-05-12"],
    ["1. čvc 2023", "cs", "2023-07-01"],
    ["3. 1. 2024", "cs", "2024-01-03"],
    ["3. marts 2024", "da", "2024-03-03"],
    ["3. maj 2024", "da-DK", "2024-05-03"],
    ["3 augusti 2024", "sv-SE", "2024-08-03"],
    ["1:a maj 2024", "sv", "2024-05-01"],
    ["3. tammikuu 2024", "fi", "2024-01-03"],
    ["3. joulu 2024", "fi", "2024-12-03"],
    ["17. desember 2024", "nb-NO", "2024-12-17"],
    ["17. des. 2024", "no", "2024-12-17"],
    ["17. desember 2024", "nn", "2024-12-17"],
    // case and accents do not count
    ["02 JUILLET 2015", "fr", "2015-07-02"],
    ["1 févr. 2025", "fr", "2025-02-01"],
    ["1 fevr 2025", "fr", "2025-02-01"],
    ["1 fevrier 2025", "fr", "2025-02-01"],
    ["12. kvetna 2023", "cs", "2023-05-12"],
    ["3. Marz 2025", "de", "2025-03-03"],
    ["3. Maerz 2025", "de", "2025-03-03"],
    // the other languages are read as well, whatever the locale
    ["29 maart 2014", "de", "2014-03-29"],
    ["3 Mrz 2025", "fr", "2025-03-03"],
    // the locale's own names win over another language's: Croatian "listopad" is October, Czech November
    ["1 listopad 2024", "hr", "2024-10-01"],
    ["1 listopad 2024", "cs", "2024-11-01"],
    ["1 listopad 2024", "de", "2024-11-01"],
    ["3 марта 2025", "ru", "2025-03-03"],
    // a date in a longer value
    ["Rechnungsdatum: Montag, 3. März 2025, 10:30", "de", "2025-03-03"],
    ["le 1er févr. 2025", "fr", "2025-02-01"],
    // not a date
    ["30 février 2025", "fr", null],
    ["32 mars 2025", "fr", null],
    ["mars 2025", "fr", null],
    ["3 marsipan 2025", "sv", null],
    ["", "de", null],
  ];
  it.each(cases)("%s (%s) -> %s", (raw, locale, expected) => {
    expect(parseDate(raw, { locale })).toBe(expected);
  });

  // every way date-fns writes a date in each language reads back: its short (numeric, in the locale's order),
  // medium, long and full forms and day-month-year with the wide, abbreviated and ordinal forms
  const written: [string, string, string, string][] = [];
  for (const locale of MULTILINGUAL_LOCALES)
    for (const pattern of ["P", "PP", "PPP", "PPPP", "d MMM yyyy", "d MMMM yyyy", "do MMMM yyyy"])
      for (let month = 0; month < 12; month++)
        for (const day of [1, 3, 12, 29]) {
          const date = new Date(2024, month, day);
          written.push([locale.code, pattern, format(date, pattern, { locale }), format(date, "yyyy-MM-dd")]);
        }
  it("reads every date date-fns writes in the multilingual languages", () => {
    const misread = written.filter(([code, , text, iso]) => parseDate(text, { locale: code }) !== iso);
    expect(misread).toEqual([]);
    expect(written.length).toBeGreaterThan(5000);
  });

  it("without a locale (a project before issue 24) only English and German names, as before", () => {
    expect(parseDate("29 maart 2014")).toBeNull();
    expect(parseDate("1er mars 2025")).toBeNull();
    expect(parseDate("3. Marz 2025")).toBeNull();
    expect(parseDate("3. Maerz 2025")).toBe("2025-03-03");
    expect(parseDate("3. 1. 2024")).toBeNull();
  });
});

describe("parseDate: numeric dates by locale", () => {
  const cases: Case[] = [
    ["15.03.2025", "en-US", "2025-03-15"], // dd.mm.yyyy: dots are always day first
    ["05.03.2025", "en-US", "2025-03-05"],
    ["05/03/25", "de", "2025-03-05"], // dd/mm/yy
    ["05/03/25", "en-GB", "2025-03-05"],
    ["05/03/2025", "fr", "2025-03-05"],
    ["05/03/2025", "en-US", "2025-05-03"], // mm/dd/yyyy
    ["05-03-2025", "en-US", "2025-05-03"],
    ["05-03-2025", "nl", "2025-03-05"],
    ["15/03/2025", "en-US", "2025-03-15"], // a first number > 12 is no month
    ["03/15/2025", "de", "2025-03-15"], // a second number > 12 is no month
    ["31.12.99", "de", "1999-12-31"],
    ["01.01.69", "de", "2069-01-01"],
    ["2025-03-05", "en-US", "2025-03-05"], // yyyy-mm-dd
    ["2025/03/05", "de", "2025-03-05"],
    ["2025-03-15T10:30:00Z", "fr", "2025-03-15"],
    ["31.02.2025", "de", null],
    ["13/13/2025", "de", null],
  ];
  it.each(cases)("%s (%s) -> %s", (raw, locale, expected) => {
    expect(parseDate(raw, { locale })).toBe(expected);
  });

  it("without a locale or formats: the US order unless the first number > 12, for slashes only (as before)", () => {
    expect(parseDate("05/03/2025")).toBe("2025-05-03");
    expect(parseDate("15/03/2025")).toBe("2025-03-15");
    expect(parseDate("05-03-2025")).toBe("2025-03-05");
    expect(parseDate("03/15/2025", {})).toBe("2025-03-15");
  });
});

describe("parseDate with dateFormats (date-fns format tokens)", () => {
  const cases: [raw: string, options: { locale?: string; dateFormats: string[] }, expected: string | null][] = [
    ["05/03/2025", { dateFormats: ["dd/MM/yyyy"] }, "2025-03-05"],
    ["05/03/2025", { dateFormats: ["MM/dd/yyyy"] }, "2025-05-03"],
    ["05/03/25", { dateFormats: ["MM/dd/yy"] }, "2025-05-03"],
    ["05/03/99", { dateFormats: ["dd/MM/yy"] }, "1999-03-05"],
    ["3. März 2025", { locale: "de", dateFormats: ["d. MMMM yyyy"] }, "2025-03-03"],
    ["29 marca 2014", { locale: "pl", dateFormats: ["d MMMM yyyy"] }, "2014-03-29"],
    ["2025.03.05", { dateFormats: ["yyyy.MM.dd"] }, "2025-03-05"],
    ["05032025", { dateFormats: ["ddMMyyyy"] }, "2025-03-05"],
    ["Mar 5 '25", { dateFormats: ["MMM d ''yy"] }, "2025-03-05"],
    // the first format that reads the value wins
    ["05/03/2025", { dateFormats: ["yyyy-MM-dd", "MM/dd/yyyy", "dd/MM/yyyy"] }, "2025-05-03"],
    // a value no format reads is read as without them, the slash order the formats show
    ["Datum: 05/03/2025", { dateFormats: ["dd/MM/yyyy"] }, "2025-03-05"],
    ["Date: 05/03/2025", { dateFormats: ["MM/dd/yyyy"] }, "2025-05-03"],
    ["05/03/2025", { dateFormats: ["d. MMMM yyyy"] }, "2025-03-05"],
    ["05/03/2025", { dateFormats: ["yyyy-MM-dd"] }, "2025-05-03"], // the year first says nothing of the order: as before
    ["1 fevr. 2025", { locale: "fr", dateFormats: ["d MMM yyyy"] }, "2025-02-01"], // date-fns wants "févr."
    ["31/02/2025", { dateFormats: ["dd/MM/yyyy"] }, null],
    ["05/03/0025", { dateFormats: ["dd/MM/yyyy"] }, null],
  ];
  it.each(cases)("%s %j -> %s", (raw, options, expected) => {
    expect(parseDate(raw, options)).toBe(expected);
  });
});
