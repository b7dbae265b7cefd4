import { JobMonitorSkeleton } from "@/components/jobs/job-monitor-skeleton";

/** Shown at once while the job search runs (a large system's search may take a moment). */
export default JobMonitorSkeleton;
