import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { syncLogLevel } from "@/lib/settings/live";
import { getServiceConfig } from "@/lib/settings/store";
import { slotCount } from "../transport/slots";
import { jobPipeline } from "./pipeline";
import { type Registration, registerWorkerProcess } from "./registry";

const POLL_MS = 2000;

type State = {
  running: number;
  limit: number;
  timer?: NodeJS.Timeout;
  filling: boolean;
  stopped: boolean;
  /** this runner's row in worker_processes (the dashboards' workers connected) */
  registration?: Registration;
};
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
    await syncLogLevel(db);
    // settings act without a restart: the slot count follows maxWorkerCount at every round (slots above it end
    // after their job), maintenance mode stops claiming; jobs being processed finish (DESIGN.md "Job states")
    const limit = slotCount(config.maxWorkerCount);
    if (limit !== state.limit) {
      state.limit = limit;
      void state.registration?.beat();
    }
    if (config.isMaintenanceModeEnabled) return;
    while (!state.stopped && state.running < state.limit) {
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

/** The runner's slots now: in work and allowed (tests). */
export function jobRunnerSlots(): { running: number; limit: number } {
  const state = g.__docserviceJobRunner;
  return { running: state?.running ?? 0, limit: state?.limit ?? 0 };
}

/** One slot: works until there is nothing to claim, or until the slot count fell below it. */
async function slot(state: State): Promise<void> {
  try {
    const db = await getDb();
    while (!state.stopped && state.running <= state.limit && (await jobPipeline().runNext(db))) {
      // each round works on the queued jobs or claims the next
    }
  } catch (err) {
    log.error({ err }, "in-process job runner failed");
  }
}

export function startJobRunner(): void {
  if (g.__docserviceJobRunner && !g.__docserviceJobRunner.stopped) return;
  const state: State = { running: 0, limit: 0, filling: false, stopped: false };
  g.__docserviceJobRunner = state;
  state.registration = registerWorkerProcess({ kind: "in-process", slots: () => state.limit, busy: () => jobPipeline().busy });
  state.timer = setInterval(() => void fill(state), POLL_MS);
  state.timer.unref();
  void fill(state);
}

/** Stops claiming at once; resolves when the jobs in work have ended and the runner's registration is removed. */
export async function stopJobRunner(): Promise<void> {
  const state = g.__docserviceJobRunner;
  if (!state) return;
  state.stopped = true;
  clearInterval(state.timer);
  await jobRunnerIdle();
  await state.registration?.stop();
  state.registration = undefined;
}

/** Waits until no job is in work in this process (tests, shutdown). */
export async function jobRunnerIdle(timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (((g.__docserviceJobRunner?.running ?? 0) > 0 || jobPipeline().size > 0) && Date.now() < end)
    await new Promise((r) => setTimeout(r, 25));
}
