import { closeQueues } from "@/lib/queue";
import { jobRunnerIdle, stopJobRunner } from "./jobs/in-process-runner";

/** What this process started that a stop must end: timers (schedules, the sweep), in-process runs, the transport. */
type Holder = { timers: NodeJS.Timeout[]; running: Set<Promise<unknown>>; detach?: () => void };
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

/** Stops the consumers of this process: the in-process runner, timers, runs under way; then closes the queues. */
export async function stopWorkers(): Promise<void> {
  const h = runtime();
  h.detach?.();
  h.detach = undefined;
  stopJobRunner();
  await jobRunnerIdle();
  for (const t of h.timers) clearInterval(t);
  h.timers = [];
  await Promise.all([...h.running]);
  await closeQueues();
}
