import { worksIn } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isSupersystemName } from "@/lib/auth/permissions";

type SystemRef = { id: string; name: string };

/** spec operations §6: AccessAdminStatistics in the Supersystem reads the statistics of every system (admin portal). */
export function readsEveryStatistics(caller: Caller): boolean {
  return isSupersystemName(caller.systemName) && hasPermission(caller.roles, "AccessAdminStatistics");
}

/**
 * spec operations §6: a system's statistics take AccessStatistics in that system (or as its deputy), or
 * AccessAdminStatistics in the Supersystem.
 */
export function readsStatisticsOf(caller: Caller, system: SystemRef): boolean {
  return readsEveryStatistics(caller) || (worksIn(caller, system) && hasPermission(caller.roles, "AccessStatistics"));
}
