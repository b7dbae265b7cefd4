import { refusal } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isDeputyFor, isSupersystemName } from "@/lib/auth/permissions";
import { ADMIN_ROLES, DEFAULT_ROLE, SYSTEM_ROLES } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors/app-error";

type SystemRef = { id: string; name: string };

/**
 * Who administers the users of a system (spec foundation §6 "Manage users"): the admin users of the
 * Supersystem need ManageAdminUsers (SuperAdmin); a tenant's users need ManageUsers in that system,
 * or a deputy of the Supersystem.
 */
export function managesUsersOf(caller: Caller, system: SystemRef): boolean {
  if (isSupersystemName(system.name)) {
    return isSupersystemName(caller.systemName) && hasPermission(caller.roles, "ManageAdminUsers");
  }
  return hasPermission(caller.roles, "ManageUsers") && (caller.systemId === system.id || isDeputyFor(caller, system.name));
}

/** The user itself, or whoever administers its system. */
export function canReadUser(caller: Caller, target: { userId: string; system: SystemRef }): boolean {
  return caller.userId === target.userId || managesUsersOf(caller, target.system);
}

/** Admin roles exist only in the Supersystem, system roles only in tenants; Everybody everywhere. */
export function grantableRoles(system: SystemRef): readonly string[] {
  return isSupersystemName(system.name) ? [...ADMIN_ROLES, DEFAULT_ROLE] : SYSTEM_ROLES;
}

/** The refusal of a call only the user itself may make (lib/auth/access.ts): 403 in its system, else 404. */
export function refusalForUser(caller: Caller, target: { user: { systemId: string }; systemName: string }): AppError {
  return refusal(caller, { id: target.user.systemId, name: target.systemName }, new AppError("UserNotFound"));
}
