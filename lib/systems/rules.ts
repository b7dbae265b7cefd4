import { isSupersystemName } from "@/lib/auth/permissions";
import { SECRET_PLACEHOLDER } from "@/lib/config/schemas";
import type { ErrorEntry } from "@/lib/errors/app-error";
import { SYSTEM_NAME_MAX, type SystemInput } from "./schemas";

/**
 * spec foundation §5 "System name" and "CSB system": every failing rule by its key. `hasStoredCsbPassword`
 * lets an edit keep the stored password (sent as the placeholder or not at all).
 */
export function systemRuleFailures(input: SystemInput, opts: { hasStoredCsbPassword: boolean; isSuper: boolean }): ErrorEntry[] {
  const errors: ErrorEntry[] = [];
  const name = input.name.trim();
  if (!name) errors.push({ code: "MissingSystemName" });
  else if (name.length > SYSTEM_NAME_MAX || !/^[\p{L}\p{Nd}]+$/u.test(name)) {
    errors.push({ code: "InvalidSystemName", params: { max: SYSTEM_NAME_MAX } });
  } else if (!opts.isSuper && isSupersystemName(name)) errors.push({ code: "SystemNameReserved" });
  if (!opts.isSuper && input.type === "Super") errors.push({ code: "WrongSystemType" });
  if (input.type === "CSB") {
    if (!input.csbUrl) errors.push({ code: "MissingCsbUrl" });
    if (!input.csbSystem) errors.push({ code: "MissingCsbCustomer" });
    if (!input.csbUser) errors.push({ code: "MissingCsbUser" });
    // the placeholder stands for a stored password and counts only when there is one
    const given = !!input.csbPassword && input.csbPassword !== SECRET_PLACEHOLDER;
    if (!given && !opts.hasStoredCsbPassword) errors.push({ code: "MissingCsbPassword" });
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
