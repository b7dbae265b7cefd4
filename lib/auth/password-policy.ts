import type { ErrorEntry } from "@/lib/errors/app-error";

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
