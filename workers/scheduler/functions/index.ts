import type { TaskFunctionName } from "@/lib/scheduler/functions";
import { auditTrailArchiver } from "./audit-trail-archiver";
import { breakOldClusterLocks } from "./break-old-cluster-locks";
import { cleanUpJobsV2 } from "./clean-up-jobs-v2";
import { cleanUpLearnJobs } from "./clean-up-learn-jobs";
import { cleanUpProjects } from "./clean-up-projects";
import { cleanUpResources } from "./clean-up-resources";
import { configurationExport } from "./configuration-export";
import { csbLicenceUpdater } from "./csb-licence-updater";
import { deleteProject } from "./delete-project";
import { downloadCleaner } from "./download-cleaner";
import { extractionJobMonitor } from "./extraction-job-monitor";
import { groupPendingDocuments } from "./group-pending-documents";
import { increaseJobPriority } from "./increase-job-priority";
import { learnCompleteCluster } from "./learn-complete-cluster";
import { licenceAlertsNotifier } from "./licence-alerts-notifier";
import { loginMaintenance } from "./login-maintenance";
import { metricsAggregator } from "./metrics-aggregator";
import { metricsArchiver } from "./metrics-archiver";
import { startLearnEngine } from "./start-learn-engine";
import type { TaskFunction } from "./types";

/**
 * The implementations of the task functions of lib/scheduler/functions.ts, one file each in this folder (a test keeps
 * every function of that table registered here).
 */
export const TASK_FUNCTION_IMPLS: Partial<Record<TaskFunctionName, TaskFunction>> = {
  // one line per function, sorted by name
  AuditTrailArchiver: auditTrailArchiver,
  BreakOldClusterLocks: breakOldClusterLocks,
  CleanUpJobsV2: cleanUpJobsV2,
  CleanUpLearnJobs: cleanUpLearnJobs,
  CleanUpProjects: cleanUpProjects,
  CleanUpResources: cleanUpResources,
  ConfigurationExport: configurationExport,
  CsbLicenceUpdater: csbLicenceUpdater,
  DeleteProject: deleteProject,
  DownloadCleaner: downloadCleaner,
  ExtractionJobMonitor: extractionJobMonitor,
  GroupPendingDocuments: groupPendingDocuments,
  IncreaseJobPriority: increaseJobPriority,
  LearnCompleteCluster: learnCompleteCluster,
  LicenceAlertsNotifier: licenceAlertsNotifier,
  LoginMaintenance: loginMaintenance,
  MetricsAggregator: metricsAggregator,
  MetricsArchiver: metricsArchiver,
  StartLearnEngine: startLearnEngine,
};
