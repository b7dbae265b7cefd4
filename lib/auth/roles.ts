/** spec foundation §6: the two role lists. */
export const ADMIN_ROLES = [
  "SuperAdmin",
  "SystemsAdmin",
  "ReportAdmin",
  "ResourceAdmin",
  "AuditTrailAdmin",
  "LicenceAdmin",
] as const;
export const SYSTEM_ROLES = [
  "Administrator",
  "JobCreator",
  "JobManager",
  "ProjectManager",
  "ReportManager",
  "ResourceManager",
  "AuditTrailManager",
  "MonitorUser",
  "Everybody",
] as const;

export type AdminRole = (typeof ADMIN_ROLES)[number];
export type SystemRole = (typeof SYSTEM_ROLES)[number];
export type Role = AdminRole | SystemRole;

export const ALL_ROLES: readonly Role[] = [...ADMIN_ROLES, ...SYSTEM_ROLES];

/** The default role every user holds ("Everybody (no role)"). */
export const DEFAULT_ROLE = "Everybody" satisfies SystemRole;

export function isRole(value: string): value is Role {
  return (ALL_ROLES as readonly string[]).includes(value);
}

/** Stored roles plus the implicit Everybody; unknown strings are dropped. */
export function effectiveRoles(stored: readonly string[]): Role[] {
  const roles = stored.filter(isRole);
  return roles.includes(DEFAULT_ROLE) ? roles : [...roles, DEFAULT_ROLE];
}

/** spec foundation §2 "Dashboard": Everybody is hidden when there are several roles. */
export function visibleRoles(roles: readonly Role[]): Role[] {
  return roles.length > 1 ? roles.filter((r) => r !== DEFAULT_ROLE) : [...roles];
}
