import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isSupersystemName } from "@/lib/auth/permissions";

/**
 * What of the audit trail a caller may read (spec operations §6): ManageAdminAuditTrail in the Supersystem every
 * system's rows and the Supersystem's own (`all`); ManageAuditTrail the rows of the caller's own system (`own`);
 * anything else nothing (null).
 */
export type AuditScope = "all" | "own" | null;

export function auditScopeOf(caller: Pick<Caller, "systemName" | "roles">): AuditScope {
  if (isSupersystemName(caller.systemName) && hasPermission(caller.roles, "ManageAdminAuditTrail")) return "all";
  if (hasPermission(caller.roles, "ManageAuditTrail")) return "own";
  return null;
}

/**
 * The rows one search covers: every row (`all`), or those of one system; the Supersystem's rows include those
 * written without a system (changes of the installation itself, e.g. a licence not assigned to a system, or the
 * service's own tasks on such things).
 */
export type AuditFilter = { kind: "all" } | { kind: "system"; systemId: string; withoutSystem: boolean };
