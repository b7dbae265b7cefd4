import { isSupersystemName } from "@/lib/auth/permissions";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import type { ErrorEntry } from "@/lib/errors/app-error";

/** the fields these rules read (a ZSystemInput, or the system form's values) */
type Checked = {
  name: string;
  type: string;
  csbUrl?: string | null;
  csbSystem?: string | null;
  csbUser?: string | null;
  csbPassword?: string | null;
};

/**
 * spec foundation §5 "System name" and "CSB system": the rules beyond a field's own format (ZSystemName
 * checks that), each failing one by its key and field. `hasStoredCsbPassword` lets an edit keep the stored
 * password (sent as the placeholder or not at all). The system form checks the same rules in the browser.
 */
export function systemRuleFailures(input: Checked, opts: { hasStoredCsbPassword: boolean; isSuper: boolean }): ErrorEntry[] {
  const errors: ErrorEntry[] = [];
  if (!opts.isSuper && isSupersystemName(input.name.trim()))
    errors.push({ code: "SystemNameReserved", params: { field: "name" } });
  if (!opts.isSuper && input.type === "Super") errors.push({ code: "WrongSystemType", params: { field: "type" } });
  if (input.type === "CSB") {
    if (!input.csbUrl) errors.push({ code: "MissingCsbUrl", params: { field: "csbUrl" } });
    if (!input.csbSystem) errors.push({ code: "MissingCsbCustomer", params: { field: "csbSystem" } });
    if (!input.csbUser) errors.push({ code: "MissingCsbUser", params: { field: "csbUser" } });
    // the placeholder stands for a stored password and counts only when there is one
    const given = !!input.csbPassword && input.csbPassword !== SECRET_PLACEHOLDER;
    if (!given && !opts.hasStoredCsbPassword) errors.push({ code: "MissingCsbPassword", params: { field: "csbPassword" } });
  }
  return errors;
}
