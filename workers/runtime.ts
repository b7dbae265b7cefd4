import { closeQueues } from "@/lib/queue";
import { stopJobRunner } from "./jobs/in-process-runner";
import { stopEmbeddedScheduler } from "./scheduler/embedded";

/** What this process started that a stop must end: timers (schedules, the sweep), in-process runs, the transport. */
type Holder = { timers: NodeJS.Timeout[]; running: Set<Promise<unknown>>; detach?: () => void; learnSweep?: boolean };
const g = globalThis as typeof globalThis & { __docserviceWorkers?: Holder };
export function runtime(): Holder {
  g.__docserviceWorkers ??= { timers: [], running: new Set() };
  return g.__docserviceWorkers;
}

/** Keeps a repeating timer of the workers, unref'd, so that stopWorkers ends it. */
export function keepTimer(timer: NodeJS.Timeout): void {
  timer.unref();
  runtime().timers.push(timer);
}

/**
 * Stops the consumers of this process: the in-process runner, the embedded scheduler, timers, runs under way; then
 * closes the queues. `runOnStop` (a graceful stop of the embedded runner) runs the scheduler's onStop tasks.
 */
export async function stopWorkers(opts: { runOnStop?: boolean } = {}): Promise<void> {
  const h = runtime();
  await stopEmbeddedScheduler(opts);
  h.detach?.();
  h.detach = undefined;
  await stopJobRunner();
  for (const t of h.timers) clearInterval(t);
  h.timers = [];
  h.learnSweep = false;
  await Promise.all([...h.running]);
  await closeQueues();
}
