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

describe("fields that say how their values are written (issue 24 §2)", () => {
  const text = "Datum: 05/03/2025\nFällig: 31.02.2025\nBetrag: 1.234\nSumme: zwölf Euro\nLieferung: 3. März 2025";

  it("read dates and amounts in their locale, dateFormats and decimalSeparator", () => {
    expect(
      extractFields(text, [
        { name: "us", pattern: "Datum:\\s*(\\S+)", type: "date" },
        { name: "de", pattern: "Datum:\\s*(\\S+)", type: "date", locale: "de-DE" },
        { name: "formats", pattern: "Datum:\\s*(\\S+)", type: "date", dateFormats: ["dd/MM/yyyy"] },
        { name: "grouped", pattern: "Betrag:\\s*(\\S+)", type: "amount", decimalSeparator: "," },
        { name: "decimal", pattern: "Betrag:\\s*(\\S+)", type: "amount", decimalSeparator: "." },
        { name: "named", pattern: "Lieferung:\\s*(.+)", type: "date", locale: "fr" },
      ]),
    ).toEqual({ us: "2025-05-03", de: "2025-03-05", formats: "2025-03-05", grouped: 1234, decimal: 1.234, named: "2025-03-03" });
  });

  it("a value such a field cannot read stays null and is reported raw; without them, null only (as before)", () => {
    const rules: FieldRule[] = [
      { name: "due", pattern: "Fällig:\\s*(\\S+)", type: "date", locale: "de" },
      { name: "sum", pattern: "Summe:\\s*(.+)", type: "amount", decimalSeparator: "," },
      { name: "oldDue", pattern: "Fällig:\\s*(\\S+)", type: "date" },
      { name: "oldSum", pattern: "Summe:\\s*(.+)", type: "amount" },
      { name: "absent", pattern: "Skonto:\\s*(\\S+)", type: "amount", locale: "de" },
    ];
    expect(extractFieldsWithLookups(text, rules)).toEqual({
      fields: { due: null, sum: null, oldDue: null, oldSum: null, absent: null },
      lookupMisses: [],
      unnormalised: [
        { field: "due", type: "date", raw: "31.02.2025" },
        { field: "sum", type: "amount", raw: "zwölf Euro" },
      ],
    });
    expect(Object.keys(extractFieldsWithLookups(text, rules.slice(2)))).toEqual(["fields", "lookupMisses"]);
  });

  it("a value another alternative read is none; of alternatives that all fail, the first is reported", () => {
    const alternatives: FieldRule[] = [
      { name: "date", pattern: "Fällig:\\s*(\\S+)", type: "date", locale: "de" },
      { name: "date", pattern: "Summe:\\s*(.+)", type: "date", locale: "de" },
    ];
    expect(extractFieldsWithLookups(text, alternatives).unnormalised).toEqual([
      { field: "date", type: "date", raw: "31.02.2025" },
    ]);
    const filled = [...alternatives, { name: "date", pattern: "Lieferung:\\s*(.+)", type: "date" as const, locale: "de" }];
    expect(extractFieldsWithLookups(text, filled)).toEqual({ fields: { date: "2025-03-03" }, lookupMisses: [] });
  });

  it("keeps at most 200 characters of a raw value", () => {
    const long = extractFieldsWithLookups(`Total: ${"x".repeat(500)}`, [
      { name: "total", pattern: "Total: (.+)", type: "amount", locale: "en" },
    ]);
    expect(long.unnormalised?.[0]?.raw).toBe("x".repeat(200));
  });
});

describe("the text a field reads (issue 24 §1)", () => {
  const texts = { reading: "Invoice No:\nDate:\n\nINV-1\n2025-03-05", layout: "Invoice No:    INV-1\nDate:          2025-03-05" };
  const rules: FieldRule[] = [
    { name: "number", pattern: "Invoice No:[ \\t]*(\\S+)", type: "string", text: "layout" },
    { name: "date", pattern: "Date:[ \\t]*(\\S+)", type: "date", text: "reading" },
    { name: "same", pattern: "Date:[ \\t]*(\\S+)", type: "date" },
  ];

  it("reads the layout text where a field names it, the reading-order text otherwise", () => {
    expect(extractFields(texts, rules)).toEqual({ number: "INV-1", date: null, same: null });
    expect(extractFieldsWithLookups(texts, rules).fields).toEqual({ number: "INV-1", date: null, same: null });
  });

  it("reads a single text for every field", () => {
    expect(extractFields(texts.layout, rules)).toEqual({ number: "INV-1", date: "2025-03-05", same: "2025-03-05" });
  });
});

describe("match, fixed values and numbers (issue 24 §3)", () => {
  const text = "Item 1: 10,00 EUR\nItem 2: 2,50 EUR\nItem 3: 7,25 EUR\nDue 2025-04-01, reminder 2025-03-15\nQty 3";
  const item = { name: "item", pattern: "Item \\d: ([\\d,]+) EUR", type: "amount" as const };

  it.each([
    ["first", 10],
    ["last", 7.25],
    ["all", [10, 2.5, 7.25]],
    ["sum", 19.75],
    ["min", 2.5],
    ["max", 10],
  ] as const)("match %s", (match, expected) => {
    expect(extractFields(text, [{ ...item, match }])).toEqual({ item: expected });
  });

  it("min and max of dates, all of strings; no match is null, or an empty list for all", () => {
    const dates = { name: "d", pattern: "(\\d{4}-\\d\\d-\\d\\d)", type: "date" as const };
    expect(extractFields(text, [{ ...dates, match: "min" }])).toEqual({ d: "2025-03-15" });
    expect(extractFields(text, [{ ...dates, match: "max" }])).toEqual({ d: "2025-04-01" });
    expect(extractFields(text, [{ name: "n", pattern: "Item (\\d)", type: "string", match: "all" }])).toEqual({
      n: ["1", "2", "3"],
    });
    expect(extractFields(text, [{ name: "n", pattern: "Nope (\\d)", type: "string", match: "all" }])).toEqual({ n: [] });
    expect(extractFields(text, [{ name: "n", pattern: "Nope (\\d)", type: "amount", match: "sum" }])).toEqual({ n: null });
  });

  it("a sum has no binary noise: 0.1 + 0.2 is 0.3", () => {
    expect(extractFields("a 0.1 b 0.2", [{ name: "s", pattern: "(\\d\\.\\d)", type: "amount", match: "sum" }])).toEqual({
      s: 0.3,
    });
  });

  it("values that cannot be read are left out of all and sum, and reported by a field that opted in", () => {
    const rule = { name: "n", pattern: "Item \\d: (\\S+)", type: "number" as const, match: "sum" as const };
    const result = extractFieldsWithLookups("Item 1: 4\nItem 2: n/a\nItem 3: 1.5", [rule]);
    expect(result.fields).toEqual({ n: 5.5 });
    // some values were read: the field has a value, nothing is reported as unread
    expect(result.unnormalised).toBeUndefined();
    expect(extractFieldsWithLookups("Item 1: n/a", [rule])).toEqual({
      fields: { n: null },
      lookupMisses: [],
      unnormalised: [{ field: "n", type: "number", raw: "n/a" }],
    });
  });

  it("a fixed value is the field's whatever the text says; a number field reads quantities", () => {
    expect(
      extractFields(text, [
        { name: "currency", value: "EUR", type: "string" },
        { name: "vatRate", value: 19, type: "number" },
        { name: "qty", pattern: "Qty (\\d+)", type: "number" },
      ]),
    ).toEqual({ currency: "EUR", vatRate: 19, qty: 3 });
  });

  it("a lookup keeps the listed values of a list and reports the others", () => {
    const lookups = new Map([["codes", new Set(["1", "3"])]]);
    const result = extractFieldsWithLookups(
      text,
      [{ name: "n", pattern: "Item (\\d)", type: "string", match: "all", lookup: "codes" }],
      lookups,
    );
    expect(result.fields).toEqual({ n: ["1", "3"] });
  });
});
