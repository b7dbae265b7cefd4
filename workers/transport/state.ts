/** What the transports of this process started that a stop must end: timers (sweeps, settings), in-process runs. */
type Holder = { timers: NodeJS.Timeout[]; running: Set<Promise<unknown>>; detach?: () => void; sweeping?: boolean };
const g = globalThis as typeof globalThis & { __docserviceWorkers?: Holder };
export function transportState(): Holder {
  g.__docserviceWorkers ??= { timers: [], running: new Set() };
  return g.__docserviceWorkers;
}

/** Keeps a repeating timer of the workers, unref'd, so that a stop ends it. */
export function keepTimer(timer: NodeJS.Timeout): void {
  timer.unref();
  transportState().timers.push(timer);
}

/** Ends the timers kept so far. */
export function clearTimers(): void {
  const h = transportState();
  for (const t of h.timers) clearInterval(t);
  h.timers = [];
}
