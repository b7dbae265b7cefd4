import { describe, expect, it } from "vitest";
import { adminDashboardAccess, systemDashboardAccess } from "./access";

describe("dashboard access", () => {
  it("admin: job figures for statistics readers and systems managers; links by what each may open", () => {
    expect(adminDashboardAccess(["SuperAdmin"])).toEqual({
      jobs: true,
      queue: true,
      service: true,
      licences: true,
      monitorLinks: true,
      statisticsLinks: true,
      licenceLinks: true,
      configurationLink: true,
    });
    expect(adminDashboardAccess(["ReportAdmin"])).toMatchObject({
      jobs: true,
      monitorLinks: false,
      statisticsLinks: true,
      licences: false,
    });
    expect(adminDashboardAccess(["SystemsAdmin"])).toMatchObject({
      jobs: true,
      monitorLinks: true,
      statisticsLinks: false,
      licences: true,
      licenceLinks: false,
    });
    expect(adminDashboardAccess(["LicenceAdmin"])).toMatchObject({
      jobs: false,
      queue: false,
      licences: true,
      licenceLinks: true,
    });
    expect(adminDashboardAccess(["AuditTrailAdmin"])).toMatchObject({
      jobs: false,
      queue: false,
      licences: false,
      service: true,
    });
  });

  it("system: job figures for job managers and statistics readers; the licence for system administrators", () => {
    expect(systemDashboardAccess(["JobManager"])).toMatchObject({
      jobs: true,
      monitorLinks: true,
      statisticsLinks: false,
      licences: false,
    });
    expect(systemDashboardAccess(["ReportManager"])).toMatchObject({ jobs: true, monitorLinks: false, statisticsLinks: true });
    expect(systemDashboardAccess(["Administrator"])).toMatchObject({
      jobs: true,
      monitorLinks: true,
      statisticsLinks: true,
      licences: true,
    });
    expect(systemDashboardAccess(["JobCreator", "Everybody"])).toMatchObject({
      jobs: false,
      queue: false,
      licences: false,
      service: true,
    });
    expect(systemDashboardAccess(["Administrator"]).configurationLink).toBe(false);
  });
});
