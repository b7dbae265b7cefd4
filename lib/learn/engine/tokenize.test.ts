import { describe, expect, it } from "vitest";
import { fold, stem, tokenize, words } from "./tokenize";

describe("tokenize", () => {
  it("drops the stop words of both languages, numbers and punctuation", () => {
    expect(words("The invoice of 12.03.2026 über 1.234,56 EUR für die Firma, and the rest")).toEqual([
      "invoice",
      "eur",
      "firma",
      "rest",
    ]);
  });

  it("folds umlauts and ß, composed or not, and drops other accents", () => {
    expect(fold("Müller Straße Café")).toBe("mueller strasse cafe");
    expect(fold("Mu\u0308ller")).toBe(fold("Müller"));
    expect(tokenize("Prüfung")).toEqual(tokenize("Pruefung"));
    expect(tokenize("Straße")).toEqual(tokenize("Strasse"));
  });

  it("maps a word's forms to one term, English and German", () => {
    expect(new Set(["rates", "rate", "rated"].map(stem)).size).toBe(1);
    expect(new Set(["ship", "ships", "shipping", "shipped"].map(stem)).size).toBe(1);
    expect(stem("companies")).toBe(stem("company"));
    expect(stem("Rechnungen".toLowerCase())).toBe("rechnung");
    expect(new Set(["kunde", "kunden"].map(stem)).size).toBe(1);
    expect(stem("class")).toBe("class");
    expect(stem("bus")).toBe("bus");
  });

  it("keeps letters of any script as words", () => {
    expect(tokenize("Ελλάδα Россия")).toHaveLength(2);
  });
});
