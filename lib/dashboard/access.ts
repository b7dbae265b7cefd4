import { hasPermission } from "@/lib/auth/permissions";

/**
 * Which cards and links of a dashboard a caller gets (docs/decisions.md "Dashboards"). The figures of jobs and the
 * queue are for those who read jobs or statistics; each link only for whoever may open the list behind it.
 */
export type DashboardAccess = {
  jobs: boolean;
  queue: boolean;
  /** maintenance mode and the worker processes (a tenant sees their capacity only) */
  service: boolean;
  licences: boolean;
  monitorLinks: boolean;
  statisticsLinks: boolean;
  licenceLinks: boolean;
  configurationLink: boolean;
};

/** The admin dashboard: across systems. Its job-monitor links open a system's monitor as deputy (ManageSystems). */
export function adminDashboardAccess(roles: readonly string[]): DashboardAccess {
  const has = (p: Parameters<typeof hasPermission>[1]) => hasPermission(roles, p);
  const jobs = has("AccessAdminStatistics") || has("ManageSystems");
  return {
    jobs,
    queue: jobs,
    service: true,
    // lib/licences/access.ts canReadLicences
    licences: has("ManageAdminLicence") || has("ManageSystems"),
    monitorLinks: has("ManageSystems") && has("ManageJobs"),
    statisticsLinks: has("AccessAdminStatistics"),
    licenceLinks: has("ManageAdminLicence"),
    configurationLink: has("ManageConfiguration"),
  };
}

/** A system's dashboard: its own jobs, queue and licence only. */
export function systemDashboardAccess(roles: readonly string[]): DashboardAccess {
  const has = (p: Parameters<typeof hasPermission>[1]) => hasPermission(roles, p);
  const jobs = has("ManageJobs") || has("AccessStatistics");
  return {
    jobs,
    queue: jobs,
    service: true,
    // the system's licence page needs ManageSystemConfig
    licences: has("ManageSystemConfig"),
    monitorLinks: has("ManageJobs"),
    statisticsLinks: has("AccessStatistics"),
    licenceLinks: has("ManageSystemConfig"),
    configurationLink: false,
  };
}
