import { DOWNLOAD_TYPES, type DownloadType } from "@/db/schema/downloads";
import { hasPermission, type Permission } from "@/lib/auth/permissions";

export { DOWNLOAD_TYPES, type DownloadType };

/** spec §3: the type's number in the API. */
export function downloadTypeNumber(type: DownloadType): number {
  return DOWNLOAD_TYPES.indexOf(type);
}

export function downloadTypeOf(value: number): DownloadType {
  return DOWNLOAD_TYPES[value] ?? "Unknown";
}

/** The types the portal lists, each a tab (spec §2 "Downloads"), in this order. */
export const LISTED_TYPES = ["AuditTrail", "Metric", "MetricAggregate"] as const satisfies readonly DownloadType[];
export type ListedType = (typeof LISTED_TYPES)[number];

/**
 * spec operations §2/§6: the audit-trail tab needs ManageAuditTrail (a system's) or ManageAdminAuditTrail (every
 * system's); metric and metric aggregate AccessStatistics or AccessAdminStatistics. Unknown (never written by this
 * service) follows the downloads permission itself.
 */
const TYPE_PERMISSIONS: Record<DownloadType, { system: Permission; admin: Permission }> = {
  AuditTrail: { system: "ManageAuditTrail", admin: "ManageAdminAuditTrail" },
  Metric: { system: "AccessStatistics", admin: "AccessAdminStatistics" },
  MetricAggregate: { system: "AccessStatistics", admin: "AccessAdminStatistics" },
  Unknown: { system: "AccessDownloads", admin: "AccessAdminDownloads" },
};

/** Whether these roles may see downloads of the type: in their own system (`system`), or in every one (`admin`). */
export function mayAccessType(roles: readonly string[], type: DownloadType, scope: "system" | "admin"): boolean {
  return hasPermission(roles, TYPE_PERMISSIONS[type][scope]);
}

/** The tabs a page shows: the listed types the roles may see; none gives the no-access text. */
export function visibleTypes(roles: readonly string[], scope: "system" | "admin"): ListedType[] {
  return LISTED_TYPES.filter((type) => mayAccessType(roles, type, scope));
}

/** The type of the archiver's and the cleaner's configuration (TASK_CONFIG_SCHEMAS: "All" is every type). */
export function configuredTypes(value: "All" | DownloadType): DownloadType[] {
  return value === "All" ? [...DOWNLOAD_TYPES] : [value];
}
