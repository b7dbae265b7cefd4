import { describe, expect, it } from "vitest";
import { FORM_ISSUES, messageToEntry } from "@/lib/errors/issues";
import { EMPTY_SYSTEM_FORM, systemFormSchema } from "./schemas";

function problems(value: unknown, options = { isSuper: false, hasStoredCsbPassword: false }) {
  const parsed = systemFormSchema(options).safeParse(value, FORM_ISSUES);
  const out: Record<string, { code: string; params?: unknown }[]> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path.join(".");
    out[field] = [...(out[field] ?? []), messageToEntry(issue.message)];
  }
  return out;
}

describe("system form (spec foundation §5): every rule at once, each with its reason", () => {
  it("an empty CSB system: the name and the four CSB fields", () => {
    expect(
      Object.fromEntries(
        Object.entries(problems({ ...EMPTY_SYSTEM_FORM, type: "CSB" })).map(([k, v]) => [k, v.map((e) => e.code)]),
      ),
    ).toEqual({
      name: ["MissingSystemName"],
      csbUrl: ["MissingCsbUrl"],
      csbSystem: ["MissingCsbCustomer"],
      csbUser: ["MissingCsbUser"],
      csbPassword: ["MissingCsbPassword"],
    });
  });

  it("a 300-character name is too long (with the limit), a name with a space has a wrong character", () => {
    expect(problems({ ...EMPTY_SYSTEM_FORM, name: "n".repeat(300) })).toEqual({
      name: [{ code: "TooLong", params: { max: 100 } }],
    });
    expect(problems({ ...EMPTY_SYSTEM_FORM, name: "has space" })).toEqual({ name: [{ code: "InvalidSystemName" }] });
    expect(problems({ ...EMPTY_SYSTEM_FORM, name: "SuperSystem" })).toEqual({ name: [{ code: "SystemNameReserved" }] });
    expect(
      problems({ ...EMPTY_SYSTEM_FORM, name: "Supersystem", type: "Super" }, { isSuper: true, hasStoredCsbPassword: false }),
    ).toEqual({});
  });

  it("URLs and long texts", () => {
    expect(problems({ ...EMPTY_SYSTEM_FORM, name: "Acme", derpcsUrl: "not a url", description: "d".repeat(4001) })).toEqual({
      description: [{ code: "TooLong", params: { max: 4000 } }],
      derpcsUrl: [{ code: "InvalidFormat", params: { format: "url" } }],
    });
  });

  it("a stored CSB password may stay as it is", () => {
    const csb = { ...EMPTY_SYSTEM_FORM, name: "Acme", type: "CSB", csbUrl: "https://csb.example", csbSystem: "c", csbUser: "u" };
    expect(problems(csb, { isSuper: false, hasStoredCsbPassword: true })).toEqual({});
    expect(Object.keys(problems(csb))).toEqual(["csbPassword"]);
  });
});
