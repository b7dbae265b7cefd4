import { Counter, Gauge, type Registry } from "prom-client";
import type { Database } from "@/db/client";
import { DURATION_BUCKETS_S } from "@/db/schema";
import { countersBySystem } from "@/lib/dashboard/jobs";
import { allLicenceFigures } from "@/lib/dashboard/licences";
import { queueBySystem, totalQueue } from "@/lib/dashboard/queue";
import { connectedWorkers } from "@/lib/dashboard/worker-registry";
import { getServiceConfig } from "@/lib/settings/store";
import { StoredHistogram } from "./stored-histogram";

/** What one scrape reads from the database: the dashboards' figures across systems. */
async function readFigures(db: Database, now: Date) {
  const [queues, counters, workers, config, licences] = await Promise.all([
    queueBySystem(db),
    countersBySystem(db),
    connectedWorkers(db),
    getServiceConfig(db),
    allLicenceFigures(db, { now }),
  ]);
  return { queues, counters, workers, maintenance: config.isMaintenanceModeEnabled, licences };
}
type Figures = Awaited<ReturnType<typeof readFigures>>;

/**
 * The gauges of the service's figures, read from the database at each scrape (they are the same for every process of
 * the installation, whichever one is scraped): registered once in the process's registry.
 */
export function serviceGauges(registry: Registry) {
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const g = {
    jobs: gauge("docservice_jobs", "Jobs in a state now, by system (the queue's states)", ["system", "state"]),
    waiting: gauge("docservice_queue_waiting_jobs", "Jobs waiting to be claimed"),
    processing: gauge("docservice_queue_processing_jobs", "Jobs claimed or in processing (Assigned + Processing)"),
    oldest: gauge("docservice_queue_oldest_waiting_seconds", "Age of the oldest waiting job since its creation (0: none waits)"),
    workers: gauge("docservice_workers_connected", "Job pipeline processes with a heartbeat in the last 15 seconds"),
    slots: gauge("docservice_worker_slots", "Slots of the connected job pipeline processes (jobs at once)"),
    busy: gauge("docservice_worker_slots_busy", "Slots of the connected processes working on a job now"),
    maintenance: gauge("docservice_maintenance_mode", "1 while maintenance mode holds the queue (no job is claimed)"),
    licenceDays: gauge("docservice_licence_days_left", "Whole days to a licence's expiration (negative: expired)", [
      "licence",
      "name",
    ]),
    featureLeft: gauge(
      "docservice_licence_feature_left",
      "What a limited licence feature has left in its period (Pages: pages)",
      ["licence", "feature"],
    ),
  };
  // from the statistics counters (docs/decisions.md "Dashboards"): a counter only for what never decreases (a job once
  // created stays counted); successful and failed follow each job's state (a restart takes a job out), so gauges
  const created = new Counter({
    name: "docservice_jobs_created_total",
    help: "Jobs created, by system (the statistics counters over all days kept)",
    labelNames: ["system"] as const,
    registers: [registry],
  });
  const finished = gauge("docservice_jobs_finished", "Jobs created on the days kept that ended successful or failed, by system", [
    "system",
    "outcome",
  ]);
  const duration = new StoredHistogram(
    "docservice_job_duration_seconds",
    "Duration of the jobs' last runs by system, from the statistics counters (every worker process's jobs)",
    registry,
  );
  return {
    read: readFigures,
    apply(f: Figures, now: Date) {
      for (const metric of [...Object.values(g), created, finished, duration]) metric.reset();
      for (const c of f.counters) {
        created.inc({ system: c.systemName }, c.created);
        finished.set({ system: c.systemName, outcome: "successful" }, c.successful);
        finished.set({ system: c.systemName, outcome: "failed" }, c.failed);
      }
      duration.set(
        f.counters.map((c) => ({
          labels: { system: c.systemName },
          bounds: DURATION_BUCKETS_S,
          buckets: c.durationBuckets,
          count: c.durationCount,
          sum: c.durationSumSeconds,
        })),
      );
      for (const q of f.queues) {
        g.jobs.set({ system: q.systemName, state: "Waiting" }, q.waiting);
        g.jobs.set({ system: q.systemName, state: "Assigned" }, q.assigned);
        g.jobs.set({ system: q.systemName, state: "Processing" }, q.processing - q.assigned);
      }
      const total = totalQueue(f.queues);
      g.waiting.set(total.waiting);
      g.processing.set(total.processing);
      g.oldest.set(total.oldestWaiting ? Math.max(0, (now.getTime() - total.oldestWaiting.getTime()) / 1000) : 0);
      g.workers.set(f.workers.connected);
      g.slots.set(f.workers.slots);
      g.busy.set(f.workers.busy);
      g.maintenance.set(f.maintenance ? 1 : 0);
      for (const l of f.licences) {
        if (l.daysLeft !== null) g.licenceDays.set({ licence: l.id, name: l.name }, l.daysLeft);
        for (const feature of l.features) g.featureLeft.set({ licence: l.id, feature: feature.id }, feature.left);
      }
    },
  };
}
