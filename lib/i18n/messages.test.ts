import { describe, expect, it } from "vitest";
import { ALL_ROLES } from "@/lib/auth/roles";
import { ERROR_CODES } from "@/lib/errors/codes";
import de from "@/messages/de-DE.json";
import en from "@/messages/en-US.json";
import { localeFromAcceptLanguage } from "./locales";

type Tree = { [key: string]: string | Tree };
function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [prefix + k] : keys(v, `${prefix}${k}.`)));
}

describe("translations", () => {
  it("en-US and de-DE have the same keys", () => {
    expect(keys(de as Tree).sort()).toEqual(keys(en as Tree).sort());
  });

  it("every error code and role is translated", () => {
    for (const code of Object.keys(ERROR_CODES)) expect(en.errors, code).toHaveProperty(code);
    for (const role of ALL_ROLES) expect(en.general, role).toHaveProperty(`general_enum_role_${role}`);
  });

  it("no message is empty", () => {
    for (const tree of [en, de]) {
      const walk = (t: Tree): string[] => Object.values(t).flatMap((v) => (typeof v === "string" ? [v] : walk(v)));
      for (const text of walk(tree as Tree)) expect(text.trim()).not.toBe("");
    }
  });
});

describe("browser language (spec foundation §1)", () => {
  it("picks the best supported language", () => {
    expect(localeFromAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de-DE");
    expect(localeFromAcceptLanguage("de-AT")).toBe("de-DE");
    expect(localeFromAcceptLanguage("fr-FR,en;q=0.5,de;q=0.4")).toBe("en-US");
    expect(localeFromAcceptLanguage("fr-FR")).toBe("en-US");
    expect(localeFromAcceptLanguage(null)).toBe("en-US");
    expect(localeFromAcceptLanguage("en;q=0.1,de;q=0.9")).toBe("de-DE");
  });
});
