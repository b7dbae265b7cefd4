import { z } from "zod";
import {
  ZLongRunningJobs,
  ZProjectStatisticsSummary,
  ZStatisticsRangeQuery,
  ZSystemStatisticsSummary,
} from "@/lib/statistics/schemas";
import { defineContract } from "../contract";

const uuid = (example: string) => z.uuid({ error: "InvalidId" }).meta({ example });
const SYSTEM_ID = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const PROJECT_ID = "8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a";
const ZSystemParam = z.object({ systemId: uuid(SYSTEM_ID) });
// AccessStatistics first (a system's statistics); every system's takes AccessAdminStatistics, checked by the query
const base = { tag: "Statistics", auth: "bearer", permission: "AccessStatistics" } as const;

export const systemsStatisticsContract = defineContract({
  ...base,
  permission: "AccessAdminStatistics",
  method: "GET",
  path: "/api/v3/statistics/summary",
  summary:
    "A row per system (the Supersystem, every tenant system, zeros included) and their total, of the jobs created from start through end (UTC days; default: the current month). Admin portal: AccessAdminStatistics in the Supersystem",
  query: ZStatisticsRangeQuery,
  response: ZSystemStatisticsSummary,
  errors: ["EndBeforeStart"],
});

export const projectsStatisticsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/statistics/summary/{systemId}",
  summary:
    "A row per project of the system (zeros included; one row without project for the jobs of deleted projects) and their total, of the jobs created from start through end (UTC days; default: the current month)",
  params: ZSystemParam,
  query: ZStatisticsRangeQuery,
  response: ZProjectStatisticsSummary,
  errors: ["EndBeforeStart", "SystemNotFound"],
});

export const longRunningJobsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/statistics/longrunningjobs/{systemId}",
  summary:
    "The 10 jobs created from start through end (UTC days) in the system, or in one project, whose last run took longest (spec §3 Long-running job)",
  params: ZSystemParam,
  query: ZStatisticsRangeQuery.extend({ projectId: uuid(PROJECT_ID).optional() }),
  response: ZLongRunningJobs,
  errors: ["EndBeforeStart", "SystemNotFound", "ProjectNotFound"],
});
