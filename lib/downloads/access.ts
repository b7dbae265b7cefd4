import { worksIn } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isSupersystemName } from "@/lib/auth/permissions";
import { type DownloadType, mayAccessType } from "./rules";

/** spec operations §6: AccessDownloads (a system's) or AccessAdminDownloads (the admin portal's). */
export function usesDownloads(caller: Caller): boolean {
  return hasPermission(caller.roles, "AccessDownloads") || hasPermission(caller.roles, "AccessAdminDownloads");
}

/** A caller of the Supersystem with the admin permission of the type sees that type's downloads of every system. */
export function seesEverySystem(caller: Caller, type: DownloadType): boolean {
  return isSupersystemName(caller.systemName) && mayAccessType(caller.roles, type, "admin");
}

/**
 * Who may see (download, delete) a download: the admin permission of its type in the Supersystem, for every system and
 * the archives over all systems; the system permission of its type in its own system (or as its deputy).
 */
export function mayAccessDownload(
  caller: Caller,
  download: { type: DownloadType },
  system: { id: string; name: string } | null,
): boolean {
  if (seesEverySystem(caller, download.type)) return true;
  return system !== null && worksIn(caller, system) && mayAccessType(caller.roles, download.type, "system");
}
