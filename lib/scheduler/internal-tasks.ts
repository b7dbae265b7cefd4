import type { Database } from "@/db/client";
import { schedulers, schedulerTasks } from "@/db/schema";

type InternalTask = {
  name: string;
  function: string;
  continuouslyMinutes?: number;
  dailyDateTime?: string;
  onStart?: boolean;
};

/** Internal tasks of the Supersystem's (global) scheduler: they serve every system and cannot be deleted. */
export const GLOBAL_INTERNAL_TASKS: InternalTask[] = [
  { name: "Login maintenance", function: "LoginMaintenance", continuouslyMinutes: 5, onStart: true },
  { name: "Clean up jobs", function: "CleanUpJobsV2", dailyDateTime: "02:00" },
  { name: "Clean up resources", function: "CleanUpResources", dailyDateTime: "02:30" },
  { name: "Clean up projects", function: "CleanUpProjects", dailyDateTime: "03:00" },
  { name: "Metrics aggregator", function: "MetricsAggregator", continuouslyMinutes: 60 },
  { name: "Cloud licence updater", function: "CsbLicenceUpdater", dailyDateTime: "04:00" },
  { name: "Extraction job monitor", function: "ExtractionJobMonitor", continuouslyMinutes: 1 },
  { name: "Break old cluster locks", function: "BreakOldClusterLocks", continuouslyMinutes: 60 },
];

/** Creates a system's scheduler (and, for the Supersystem, the internal tasks) unless it exists. */
export async function ensureScheduler(tx: Database, systemId: string, isSuper: boolean): Promise<void> {
  const inserted = await tx.insert(schedulers).values({ systemId }).onConflictDoNothing().returning({ id: schedulers.id });
  if (!inserted.length || !isSuper) return;
  await tx
    .insert(schedulerTasks)
    .values(
      GLOBAL_INTERNAL_TASKS.map((t) => ({
        systemId,
        name: t.name,
        function: t.function,
        isInternal: true,
        onStart: t.onStart ?? false,
        continuouslyIsActive: t.continuouslyMinutes !== undefined,
        continuouslyMinutes: t.continuouslyMinutes ?? 0,
        dailyIsActive: t.dailyDateTime !== undefined,
        dailyDateTime: t.dailyDateTime ?? null,
      })),
    )
    .onConflictDoNothing();
}
