import type { ErrorEntry } from "@/lib/errors/app-error";
import { codeIssue } from "@/lib/errors/issues";

export const PASSWORD_MIN_LENGTH = 6;

export type PasswordRuleKey =
  | "PasswordEmpty"
  | "PasswordsNotEqual"
  | "NoDigits"
  | "NoLowerChars"
  | "NoUppercaseChars"
  | "NoNonAlphanumericChars"
  | "TooShort";

/**
 * spec foundation §5 "Password": every rule that fails, by its message key. An optional password
 * that is empty passes. `repeat` is checked only when given (the API has no repeat field).
 */
export function passwordRuleFailures(password: string, options: { repeat?: string; optional?: boolean } = {}): PasswordRuleKey[] {
  if (password === "") return options.optional ? [] : ["PasswordEmpty"];
  const failures: PasswordRuleKey[] = [];
  if (options.repeat !== undefined && options.repeat !== password) failures.push("PasswordsNotEqual");
  if (password.length < PASSWORD_MIN_LENGTH) failures.push("TooShort");
  if (!/\p{Nd}/u.test(password)) failures.push("NoDigits");
  if (!/\p{Ll}/u.test(password)) failures.push("NoLowerChars");
  if (!/\p{Lu}/u.test(password)) failures.push("NoUppercaseChars");
  if (!/[^\p{L}\p{Nd}]/u.test(password)) failures.push("NoNonAlphanumericChars");
  return failures;
}

export function passwordRuleEntries(failures: PasswordRuleKey[]): ErrorEntry[] {
  return failures.map((code) => (code === "TooShort" ? { code, params: { min: PASSWORD_MIN_LENGTH } } : { code }));
}

/** The longest password any field takes (obfuscated ones are longer than the typed password). */
export const PASSWORD_MAX = 4096;

/**
 * Form schemas check the rules of a typed password with this (the server checks again after it has
 * decoded an obfuscated one): each failing rule is an issue of `paths.password`, a repeat that differs one
 * of `paths.repeat`.
 */
export function addPasswordIssues(
  ctx: { addIssue: (issue: ReturnType<typeof codeIssue>) => void },
  values: { password: string; repeat?: string },
  paths: { password: string; repeat?: string },
  options: { optional?: boolean } = {},
): void {
  const failures = passwordRuleFailures(values.password, { optional: options.optional });
  for (const { code, params } of passwordRuleEntries(failures)) ctx.addIssue(codeIssue(code, [paths.password], params));
  const mismatch = values.repeat !== undefined && values.repeat !== values.password;
  if (paths.repeat && mismatch && (values.password || values.repeat)) {
    ctx.addIssue(codeIssue("PasswordsNotEqual", [paths.repeat]));
  }
}
