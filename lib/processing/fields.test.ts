import { describe, expect, it } from "vitest";
import { InvalidPatternError } from "./classify";
import { extractFields, extractFieldsWithLookups, type FieldRule, parseAmount, parseDate } from "./fields";

describe("parseAmount", () => {
  const cases: [string, number | null][] = [
    ["1.234,56", 1234.56],
    ["1,234.56", 1234.56],
    ["1234.56", 1234.56],
    ["1234,56", 1234.56],
    ["1 234,56", 1234.56],
    ["1\u00a0234,56", 1234.56],
    ["1\u202f234.56", 1234.56],
    ["1'234.56", 1234.56],
    ["1’234.56", 1234.56],
    ["€ 99", 99],
    ["99 €", 99],
    ["EUR 1.234,56", 1234.56],
    ["USD 1,234,567.89", 1234567.89],
    ["1.234.567,89 EUR", 1234567.89],
    ["12,5", 12.5],
    ["0,99", 0.99],
    ["1,234", 1234], // three digits after the only separator: thousands
    ["1.234", 1234],
    ["0.125", 0.125], // but not after a 0
    ["1,234.567", 1234.567], // both kinds: the last is decimal
    ["1234.567", 1234.567], // four digits before: no thousands group
    ["12.3456", 12.3456],
    ["99,-", 99],
    ["99.--", 99],
    ["-5,00", -5],
    ["−5.00", -5],
    ["€ -5", -5],
    ["-€5", -5],
    ["5,00-", -5],
    ["(5.00)", -5],
    ["(€ 5.00)", -5],
    ["Total - 5,00", 5], // a dash with a space before the number is punctuation
    ["0,00", 0],
    ["-0,00", 0],
    ["42", 42],
    ["Total: 1,234.56 EUR", 1234.56],
    ["1.234,56 3 items", 1234.56],
    ["1.234.56", null], // decimal separator used for groups as well
    ["1,23,456.00", null], // groups of two
    ["12.34.567", null],
    ["1.234,567.89", null],
    ["15.03.2025", null], // a date
    ["abc", null],
    ["", null],
    ["€", null],
  ];
  it.each(cases)("%s -> %s", (raw, expected) => {
    expect(parseAmount(raw)).toBe(expected);
  });
});

describe("parseDate", () => {
  const cases: [string, string | null][] = [
    ["2025-03-15", "2025-03-15"],
    ["2025-3-5", "2025-03-05"],
    ["2025-03-15T10:30:00Z", "2025-03-15"],
    ["2025/03/15", "2025-03-15"],
    ["15.03.2025", "2025-03-15"],
    ["5.3.2025", "2025-03-05"],
    ["15.03.25", "2025-03-15"],
    ["31.12.99", "1999-12-31"],
    ["15-03-2025", "2025-03-15"],
    ["03/15/2025", "2025-03-15"], // slashes: US, month first
    ["05/03/2025", "2025-05-03"],
    ["15/03/2025", "2025-03-15"], // first number > 12: day first
    ["3 March 2025", "2025-03-03"],
    ["3. März 2025", "2025-03-03"],
    ["3. MÄRZ 2025", "2025-03-03"],
    ["03. Maerz 2025", "2025-03-03"],
    ["1. Mai 2025", "2025-05-01"],
    ["24. Dezember 2024", "2024-12-24"],
    ["15. Okt. 2025", "2025-10-15"],
    ["2. Jänner 2025", "2025-01-02"],
    ["March 3, 2025", "2025-03-03"],
    ["Sept. 30th, 2025", "2025-09-30"],
    ["3rd of May 2025", "2025-05-03"],
    ["15-Mar-2025", "2025-03-15"],
    ["Datum: 15.03.2025 10:30", "2025-03-15"],
    ["29.02.2024", "2024-02-29"], // leap year
    ["29.02.2025", null],
    ["31.04.2025", null],
    ["2025-13-01", null],
    ["13/13/2025", null],
    ["00.01.2025", null],
    ["32 March 2025", null],
    ["Marching 3, 2025", null],
    ["2025", null],
    ["no date", null],
    ["", null],
  ];
  it.each(cases)("%s -> %s", (raw, expected) => {
    expect(parseDate(raw)).toBe(expected);
  });
});

describe("extractFields", () => {
  const text = [
    "INVOICE No. INV-2024-001",
    "Date: 15.03.2025",
    "Total: 1,234.56 EUR",
    "Customer:   ACME GmbH   ",
    "Second invoice No. INV-2024-002",
  ].join("\n");

  const cases: [string, FieldRule[], Record<string, string | number | null>][] = [
    ["no fields", [], {}],
    [
      "string: first capture group, first match",
      [{ name: "no", pattern: "invoice no\\.\\s*(\\S+)", type: "string" }],
      { no: "INV-2024-001" },
    ],
    ["string trimmed", [{ name: "customer", pattern: "Customer:(.*)", type: "string" }], { customer: "ACME GmbH" }],
    ["whole match without a group", [{ name: "no", pattern: "INV-\\d{4}-\\d{3}", type: "string" }], { no: "INV-2024-001" }],
    [
      "first participating group of alternatives",
      [{ name: "total", pattern: "Summe: (\\S+)|Total: (\\S+)", type: "amount" }],
      { total: 1234.56 },
    ],
    ["amount", [{ name: "total", pattern: "Total:\\s*([\\d.,]+)", type: "amount" }], { total: 1234.56 }],
    ["date", [{ name: "date", pattern: "Date:\\s*(\\S+)", type: "date" }], { date: "2025-03-15" }],
    ["no match is null", [{ name: "iban", pattern: "IBAN:\\s*(\\S+)", type: "string" }], { iban: null }],
    ["unparseable amount is null", [{ name: "x", pattern: "Customer:\\s*(\\S+)", type: "amount" }], { x: null }],
    ["unparseable date is null", [{ name: "x", pattern: "Customer:\\s*(\\S+)", type: "date" }], { x: null }],
    ["empty capture is null", [{ name: "x", pattern: "Customer:(\\s*)", type: "string" }], { x: null }],
    ["empty pattern is null", [{ name: "x", pattern: "", type: "string" }], { x: null }],
    ["case-insensitive and Unicode", [{ name: "x", pattern: "(\\p{Lu}{4}) gmbh", type: "string" }], { x: "ACME" }],
    [
      "a name given twice: first value found wins",
      [
        { name: "total", pattern: "Gesamtbetrag:\\s*(\\S+)", type: "amount" },
        { name: "total", pattern: "Total:\\s*(\\S+)", type: "amount" },
        { name: "total", pattern: "Date:\\s*(\\S+)", type: "string" },
      ],
      { total: 1234.56 },
    ],
    [
      "a field named __proto__",
      [{ name: "__proto__", pattern: "INV-(\\d{4})", type: "string" }],
      JSON.parse('{"__proto__": "2024"}'),
    ],
  ];
  it.each(cases)("%s", (_name, rules, expected) => {
    const result = extractFields(text, rules);
    expect(Object.entries(result)).toEqual(Object.entries(expected));
  });

  it("reads German amounts and dates", () => {
    const german = "Rechnungsdatum: 3. März 2025\nGesamtbetrag: 1.234,56 €";
    expect(
      extractFields(german, [
        { name: "date", pattern: "Rechnungsdatum:\\s*(.+)", type: "date" },
        { name: "total", pattern: "Gesamtbetrag:\\s*(.+)", type: "amount" },
      ]),
    ).toEqual({ date: "2025-03-03", total: 1234.56 });
  });

  it("reports an invalid pattern with its field", () => {
    expect(() => extractFields("x", [{ name: "bad", pattern: "[", type: "string" }])).toThrow(InvalidPatternError);
    expect(() => extractFields("x", [{ name: "bad", pattern: "[", type: "string" }])).toThrow(/field "bad"/);
  });
});

describe("lookup fields (DESIGN.md Resources)", () => {
  it("keeps a listed value, empties and flags an unlisted one, and a missing resource misses", () => {
    const rules = [
      { name: "supplier", pattern: "supplier: (\\w+)", type: "string" as const, lookup: "Suppliers.csv" },
      { name: "other", pattern: "other: (\\w+)", type: "string" as const, lookup: "missing.csv" },
      { name: "free", pattern: "free: (\\w+)", type: "string" as const },
    ];
    const lookups = new Map([["suppliers.csv", new Set(["acme"])]]);
    expect(extractFieldsWithLookups("supplier: ACME other: x free: y", rules, lookups)).toEqual({
      fields: { supplier: "ACME", other: null, free: "y" },
      lookupMisses: ["other"],
    });
    expect(extractFieldsWithLookups("supplier: Zeta", rules, lookups).lookupMisses).toEqual(["supplier"]);
  });
});
