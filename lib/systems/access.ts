import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";

/** The systems list: system managers, and licence administrators who see which systems use a licence. */
export function canListSystems(caller: Caller): boolean {
  return hasPermission(caller.roles, "ManageSystems") || hasPermission(caller.roles, "ManageAdminLicence");
}

/** One system: its managers, or its own administrators (the system configuration page reads it). */
export function canReadSystem(caller: Caller, systemId: string): boolean {
  return canListSystems(caller) || (caller.systemId === systemId && hasPermission(caller.roles, "ManageSystemConfig"));
}
