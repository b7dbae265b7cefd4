import type { Permission } from "./permissions";

/**
 * The pages of both portals with the permission each needs (spec foundation §2/§6, operations §2/§6).
 * The sidebar lists from here, the route guard and the pages check from here.
 */
export type NavEntry = {
  /** message key under "nav" */
  key: string;
  /** path below /admin or /system/{system} */
  segment: string;
  permission: Permission;
};

export const ADMIN_NAV: readonly NavEntry[] = [
  { key: "dashboard", segment: "dashboard", permission: "AccessAdminDashboard" },
  { key: "systems", segment: "systems", permission: "ManageSystems" },
  { key: "users", segment: "users", permission: "ManageAdminUsers" },
  { key: "licence", segment: "licence", permission: "ManageAdminLicence" },
  { key: "configuration", segment: "configuration", permission: "ManageConfiguration" },
  { key: "worker", segment: "worker", permission: "ManageConfiguration" },
  { key: "scheduler", segment: "scheduler", permission: "AdminManageScheduler" },
  { key: "resources", segment: "resources", permission: "ManageAdminResources" },
  { key: "statistics", segment: "statistics", permission: "AccessAdminStatistics" },
  { key: "audittrail", segment: "audittrail", permission: "ManageAdminAuditTrail" },
  { key: "downloads", segment: "downloads", permission: "AccessAdminDownloads" },
];

export const SYSTEM_NAV: readonly NavEntry[] = [
  { key: "dashboard", segment: "dashboard", permission: "AccessSystemDashboard" },
  { key: "jobmonitor", segment: "jobmonitor", permission: "ManageJobs" },
  { key: "projects", segment: "projects", permission: "ManageProjects" },
  { key: "learnProjects", segment: "learnProjects", permission: "ManageProjects" },
  { key: "users", segment: "users", permission: "ManageUsers" },
  { key: "licence", segment: "licence", permission: "ManageSystemConfig" },
  { key: "config", segment: "config", permission: "ManageSystemConfig" },
  { key: "scheduler", segment: "scheduler", permission: "ManageScheduler" },
  { key: "resources", segment: "resources", permission: "ManageResources" },
  { key: "statistics", segment: "statistics", permission: "AccessStatistics" },
  { key: "audittrail", segment: "audittrail", permission: "ManageAuditTrail" },
  { key: "downloads", segment: "downloads", permission: "AccessDownloads" },
];

/**
 * Pages every signed-in user of the portal may open. The downloads page too: spec operations §2 shows it a "no access"
 * text when none of its tabs' permissions is there (its sidebar entry still needs the downloads permission).
 */
const OPEN_SEGMENTS = new Set(["account", "about", "downloads"]);

/**
 * The permission a portal page needs, from its first segment below the portal root; null when any
 * signed-in user of that portal may open it. Unknown segments need the dashboard permission (their
 * page answers not found).
 */
export function pagePermission(portal: "admin" | "system", segment: string | undefined): Permission | null {
  if (segment && OPEN_SEGMENTS.has(segment)) return null;
  const nav = portal === "admin" ? ADMIN_NAV : SYSTEM_NAV;
  const entry = nav.find((e) => e.segment === segment) ?? nav[0];
  return entry ? entry.permission : null;
}
