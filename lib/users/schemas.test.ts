import { describe, expect, it } from "vitest";
import { FORM_ISSUES, messageToEntry } from "@/lib/errors/issues";
import { accountPasswordFormSchema, userFormSchema, ZEmailChange, ZNewUser } from "./schemas";

const EMPTY = {
  type: "Local",
  name: "",
  fullName: "",
  emailAddress: "",
  password: "",
  repeat: "",
  roles: [],
  language: "en-US",
  requiresPasswordChange: true,
  isActive: true,
  unlock: false,
} as const;

/** field -> codes, as the form shows them */
function problems(
  schema: {
    safeParse: (
      v: unknown,
      o: typeof FORM_ISSUES,
    ) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
) {
  const parsed = schema.safeParse(value, FORM_ISSUES);
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path.join(".");
    out[field] = [...(out[field] ?? []), messageToEntry(issue.message).code];
  }
  return out;
}

describe("user form (spec foundation §2, §5): every field's problem at once, each with its true reason", () => {
  it("an empty new user: the name and the password, together", () => {
    expect(problems(userFormSchema({ edit: false, passwordOptional: false }), EMPTY)).toEqual({
      name: ["MissingUserName"],
      password: ["PasswordEmpty"],
    });
  });

  it("a 300-letter name is too long, not 'letters and digits only'; a long full name too", () => {
    const value = { ...EMPTY, name: "a".repeat(300), fullName: "b".repeat(300), password: "Aa1!aa", repeat: "Aa1!aa" };
    expect(problems(userFormSchema({ edit: false, passwordOptional: false }), value)).toEqual({
      name: ["TooLong"],
      fullName: ["TooLong"],
    });
  });

  it("every broken password rule, and the repeat under its own field", () => {
    const value = { ...EMPTY, name: "ann", password: "abc", repeat: "abd", emailAddress: "no-at-sign" };
    expect(problems(userFormSchema({ edit: false, passwordOptional: false }), value)).toEqual({
      emailAddress: ["InvalidEmail"],
      password: ["TooShort", "NoDigits", "NoUppercaseChars", "NoNonAlphanumericChars"],
      repeat: ["PasswordsNotEqual"],
    });
  });

  it("on edit, and for CSB users, the password may stay empty", () => {
    expect(problems(userFormSchema({ edit: true, passwordOptional: false }), { ...EMPTY, name: "ann" })).toEqual({});
    expect(problems(userFormSchema({ edit: false, passwordOptional: false }), { ...EMPTY, name: "ann", type: "CSB" })).toEqual(
      {},
    );
    expect(problems(userFormSchema({ edit: false, passwordOptional: true }), { ...EMPTY, name: "ann" })).toEqual({});
  });

  it("the server's schema names the same codes", () => {
    expect(problems(ZNewUser, { systemName: "Acme", name: "x y".repeat(60), fullName: "f".repeat(201) })).toEqual({
      name: ["TooLong", "InvalidUserName"],
      fullName: ["TooLong"],
    });
  });
});

describe("account forms", () => {
  it("password change: the old one is required; new and repeat by the rules, unless a link is mailed", () => {
    const empty = { oldPassword: "", newPassword: "", repeat: "" };
    expect(problems(accountPasswordFormSchema({ byMail: false }), empty)).toEqual({
      oldPassword: ["missingOldPassword"],
      newPassword: ["PasswordEmpty"],
    });
    expect(problems(accountPasswordFormSchema({ byMail: true }), empty)).toEqual({ oldPassword: ["missingOldPassword"] });
  });

  it("e-mail change: both required, the address valid", () => {
    expect(problems(ZEmailChange, { password: "", newEmail: "" })).toEqual({
      password: ["MissingPassword"],
      newEmail: ["MissingEmail"],
    });
    expect(problems(ZEmailChange, { password: "x", newEmail: "nope" })).toEqual({ newEmail: ["InvalidEmail"] });
    expect(problems(ZEmailChange, { password: "x", newEmail: `${"a".repeat(250)}@example.com` })).toEqual({
      newEmail: ["TooLong"],
    });
  });
});
