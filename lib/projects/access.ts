import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isDeputyFor } from "@/lib/auth/permissions";

export type SystemRef = { id: string; name: string };

/** spec operations §6 ManageProjects, in the caller's own system or as deputy. */
export function managesProjectsOf(caller: Caller, system: SystemRef): boolean {
  return hasPermission(caller.roles, "ManageProjects") && (caller.systemId === system.id || isDeputyFor(caller, system.name));
}
