import type { Permission } from "./permissions";

/**
 * The pages of both portals with the permission each needs (spec foundation §2/§6, operations §2/§6).
 * The sidebar lists from here; the catch-all pages announce an area from here; each page checks its own permission
 * (lib/auth/guard.ts).
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
  // one name per thing (issue 23): the system portal shows the system's one licence and its own configuration
  { key: "systemLicence", segment: "licence", permission: "ManageSystemConfig" },
  { key: "config", segment: "config", permission: "ManageSystemConfig" },
  { key: "scheduler", segment: "scheduler", permission: "ManageScheduler" },
  { key: "resources", segment: "resources", permission: "ManageResources" },
  { key: "statistics", segment: "statistics", permission: "AccessStatistics" },
  { key: "audittrail", segment: "audittrail", permission: "ManageAuditTrail" },
  { key: "downloads", segment: "downloads", permission: "AccessDownloads" },
];
