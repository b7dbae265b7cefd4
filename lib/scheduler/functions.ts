import { z } from "zod";
import { code } from "@/lib/errors/issues";

/**
 * The task functions of spec operations §3 "Task function": what each is, where it may run, its configuration
 * (spec §3 "Task configurations", defaults and ranges of §9, rules of §5). Pure: the form, the services, the API and
 * the scheduler engine (workers/scheduler) read the same table; the engine's implementations live in
 * workers/scheduler/functions/ and a test keeps every function of this table implemented.
 */

export const TASK_FUNCTION_NAMES = [
  "AuditTrailArchiver",
  "BreakOldClusterLocks",
  "CleanUpJobsV2",
  "CleanUpLearnJobs",
  "CleanUpProjects",
  "CleanUpResources",
  "ConfigurationExport",
  "CsbLicenceUpdater",
  "DeleteProject",
  "DownloadCleaner",
  "ExtractionJobMonitor",
  "GroupPendingDocuments",
  "IncreaseJobPriority",
  "LearnCompleteCluster",
  "LicenceAlertsNotifier",
  "LoginMaintenance",
  "MetricsAggregator",
  "MetricsArchiver",
  "StartLearnEngine",
] as const;
export type TaskFunctionName = (typeof TASK_FUNCTION_NAMES)[number];

/** spec §9 "maximum 9999" (archivers) and "range 0 to 9999" (CleanUpLearnJobs) */
export const TASK_DAYS_MAX = 9999;
/** spec §5: a monthly package is cleaned after at least 31 days, a weekly one after at least 7 */
export const CLEAN_AFTER_MIN_DAYS = { Month: 31, Week: 7 } as const;

const archiverConfig = (cleanAfterDays: number) =>
  z
    .object({
      packageBy: z.enum(["Month", "Week"]).default("Month"),
      storeAll: z.boolean().default(true),
      storeBySystem: z.boolean().default(true),
      clean: z.boolean().default(false),
      cleanAfterDays: z.number().int().min(1).max(TASK_DAYS_MAX).default(cleanAfterDays),
    })
    .superRefine((c, ctx) => {
      if (!c.storeAll && !c.storeBySystem)
        ctx.addIssue({ code: "custom", path: ["storeAll"], message: "scheduler_error_noStoreOption" });
      if (c.clean && c.cleanAfterDays < CLEAN_AFTER_MIN_DAYS[c.packageBy])
        ctx.addIssue({
          code: "custom",
          path: ["cleanAfterDays"],
          message: code("scheduler_error_cleanAfterTooLow", { min: CLEAN_AFTER_MIN_DAYS[c.packageBy] }),
        });
    });

/**
 * A .NET TimeSpan as spec §3 CleanUpLearnJobs sends its limits: `days.hh:mm:ss`, or `hh:mm:ss` for less than a day
 * (TimeSpan's own text of such a span); days 0..9999.
 */
export const DURATION_PATTERN = /^(?:(\d{1,4})\.)?([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;
/** A duration as it is stored and shown: always with its days (`0.12:00:00`). */
const duration = (fallback: string) =>
  z
    .string()
    .regex(DURATION_PATTERN, "scheduler_error_invalidDuration")
    .transform((v) => (v.includes(".") ? v : `0.${v}`))
    .default(fallback);

/** Milliseconds of a `[days.]hh:mm:ss` duration. */
export function durationMs(value: string): number {
  const m = DURATION_PATTERN.exec(value);
  if (!m) throw new Error(`not a duration: ${value}`);
  const [d, h, min, s] = m.slice(1).map((part) => Number(part ?? 0));
  return (((d * 24 + h) * 60 + min) * 60 + s) * 1000;
}

/**
 * DownloadCleaner's types by their spec §3 numbers (Unknown 0, Metric 1, AuditTrail 2, MetricAggregate 3): the index
 * is the number; 0 names no type, so the cleaner takes it as every type ("All"), by its number as by its name.
 */
export const CLEANER_DOWNLOAD_TYPES = ["All", "Metric", "AuditTrail", "MetricAggregate"] as const;
const cleanerDownloadType = z
  .union([z.enum(CLEANER_DOWNLOAD_TYPES), z.literal("Unknown"), z.literal([0, 1, 2, 3])])
  .transform((v) => (typeof v === "number" ? CLEANER_DOWNLOAD_TYPES[v] : v === "Unknown" ? "All" : v));

/** The configuration of each function that has a panel (spec §3); the others take `{}`. */
export const TASK_CONFIG_SCHEMAS = {
  MetricsArchiver: archiverConfig(62),
  AuditTrailArchiver: archiverConfig(92),
  DownloadCleaner: z.object({
    /** spec §3 Download search types, by name or number; stored by name */
    downloadType: cleanerDownloadType.default("All"),
    cleanAfterCountOfDays: z.number().int().min(1).max(TASK_DAYS_MAX).default(365),
  }),
  LicenceAlertsNotifier: z.object({
    notifyViaEventLog: z.boolean().default(false),
    notifyViaEmail: z.boolean().default(false),
  }),
  CleanUpLearnJobs: z.object({
    limitDeleted: duration("0.00:00:00"),
    limitError: duration("0.00:00:00"),
    limitOther: duration("2.00:00:00"),
  }),
  IncreaseJobPriority: z.object({ increaseAfterHours: z.number().int().min(1).max(24).default(4) }),
  StartLearnEngine: z.object({ onlyChanged: z.boolean().default(true) }),
} as const;
export type ConfigurableFunction = keyof typeof TASK_CONFIG_SCHEMAS;
export type TaskConfig<F extends ConfigurableFunction> = z.infer<(typeof TASK_CONFIG_SCHEMAS)[F]>;

export function hasConfigPanel(name: TaskFunctionName): name is ConfigurableFunction {
  return name in TASK_CONFIG_SCHEMAS;
}

/** The defaults of a function's configuration (spec §9), `{}` for one without a panel. */
export function defaultTaskConfig(name: TaskFunctionName): Record<string, unknown> {
  return hasConfigPanel(name) ? (TASK_CONFIG_SCHEMAS[name].parse({}) as Record<string, unknown>) : {};
}

export type TaskFunctionInfo = {
  name: TaskFunctionName;
  /** internal: kept by the service (created at first start, cannot be deleted or change function); custom: added by users */
  type: "internal" | "custom";
  /** may run in a system's own scheduler, on that system's data (spec: the system portal offers only these) */
  isSystemSpecificSupported: boolean;
};

const f = (name: TaskFunctionName, type: TaskFunctionInfo["type"], isSystemSpecificSupported: boolean): TaskFunctionInfo => ({
  name,
  type,
  isSystemSpecificSupported,
});

/** Display names and descriptions are messages: `schedulerFunctions.<name>.name|description`. */
export const TASK_FUNCTIONS: Record<TaskFunctionName, TaskFunctionInfo> = {
  LoginMaintenance: f("LoginMaintenance", "internal", false),
  CleanUpJobsV2: f("CleanUpJobsV2", "internal", false),
  CleanUpProjects: f("CleanUpProjects", "internal", false),
  DeleteProject: f("DeleteProject", "internal", false),
  CleanUpResources: f("CleanUpResources", "internal", false),
  CsbLicenceUpdater: f("CsbLicenceUpdater", "internal", false),
  ExtractionJobMonitor: f("ExtractionJobMonitor", "internal", false),
  ConfigurationExport: f("ConfigurationExport", "custom", false),
  LicenceAlertsNotifier: f("LicenceAlertsNotifier", "custom", true),
  IncreaseJobPriority: f("IncreaseJobPriority", "custom", true),
  // issue 12: statistics, audit trail, downloads
  MetricsAggregator: f("MetricsAggregator", "internal", false),
  MetricsArchiver: f("MetricsArchiver", "custom", true),
  AuditTrailArchiver: f("AuditTrailArchiver", "custom", true),
  DownloadCleaner: f("DownloadCleaner", "custom", true),
  // issue 13: learn
  BreakOldClusterLocks: f("BreakOldClusterLocks", "internal", false),
  GroupPendingDocuments: f("GroupPendingDocuments", "internal", false),
  LearnCompleteCluster: f("LearnCompleteCluster", "internal", false),
  CleanUpLearnJobs: f("CleanUpLearnJobs", "custom", true),
  StartLearnEngine: f("StartLearnEngine", "custom", true),
};

/** The functions a task of this scheduler may use: every one in the Supersystem, the system-specific ones elsewhere. */
export function functionsFor(isSuper: boolean): TaskFunctionInfo[] {
  return TASK_FUNCTION_NAMES.map((n) => TASK_FUNCTIONS[n]).filter((fn) => isSuper || fn.isSystemSpecificSupported);
}
