import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { redisConnection } from "@/lib/queue/redis";
import { syncLogLevel } from "@/lib/settings/live";
import { CONSUMERS } from "./queues";
import { startInProcess, stopWorkers } from "./runtime";
import { keepTimer } from "./transport/state";

/**
 * The workers' part of the Next server (instrumentation.ts): its log following the settings; each queue's part in the
 * server (without Redis the scheduler's timer, its onStart tasks at start and its onStop tasks at a graceful stop, and
 * the learn engine's long steps in a child process; with Redis only the registration of the scheduler's tick, which
 * `npm run worker` processes); then, without Redis, the embedded runner: the in-process transport of every queue.
 */
export async function startInServer(): Promise<void> {
  followLogSettings();
  const embedded = !redisConnection();
  for (const consumer of CONSUMERS) await consumer.server?.start?.({ embedded });
  if (!embedded) return;
  startInProcess();
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => gracefulStop(signal));
}

/**
 * The server's own log follows the saved settings (its level on stdout, the log file) from the start and then every
 * few seconds, as every worker's does; with Redis no runner round does it here.
 */
function followLogSettings(): void {
  const sync = () =>
    void (async () => {
      try {
        await syncLogLevel(await getDb());
      } catch (err) {
        log.error({ err }, "log settings could not be read");
      }
    })();
  sync();
  keepTimer(setInterval(sync, LOG_SETTINGS_EVERY_MS));
}

const LOG_SETTINGS_EVERY_MS = 5_000;

/** How long a graceful stop waits for the runs under way and the onStop tasks before the process exits anyway. */
export const STOP_DEADLINE_MS = 20_000;

/**
 * A graceful stop of the embedded runner: stop taking work, finish what runs, run the onStop tasks, then let the
 * process exit. `next start` (Next 16, server/lib/start-server.js) handles SIGTERM/SIGINT itself: it closes the HTTP
 * server (requests under way finish), closes the Next server and then calls process.exit(143/130); it offers no hook
 * to wait for. So its exit is held until our stop is done (at most STOP_DEADLINE_MS): the requests still finish first
 * and the onStop tasks run before the process ends. With NEXT_MANUAL_SIG_HANDLE set Next leaves the signals to the
 * application: then this stop ends the process itself.
 */
function gracefulStop(signal: NodeJS.Signals): void {
  const done = Promise.race([
    stopWorkers({ runOnStop: true }).catch((err: unknown) => log.error({ err }, "graceful stop of the workers failed")),
    new Promise<void>((resolve) => setTimeout(resolve, STOP_DEADLINE_MS).unref()),
  ]);
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    void done.then(() => exit(code ?? undefined));
    return undefined as never;
  }) as typeof process.exit;
  if (process.env.NEXT_MANUAL_SIG_HANDLE) void done.then(() => exit(signal === "SIGINT" ? 130 : 143));
}
