import { describe, expect, it } from "vitest";
import { passwordRuleEntries, passwordRuleFailures } from "./password-policy";

describe("password rules (spec foundation §5)", () => {
  it("accepts a password that meets every rule", () => {
    expect(passwordRuleFailures("Abcde1!")).toEqual([]);
    expect(passwordRuleFailures("Ä1b2c3-ö")).toEqual([]);
  });

  it("names each failing rule by its key", () => {
    expect(passwordRuleFailures("")).toEqual(["PasswordEmpty"]);
    expect(passwordRuleFailures("Ab1!")).toEqual(["TooShort"]);
    expect(passwordRuleFailures("Abcdef!")).toEqual(["NoDigits"]);
    expect(passwordRuleFailures("ABCDE1!")).toEqual(["NoLowerChars"]);
    expect(passwordRuleFailures("abcde1!")).toEqual(["NoUppercaseChars"]);
    expect(passwordRuleFailures("Abcde12")).toEqual(["NoNonAlphanumericChars"]);
    expect(passwordRuleFailures("abc")).toEqual(["TooShort", "NoDigits", "NoUppercaseChars", "NoNonAlphanumericChars"]);
  });

  it("an optional empty password passes; the repeat must be equal", () => {
    expect(passwordRuleFailures("", { optional: true })).toEqual([]);
    expect(passwordRuleFailures("Abcde1!", { repeat: "Abcde1?" })).toEqual(["PasswordsNotEqual"]);
    expect(passwordRuleFailures("Abcde1!", { repeat: "Abcde1!" })).toEqual([]);
  });

  it("TooShort carries the minimum", () => {
    expect(passwordRuleEntries(["TooShort", "NoDigits"])).toEqual([
      { code: "TooShort", params: { min: 6 } },
      { code: "NoDigits" },
    ]);
  });
});
