import os from "node:os";
import { getServiceConfig } from "@/lib/config/service-config";
import { log } from "@/lib/log";
import { getDb } from "@/lib/setup/bootstrap";
import { jobPipeline } from "./pipeline";

const POLL_MS = 2000;

type State = { running: number; timer?: NodeJS.Timeout; filling: boolean; stopped: boolean };
const g = globalThis as typeof globalThis & { __docserviceJobRunner?: State };

/**
 * The embedded default's runner (DESIGN.md "Running parts"): it claims jobs from the database exactly
 * as a BullMQ worker does (workers/jobs/claim.ts, through the same pipeline, workers/jobs/pipeline.ts) in at most
 * maxWorkerCount slots (0 = number of CPUs). It polls, and wakes at once when a job is queued.
 */
export function wakeJobRunner(): void {
  const state = g.__docserviceJobRunner;
  if (!state || state.stopped) return;
  void fill(state);
}

async function fill(state: State): Promise<void> {
  if (state.filling) return;
  state.filling = true;
  try {
    const db = await getDb();
    const config = await getServiceConfig(db);
    // maintenance mode stops claiming; jobs being processed finish (DESIGN.md "Job states")
    if (config.isMaintenanceModeEnabled) return;
    const limit = config.maxWorkerCount > 0 ? config.maxWorkerCount : os.availableParallelism();
    while (!state.stopped && state.running < limit) {
      state.running++;
      void slot(state).finally(() => {
        state.running--;
      });
    }
  } catch (err) {
    log.error({ err }, "in-process job runner could not start");
  } finally {
    state.filling = false;
  }
}

/** One slot: works until there is nothing to claim. */
async function slot(state: State): Promise<void> {
  try {
    const db = await getDb();
    while (!state.stopped && (await jobPipeline().runNext(db))) {
      // each round works on the queued jobs or claims the next
    }
  } catch (err) {
    log.error({ err }, "in-process job runner failed");
  }
}

export function startJobRunner(): void {
  if (g.__docserviceJobRunner && !g.__docserviceJobRunner.stopped) return;
  const state: State = { running: 0, filling: false, stopped: false };
  g.__docserviceJobRunner = state;
  state.timer = setInterval(() => void fill(state), POLL_MS);
  state.timer.unref();
  void fill(state);
}

export function stopJobRunner(): void {
  const state = g.__docserviceJobRunner;
  if (!state) return;
  state.stopped = true;
  clearInterval(state.timer);
}

/** Waits until no job is in work in this process (tests, shutdown). */
export async function jobRunnerIdle(timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (((g.__docserviceJobRunner?.running ?? 0) > 0 || jobPipeline().size > 0) && Date.now() < end)
    await new Promise((r) => setTimeout(r, 25));
}
