import { describe, expect, it } from "vitest";
import {
  type ClassRule,
  classify,
  classifyWithLearned,
  compilePattern,
  countMatches,
  escapeRegExp,
  InvalidPatternError,
  scoreClass,
} from "./classify";

const invoice: ClassRule = { name: "Invoice", keywords: ["invoice", "total"], patterns: ["INV-\\d{4}-\\d{3}"] };
const letter: ClassRule = { name: "Letter", keywords: ["dear", "sincerely"], patterns: [] };
const rechnung: ClassRule = { name: "Rechnung", keywords: ["Rechnung", "Gesamtbetrag"], patterns: ["RE-\\d+"] };

describe("scoreClass", () => {
  const cases: [string, string, ClassRule, number][] = [
    ["keyword once", "This invoice", { name: "A", keywords: ["invoice"], patterns: [] }, 1],
    ["every keyword occurrence counts", "Invoice invoice INVOICE", { name: "A", keywords: ["invoice"], patterns: [] }, 3],
    ["case-insensitive, Unicode", "GRÖSSE größe Größe", { name: "A", keywords: ["größe"], patterns: [] }, 2],
    ["not inside a longer word", "Rechnungen Rechnungsnummer", { name: "A", keywords: ["Rechnung"], patterns: [] }, 0],
    ["word boundary at punctuation", "(Rechnung), Rechnung. Rechnung-Nr", { name: "A", keywords: ["rechnung"], patterns: [] }, 3],
    ["not after a digit", "2Rechnung", { name: "A", keywords: ["rechnung"], patterns: [] }, 0],
    ["umlaut is a letter, not a boundary", "Gebühr Gebührä", { name: "A", keywords: ["gebühr"], patterns: [] }, 1],
    ["decomposed and composed forms match", "Gebu\u0308hr", { name: "A", keywords: ["Gebühr"], patterns: [] }, 1],
    ["multi-word keyword", "Sehr geehrte Damen und Herren", { name: "A", keywords: ["sehr geehrte"], patterns: [] }, 1],
    [
      "regex characters in keywords are literal",
      "costs (net) a.b 1+1 c*d",
      { name: "A", keywords: ["(net)", "a.b", "1+1", "c*d"], patterns: [] },
      4,
    ],
    ["a dot keyword does not match any character", "axb", { name: "A", keywords: ["a.b"], patterns: [] }, 0],
    ["empty and blank keywords are ignored", "anything", { name: "A", keywords: ["", "  "], patterns: [] }, 0],
    ["keyword with surrounding spaces is trimmed", "the invoice", { name: "A", keywords: [" invoice "], patterns: [] }, 1],
    ["pattern match counts 2", "INV-2024-001", { name: "A", keywords: [], patterns: ["INV-\\d{4}-\\d{3}"] }, 2],
    [
      "every pattern match counts",
      "inv-2024-001 and INV-2025-002",
      { name: "A", keywords: [], patterns: ["INV-\\d{4}-\\d{3}"] },
      4,
    ],
    ["patterns are case-insensitive and Unicode", "STRAßE Straße", { name: "A", keywords: [], patterns: ["stra\\p{L}e"] }, 4],
    ["zero-length pattern counts nothing and ends", "abc", { name: "A", keywords: [], patterns: ["x*"] }, 0],
    ["lookahead-only pattern is zero-length", "invoice", { name: "A", keywords: [], patterns: ["(?=invoice)"] }, 0],
    ["pattern matching empty and non-empty", "aa b a", { name: "A", keywords: [], patterns: ["a*"] }, 4],
    ["pattern valid only without u flag", "Nr-1", { name: "A", keywords: [], patterns: ["Nr\\-1"] }, 2],
    ["keywords plus patterns", "Invoice INV-2024-001 total", invoice, 4],
  ];
  it.each(cases)("%s", (_name, text, rule, expected) => {
    expect(scoreClass(text.normalize("NFC"), rule)).toBe(expected);
  });
});

describe("classify", () => {
  const cases: [string, string, ClassRule[], { className: string; confidence: number; scores: Record<string, number> }][] = [
    ["no classes", "Invoice", [], { className: "Unknown", confidence: 0, scores: {} }],
    ["no hits", "Hello world", [invoice, letter], { className: "Unknown", confidence: 0, scores: { Invoice: 0, Letter: 0 } }],
    ["empty text", "", [invoice], { className: "Unknown", confidence: 0, scores: { Invoice: 0 } }],
    [
      "one class only hit",
      "Invoice INV-2024-001",
      [invoice, letter],
      { className: "Invoice", confidence: 1, scores: { Invoice: 3, Letter: 0 } },
    ],
    [
      "share of all scores, three decimals",
      "Dear customer, invoice INV-2024-001, total 5. Sincerely",
      [invoice, letter],
      { className: "Invoice", confidence: 0.667, scores: { Invoice: 4, Letter: 2 } },
    ],
    [
      "tie: the first class wins",
      "invoice dear",
      [invoice, letter],
      { className: "Invoice", confidence: 0.5, scores: { Invoice: 1, Letter: 1 } },
    ],
    [
      "tie in the other order",
      "invoice dear",
      [letter, invoice],
      { className: "Letter", confidence: 0.5, scores: { Letter: 1, Invoice: 1 } },
    ],
    [
      "three classes, thirds",
      "invoice dear rechnung",
      [invoice, letter, rechnung],
      { className: "Invoice", confidence: 0.333, scores: { Invoice: 1, Letter: 1, Rechnung: 1 } },
    ],
    [
      "German document",
      "Rechnung RE-42\nSehr geehrte Damen und Herren,\nGesamtbetrag 5 €",
      [invoice, rechnung],
      { className: "Rechnung", confidence: 1, scores: { Invoice: 0, Rechnung: 4 } },
    ],
    [
      "a class named twice counts as one",
      "invoice dear",
      [invoice, letter, { name: "Invoice", keywords: ["dear"], patterns: [] }],
      { className: "Invoice", confidence: 0.667, scores: { Invoice: 2, Letter: 1 } },
    ],
    [
      "class names that are object keys",
      "x",
      [
        { name: "__proto__", keywords: ["x"], patterns: [] },
        { name: "constructor", keywords: [], patterns: [] },
      ],
      { className: "__proto__", confidence: 1, scores: JSON.parse('{"__proto__": 1, "constructor": 0}') },
    ],
  ];
  it.each(cases)("%s", (_name, text, classes, expected) => {
    const result = classify(text, classes);
    expect(result.className).toBe(expected.className);
    expect(result.confidence).toBe(expected.confidence);
    expect(Object.entries(result.scores)).toEqual(Object.entries(expected.scores));
  });

  it("reports an invalid pattern with its class", () => {
    expect(() => classify("x", [{ name: "Broken", keywords: [], patterns: ["(unclosed"] }])).toThrow(InvalidPatternError);
    expect(() => classify("x", [{ name: "Broken", keywords: [], patterns: ["(unclosed"] }])).toThrow(/document class "Broken"/);
  });

  it("counts every one of thousands of matches", () => {
    const text = "invoice ".repeat(20_000);
    expect(classify(text, [invoice]).scores.Invoice).toBe(20_000);
  });
});

describe("classes that require an e-invoice (issue 25)", () => {
  const rules: ClassRule[] = [
    { name: "Invoice", keywords: ["invoice"], patterns: [] },
    { name: "E-invoice", keywords: [], patterns: [], einvoice: true },
  ];
  const xml = "<Invoice><cbc:ID>1</cbc:ID><cac:InvoiceLine/><cac:InvoiceLine/></Invoice> invoice invoice";

  it("take a document with an e-invoice although another class scores more", () => {
    const result = classify(xml, rules, { einvoice: true });
    expect(result.className).toBe("E-invoice");
    expect(result.scores).toEqual({ Invoice: 4, "E-invoice": 2 });
    expect(result.confidence).toBe(0.333);
  });

  it("score 0 without an e-invoice, so the others decide", () => {
    expect(classify(xml, rules, { einvoice: false }).className).toBe("Invoice");
  });

  it("among themselves by score as usual; excluded ones leave the document to the others", () => {
    const two: ClassRule[] = [
      ...rules,
      { name: "E-invoice Acme", keywords: ["Acme"], patterns: [], einvoice: true },
      { name: "Excluded", keywords: [], patterns: [], einvoice: true, excludeKeywords: ["invoice"] },
    ];
    expect(classify(`${xml} Acme`, two, { einvoice: true }).className).toBe("E-invoice Acme");
    const excluded: ClassRule[] = [
      rules[0] as ClassRule,
      { name: "Excluded", keywords: [], patterns: [], einvoice: true, excludeKeywords: ["invoice"] },
    ];
    expect(classify(xml, excluded, { einvoice: true }).className).toBe("Invoice");
  });
});

describe("regex helpers", () => {
  it("escapes every syntax character and stays valid in u mode", () => {
    const special = "a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o/p-q";
    const regex = new RegExp(`^${escapeRegExp(special)}$`, "u");
    expect(regex.test(special)).toBe(true);
  });

  it("compiles with u and falls back without it", () => {
    expect(compilePattern("\\p{L}+", "g", "x").flags).toBe("gu");
    expect(compilePattern("a\\-b", "g", "x").flags).toBe("g");
  });

  it("counts with a non-global regex too", () => {
    expect(countMatches("a a a", /a/)).toBe(3);
  });
});

describe("classifyWithLearned (a project linked to a learn project)", () => {
  const learned = (name: string | null, similarity: number) => ({ match: () => ({ name, similarity }) });

  it("the rules first: a class they score wins as without learning", () => {
    const r = classifyWithLearned("Dear Sir, yours sincerely", [invoice, letter], learned("Invoices", 0.93));
    expect([r.className, r.confidence]).toEqual(["Letter", 1]);
  });

  it("otherwise the nearest learned class above the similarity, with its cosine as confidence", () => {
    const r = classifyWithLearned("shipment of pallets", [invoice, letter], learned("Delivery notes", 0.87654));
    expect(r).toEqual({ className: "Delivery notes", confidence: 0.877, scores: { Invoice: 0, Letter: 0 } });
  });

  it("Unknown when neither rules nor a learned class answer, or without learned classes", () => {
    expect(classifyWithLearned("nothing alike", [invoice], learned(null, 0.2)).className).toBe("Unknown");
    expect(classifyWithLearned("nothing alike", [invoice], undefined)).toEqual(classify("nothing alike", [invoice]));
  });
});

describe("requiredKeywords, excludeKeywords and priority (issue 24 §3)", () => {
  const generic: ClassRule = { name: "Generic", keywords: ["invoice", "€"], patterns: [] };
  const acme: ClassRule = { name: "Acme", keywords: [], patterns: [], requiredKeywords: ["Acme GmbH", "invoice"] };

  it("a class scores only when every required keyword occurs, each occurrence counting as a keyword's", () => {
    expect(scoreClass("Acme GmbH invoice invoice", acme)).toBe(3);
    expect(scoreClass("invoice invoice", acme)).toBe(0);
    expect(scoreClass("Acme GmbH invoice", { ...acme, keywords: ["total"], patterns: ["ACME-\\d+"] })).toBe(2);
    expect(scoreClass("Acme GmbH invoice total ACME-1", { ...acme, keywords: ["total"], patterns: ["ACME-\\d+"] })).toBe(5);
  });

  it("an exclude keyword that occurs makes the score 0, on word boundaries as keywords", () => {
    const rule: ClassRule = { ...generic, excludeKeywords: ["credit note"] };
    expect(scoreClass("invoice € credit note", rule)).toBe(0);
    expect(scoreClass("invoice € creditnote", rule)).toBe(2);
  });

  it("the best score wins; of equal scores the higher priority, then the first in order", () => {
    const text = "Acme GmbH invoice";
    // Acme: 2 (both required once); Generic: 1 (invoice). Acme wins by score
    expect(classify(text, [generic, acme]).className).toBe("Acme");
    // equal scores: the first in order without priorities, the higher priority with them
    const twin: ClassRule = { name: "Twin", keywords: ["acme gmbh", "invoice"], patterns: [] };
    expect(classify(text, [twin, acme]).className).toBe("Twin");
    expect(classify(text, [twin, { ...acme, priority: 5 }]).className).toBe("Acme");
    expect(classify(text, [{ ...twin, priority: -1 }, acme]).className).toBe("Acme");
    // a priority never beats a better score, nor makes a class of score 0 win
    expect(classify("invoice invoice Acme GmbH", [{ ...generic, priority: 9 }, acme]).className).toBe("Acme");
    expect(classify("nothing here", [{ ...generic, priority: 9 }]).className).toBe("Unknown");
  });

  it("classes without the new rules score exactly as before", () => {
    expect(classify("Invoice INV-2024-001 total", [invoice, letter])).toEqual({
      className: "Invoice",
      confidence: 1,
      scores: { Invoice: 4, Letter: 0 },
    });
  });
});

describe("edges of required and exclude keywords", () => {
  it("need a boundary only at an end that is a letter or digit", () => {
    const rule: ClassRule = { name: "A", keywords: [], patterns: [], requiredKeywords: ["$", "www.acme.com", "(net)"] };
    expect(scoreClass("Total $12 see www.acme.com x(net)", rule)).toBe(3);
    expect(scoreClass("Total $12 see www.acme.community (net)", rule)).toBe(0);
    // a plain keyword keeps its boundaries on both sides
    expect(scoreClass("Rechnungen", { name: "B", keywords: [], patterns: [], requiredKeywords: ["Rechnung"] })).toBe(0);
  });
});

describe("requiredPatterns and excludePatterns", () => {
  it("need every required pattern to match (a lookahead too) and none excluded; each match scores as a pattern's", () => {
    const rule: ClassRule = {
      name: "A",
      keywords: [],
      patterns: [],
      requiredPatterns: ["NL8152[.]54[.]295[.]B01", "(?=Factuur)"],
      excludePatterns: ["Creditnota\\s+\\d+"],
    };
    expect(scoreClass("Factuur NL8152.54.295.B01", rule)).toBe(2);
    expect(scoreClass("Factuur NL8152 54 295 B01", rule)).toBe(0);
    expect(scoreClass("Factuur NL8152.54.295.B01 Creditnota 12", rule)).toBe(0);
  });
});

describe("caseSensitive classes", () => {
  it("match their patterns case as written, their keywords still not", () => {
    const rule: ClassRule = {
      name: "A",
      keywords: ["invoice"],
      patterns: ["INV-\\d+"],
      requiredPatterns: ["Detail"],
      caseSensitive: true,
    };
    // the keyword 1, the pattern 2, the required pattern 2
    expect(scoreClass("INVOICE INV-1 Detail", rule)).toBe(5);
    expect(scoreClass("INVOICE inv-1 Detail", rule)).toBe(3);
    expect(scoreClass("INVOICE INV-1 details", rule)).toBe(0);
    expect(scoreClass("INVOICE inv-1 details", { ...rule, caseSensitive: false })).toBe(5);
  });
});
