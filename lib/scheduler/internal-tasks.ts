import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { schedulers, schedulerTasks, systems } from "@/db/schema";
import type { TaskFunctionName } from "./functions";
import { nextRun } from "./next-run";
import { CHECK_INTERVAL_DEFAULT } from "./schemas";

type InternalTask = {
  name: string;
  function: TaskFunctionName;
  continuouslyMinutes?: number;
  dailyDateTime?: string;
  onStart?: boolean;
};

/**
 * Internal tasks of the Supersystem's (global) scheduler: they serve every system, cannot be deleted nor change
 * function.
 */
export const GLOBAL_INTERNAL_TASKS: InternalTask[] = [
  { name: "Login maintenance", function: "LoginMaintenance", continuouslyMinutes: 5, onStart: true },
  { name: "Clean up jobs", function: "CleanUpJobsV2", continuouslyMinutes: 60 },
  { name: "Clean up resources", function: "CleanUpResources", dailyDateTime: "02:30" },
  { name: "Clean up projects", function: "CleanUpProjects", dailyDateTime: "03:00" },
  { name: "Delete projects", function: "DeleteProject", continuouslyMinutes: 10 },
  // every 5 minutes: it also folds the statistics counters' journal (docs/decisions.md "Statistics")
  { name: "Metrics aggregator", function: "MetricsAggregator", continuouslyMinutes: 5 },
  { name: "Cloud licence updater", function: "CsbLicenceUpdater", dailyDateTime: "04:00", onStart: true },
  { name: "Extraction job monitor", function: "ExtractionJobMonitor", continuouslyMinutes: 1 },
  { name: "Break old cluster locks", function: "BreakOldClusterLocks", continuouslyMinutes: 60 },
  { name: "Group pending documents", function: "GroupPendingDocuments", continuouslyMinutes: 5 },
  { name: "Learn complete clusters", function: "LearnCompleteCluster", continuouslyMinutes: 5 },
];

/**
 * Creates a system's scheduler (with the global check interval) unless it exists; for the Supersystem also the
 * internal tasks it lacks (ensureInternalTasks). Idempotent.
 */
export async function ensureScheduler(tx: Database, systemId: string, isSuper: boolean): Promise<void> {
  const [global] = await tx
    .select({ checkInterval: schedulers.checkInterval })
    .from(schedulers)
    .innerJoin(systems, eq(systems.id, schedulers.systemId))
    .where(eq(systems.type, "Super"));
  await tx
    .insert(schedulers)
    .values({ systemId, checkInterval: global?.checkInterval ?? CHECK_INTERVAL_DEFAULT })
    .onConflictDoNothing();
  if (isSuper) await ensureInternalTasks(tx, systemId);
}

/**
 * Adds the internal tasks the Supersystem's scheduler does not have (by function), so that an older
 * installation gets the tasks of a newer version at start-up. Tasks that exist are left as the admin set them.
 * Their next time is computed as they are created.
 */
export async function ensureInternalTasks(tx: Database, superSystemId: string): Promise<number> {
  const existing = await tx
    .select({ function: schedulerTasks.function })
    .from(schedulerTasks)
    .where(and(eq(schedulerTasks.systemId, superSystemId), eq(schedulerTasks.isInternal, true)));
  const have = new Set(existing.map((t) => t.function));
  const missing = GLOBAL_INTERNAL_TASKS.filter((t) => !have.has(t.function));
  if (!missing.length) return 0;
  const now = new Date();
  const inserted = await tx
    .insert(schedulerTasks)
    .values(
      missing.map((t) => {
        const schedule = {
          continuouslyIsActive: t.continuouslyMinutes !== undefined,
          continuouslyMinutes: t.continuouslyMinutes ?? 0,
          dailyIsActive: t.dailyDateTime !== undefined,
          dailyDateTime: t.dailyDateTime ?? null,
        };
        return {
          systemId: superSystemId,
          name: t.name,
          function: t.function,
          isInternal: true,
          onStart: t.onStart ?? false,
          ...schedule,
          // shown at once, not "calculation pending" until the first tick
          nextDateTime: nextRun(
            { ...schedule, weeklyIsActive: false, weeklyDateTime: null, weekdays: [], lastDateTime: null },
            now,
          ),
        };
      }),
    )
    // two processes starting at once: the unique name keeps one
    .onConflictDoNothing()
    .returning({ id: schedulerTasks.id });
  return inserted.length;
}
