import { describe, expect, it } from "vitest";
import { canUseAdminPortal, canUseSystemPortal, hasPermission, isDeputyFor, PERMISSIONS } from "./permissions";
import { ADMIN_ROLES, effectiveRoles, SYSTEM_ROLES, visibleRoles } from "./roles";

// The tables of spec foundation §6 and operations §6, written out again by hand: the code must equal them.
const SPEC: Record<string, string[]> = {
  AccessAdminDashboard: ["SuperAdmin", "SystemsAdmin", "ReportAdmin", "AuditTrailAdmin", "ResourceAdmin", "LicenceAdmin"],
  ManageAdminUsers: ["SuperAdmin"],
  SystemsLogin: ["SuperAdmin"],
  ManageConfiguration: ["SuperAdmin"],
  AdminManageScheduler: ["SuperAdmin"],
  ManageSystems: ["SuperAdmin", "SystemsAdmin"],
  AccessAdminStatistics: ["SuperAdmin", "ReportAdmin"],
  ManageAdminResources: ["SuperAdmin", "ResourceAdmin"],
  ManageAdminAuditTrail: ["SuperAdmin", "AuditTrailAdmin"],
  ManageAdminLicence: ["SuperAdmin", "LicenceAdmin"],
  AccessAdminDownloads: ["SuperAdmin", "ReportAdmin", "AuditTrailAdmin"],
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
  ManageProjects: ["SuperAdmin", "SystemsAdmin", "Administrator", "ProjectManager"],
  ManageScheduler: ["SuperAdmin", "SystemsAdmin", "Administrator"],
  ManageResources: ["SuperAdmin", "SystemsAdmin", "Administrator", "ResourceManager"],
  AccessStatistics: ["SuperAdmin", "SystemsAdmin", "Administrator", "ReportAdmin", "ReportManager"],
  ManageAuditTrail: ["SuperAdmin", "Administrator", "AuditTrailManager"],
  AccessDownloads: ["SuperAdmin", "SystemsAdmin", "Administrator", "ReportAdmin", "ReportManager", "AuditTrailManager"],
  // DESIGN.md "Job creation": JobCreator or ManageJobs
  CreateJobs: ["SuperAdmin", "SystemsAdmin", "Administrator", "JobManager", "JobCreator"],
  // docs/decisions.md "Learn clusters": the system's administrators release another user's cluster lock
  BreakClusterLocks: ["SuperAdmin", "SystemsAdmin", "Administrator"],
};

describe("permission table", () => {
  it("equals the spec's tables, permission by permission", () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(SPEC).sort());
    for (const [permission, roles] of Object.entries(SPEC)) {
      expect([...PERMISSIONS[permission as keyof typeof PERMISSIONS]].sort(), permission).toEqual([...roles].sort());
    }
  });

  it("answers per role", () => {
    expect(hasPermission(["JobManager"], "ManageJobs")).toBe(true);
    expect(hasPermission(["JobManager"], "ManageUsers")).toBe(false);
    expect(hasPermission(["Everybody"], "AccessSystemDashboard")).toBe(true);
    expect(hasPermission([], "AccessSystemDashboard")).toBe(false);
  });

  it("role lists are the spec's", () => {
    expect([...ADMIN_ROLES]).toEqual([
      "SuperAdmin",
      "SystemsAdmin",
      "ReportAdmin",
      "ResourceAdmin",
      "AuditTrailAdmin",
      "LicenceAdmin",
    ]);
    expect(SYSTEM_ROLES).toContain("Everybody");
    expect(SYSTEM_ROLES).toHaveLength(9);
  });
});

describe("roles", () => {
  it("every user holds Everybody; it is hidden among several", () => {
    expect(effectiveRoles(["JobManager", "bogus"])).toEqual(["JobManager", "Everybody"]);
    expect(visibleRoles(effectiveRoles(["JobManager"]))).toEqual(["JobManager"]);
    expect(visibleRoles(effectiveRoles([]))).toEqual(["Everybody"]);
  });
});

describe("portals", () => {
  it("the admin portal needs an admin role of the Supersystem", () => {
    expect(canUseAdminPortal({ systemName: "Supersystem", roles: ["ReportAdmin"] })).toBe(true);
    expect(canUseAdminPortal({ systemName: "supersystem", roles: ["LicenceAdmin"] })).toBe(true);
    expect(canUseAdminPortal({ systemName: "Supersystem", roles: ["Everybody"] })).toBe(false);
    expect(canUseAdminPortal({ systemName: "Acme", roles: ["Administrator"] })).toBe(false);
  });

  it("a system portal needs the own system or a deputy", () => {
    expect(canUseSystemPortal({ systemName: "Acme", roles: ["Everybody"] }, "acme")).toBe(true);
    expect(canUseSystemPortal({ systemName: "Acme", roles: ["Administrator"] }, "Other")).toBe(false);
    expect(canUseSystemPortal({ systemName: "Supersystem", roles: ["SystemsAdmin"] }, "Acme")).toBe(true);
    expect(canUseSystemPortal({ systemName: "Supersystem", roles: ["ReportAdmin"] }, "Acme")).toBe(false);
    expect(isDeputyFor({ systemName: "Supersystem", roles: ["SuperAdmin"] }, "Supersystem")).toBe(false);
  });
});
