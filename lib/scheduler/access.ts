import { worksIn } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";

export type SchedulerSystem = { id: string; name: string; type: string };

/** The Supersystem's scheduler is the global one (spec §6: admin portal only). */
export function isGlobalScheduler(system: SchedulerSystem): boolean {
  return system.type === "Super";
}

/**
 * spec operations §6: a system's scheduler takes ManageScheduler in that system (or as its deputy); the
 * Supersystem's (global) scheduler and the check interval take AdminManageScheduler in the Supersystem.
 */
export function managesSchedulerOf(caller: Caller, system: SchedulerSystem): boolean {
  if (isGlobalScheduler(system)) return caller.systemId === system.id && hasPermission(caller.roles, "AdminManageScheduler");
  return worksIn(caller, system) && hasPermission(caller.roles, "ManageScheduler");
}
