import { metricsSource } from "@/lib/downloads/metrics-source";
import { runArchiver } from "./archiver";
import type { TaskFunction } from "./types";

/**
 * MetricsArchiver (spec operations §3, §5, §9; DESIGN.md "Downloads"): the per-job figures (job_metrics) packed by
 * month or week of the job's end (./archiver.ts); its rows as lib/downloads/metrics-source.ts reads and cleans them.
 */
export const metricsArchiver: TaskFunction = (run) => runArchiver(metricsSource, run);
