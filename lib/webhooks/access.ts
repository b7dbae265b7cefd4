import { worksIn } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";

/**
 * Issue 26 §1: a system's webhooks are its administrators' (ManageSystemConfig in the system itself, or as its
 * deputy) and the Supersystem's system administrators' for every system (ManageSystems).
 */
export function managesWebhooksOf(caller: Caller, system: { id: string; name: string }): boolean {
  return (
    hasPermission(caller.roles, "ManageSystems") || (worksIn(caller, system) && hasPermission(caller.roles, "ManageSystemConfig"))
  );
}
