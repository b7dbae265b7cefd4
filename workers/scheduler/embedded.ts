import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { onLocalTickInterval } from "@/lib/queue/scheduler";
import { checkIntervalSeconds } from "@/lib/scheduler/queries";
import { WORKER_ID } from "../worker-id";
import { type EngineOptions, runEvent, tick } from "./engine";

type State = { timer?: NodeJS.Timeout; stopped: boolean; running?: Promise<unknown> };
const g = globalThis as typeof globalThis & { __docserviceScheduler?: State };

/** The embedded runner's scheduler (no Redis): a timer ticks every checkInterval (read again before each wait). */
export function startEmbeddedScheduler(options: Partial<EngineOptions> = {}): void {
  if (g.__docserviceScheduler && !g.__docserviceScheduler.stopped) return;
  const state: State = { stopped: false };
  g.__docserviceScheduler = state;
  const opts: EngineOptions = { workerId: WORKER_ID, ...options };
  const track = (p: Promise<unknown>) => {
    state.running = p;
    return p;
  };
  // waits `seconds`, ticks, then arms again with the interval read anew
  const wait = (seconds: number) => {
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void track(
        (async () => {
          try {
            await tick(await getDb(), opts);
          } catch (err) {
            log.error({ err }, "scheduler tick failed");
          }
          await arm();
        })(),
      );
    }, seconds * 1000);
    state.timer.unref();
  };
  const arm = async () => {
    if (state.stopped) return;
    let seconds = 60;
    try {
      seconds = await checkIntervalSeconds(await getDb());
    } catch (err) {
      log.error({ err }, "scheduler: check interval not readable");
    }
    if (state.stopped) return;
    wait(seconds);
  };
  // a saved check interval acts at once: the wait under way starts again with it (a tick under way reads it when done)
  onLocalTickInterval((seconds) => {
    if (state.stopped || !state.timer) return;
    clearTimeout(state.timer);
    wait(seconds);
  });
  // the onStart tasks, then the first tick one interval later
  void track(
    (async () => {
      try {
        await runEvent(await getDb(), "onStart", opts);
      } catch (err) {
        log.error({ err }, "scheduler onStart tasks failed");
      }
      await arm();
    })(),
  );
}

/** Stops the timer and waits for a tick under way; with `runOnStop` (a graceful stop) runs the onStop tasks. */
export async function stopEmbeddedScheduler(opts: { runOnStop?: boolean } = {}): Promise<void> {
  const state = g.__docserviceScheduler;
  if (!state || state.stopped) return;
  state.stopped = true;
  onLocalTickInterval(undefined);
  clearTimeout(state.timer);
  await state.running?.catch(() => undefined);
  if (opts.runOnStop) await runStopTasks();
}

/** A worker process has started: its onStart tasks (in the background; the worker takes deliveries meanwhile). */
export function runStartTasks(): void {
  void (async () => {
    try {
      await runEvent(await getDb(), "onStart", { workerId: WORKER_ID });
    } catch (err) {
      log.error({ err }, "scheduler onStart tasks failed");
    }
  })();
}

/** The onStop tasks of this process (graceful stop of a worker process or the embedded runner). */
export async function runStopTasks(): Promise<void> {
  try {
    await runEvent(await getDb(), "onStop", { workerId: WORKER_ID });
  } catch (err) {
    log.error({ err }, "scheduler onStop tasks failed");
  }
}
