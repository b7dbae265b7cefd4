import type { Role } from "./roles";

const STATISTICS_ROLES = ["SuperAdmin", "SystemsAdmin", "Administrator", "ReportAdmin", "ReportManager"] as const;
const AUDIT_TRAIL_ROLES = ["SuperAdmin", "Administrator", "AuditTrailManager"] as const;
const ADMIN_STATISTICS_ROLES = ["SuperAdmin", "ReportAdmin"] as const;
const ADMIN_AUDIT_TRAIL_ROLES = ["SuperAdmin", "AuditTrailAdmin"] as const;

/**
 * Permission -> roles, exactly the tables of spec foundation §6 and operations §6, plus CreateJobs
 * (DESIGN.md "Job creation": JobCreator or ManageJobs) and BreakClusterLocks (docs/decisions.md "Learn clusters": an
 * administrator of the system may release another user's cluster lock). Nothing else in the code names roles.
 */
export const PERMISSIONS = {
  // admin portal (foundation §6)
  AccessAdminDashboard: ["SuperAdmin", "SystemsAdmin", "ReportAdmin", "AuditTrailAdmin", "ResourceAdmin", "LicenceAdmin"],
  ManageAdminUsers: ["SuperAdmin"],
  SystemsLogin: ["SuperAdmin"],
  ManageConfiguration: ["SuperAdmin"],
  AdminManageScheduler: ["SuperAdmin"],
  ManageSystems: ["SuperAdmin", "SystemsAdmin"],
  AccessAdminStatistics: ADMIN_STATISTICS_ROLES,
  ManageAdminResources: ["SuperAdmin", "ResourceAdmin"],
  ManageAdminAuditTrail: ADMIN_AUDIT_TRAIL_ROLES,
  ManageAdminLicence: ["SuperAdmin", "LicenceAdmin"],
  AccessAdminDownloads: [...new Set([...ADMIN_STATISTICS_ROLES, ...ADMIN_AUDIT_TRAIL_ROLES])],
  // system portal (foundation §6, operations §6)
  AccessSystemDashboard: [
    "Everybody",
    "SuperAdmin",
    "SystemsAdmin",
    "Administrator",
    "ReportAdmin",
    "ReportManager",
    "JobCreator",
    "MonitorUser",
    "AuditTrailAdmin",
    "AuditTrailManager",
    "ResourceAdmin",
    "ResourceManager",
    "LicenceAdmin",
  ],
  ManageUsers: ["SuperAdmin", "SystemsAdmin", "Administrator"],
  ManageSystemConfig: ["SuperAdmin", "SystemsAdmin", "Administrator"],
  ManageJobs: ["SuperAdmin", "SystemsAdmin", "Administrator", "JobManager"],
  CreateJobs: ["SuperAdmin", "SystemsAdmin", "Administrator", "JobManager", "JobCreator"],
  ManageProjects: ["SuperAdmin", "SystemsAdmin", "Administrator", "ProjectManager"],
  ManageScheduler: ["SuperAdmin", "SystemsAdmin", "Administrator"],
  ManageResources: ["SuperAdmin", "SystemsAdmin", "Administrator", "ResourceManager"],
  AccessStatistics: STATISTICS_ROLES,
  ManageAuditTrail: AUDIT_TRAIL_ROLES,
  AccessDownloads: [...new Set([...STATISTICS_ROLES, ...AUDIT_TRAIL_ROLES])],
  BreakClusterLocks: ["SuperAdmin", "SystemsAdmin", "Administrator"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function hasPermission(roles: readonly string[], permission: Permission): boolean {
  const allowed: readonly string[] = PERMISSIONS[permission];
  return roles.some((role) => allowed.includes(role));
}

export const SUPERSYSTEM = "Supersystem";

export function isSupersystemName(name: string): boolean {
  return name.toLowerCase() === SUPERSYSTEM.toLowerCase();
}

/** The part of a signed-in caller that access decisions need. */
export type Principal = { systemName: string; roles: readonly string[] };

/** spec foundation §6: the admin portal needs an admin-portal role of the Supersystem. */
export function canUseAdminPortal(p: Principal): boolean {
  return isSupersystemName(p.systemName) && hasPermission(p.roles, "AccessAdminDashboard");
}

/**
 * spec foundation §6: a system portal needs the caller's own system, or a deputy: an administrator
 * of the Supersystem who manages systems (DESIGN.md / docs/decisions.md "Deputy").
 */
export function canUseSystemPortal(p: Principal, systemName: string): boolean {
  if (p.systemName.toLowerCase() === systemName.toLowerCase()) return true;
  return isDeputyFor(p, systemName);
}

export function isDeputyFor(p: Principal, systemName: string): boolean {
  return isSupersystemName(p.systemName) && !isSupersystemName(systemName) && hasPermission(p.roles, "ManageSystems");
}
