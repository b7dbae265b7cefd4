import { worksIn } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isSupersystemName } from "@/lib/auth/permissions";

export type ResourceSystemRef = { id: string; name: string };

/**
 * spec operations §6: the Supersystem's (Global) resources need ManageAdminResources in the Supersystem (admin
 * portal); a system's own resources ManageResources in that system or as its deputy.
 */
export function managesResourcesOf(caller: Caller, system: ResourceSystemRef): boolean {
  if (isSupersystemName(system.name)) {
    return caller.systemId === system.id && hasPermission(caller.roles, "ManageAdminResources");
  }
  return hasPermission(caller.roles, "ManageResources") && worksIn(caller, system);
}
