import { isSupersystemName } from "@/lib/auth/permissions";
import { SECRET_PLACEHOLDER } from "@/lib/config/schemas";
import type { ErrorEntry } from "@/lib/errors/app-error";
import type { SystemInput } from "./schemas";

type Checked = Pick<SystemInput, "name" | "type" | "csbUrl" | "csbSystem" | "csbUser" | "csbPassword">;

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

/** The plain columns of a system from the form; secrets are handled by the caller. */
export function plainColumns(input: SystemInput) {
  const isCsb = input.type === "CSB";
  return {
    name: input.name,
    description: input.description,
    type: input.type,
    isActive: input.isActive,
    canReadGlobalResources: input.canReadGlobalResources,
    activationCode: input.activationCode ?? null,
    licenceId: input.licenceId || null,
    derpcsUrl: input.derpcsUrl,
    // a system that is not CSB keeps no CSB connection
    csbUrl: isCsb ? input.csbUrl : null,
    csbUser: isCsb ? input.csbUser : null,
    csbSystem: isCsb ? input.csbSystem : null,
  };
}

/** What the audit trail records of a saved system: secrets only as "set". */
export function auditValue(id: string, input: SystemInput) {
  const { ccsApiKey, csbPassword, ...rest } = input;
  return { ...rest, id, ccsApiKey: ccsApiKey ? "set" : undefined, csbPassword: csbPassword ? "set" : undefined };
}
