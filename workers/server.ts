import { log } from "@/lib/log";
import { redisConnection } from "@/lib/queue/redis";
import { startInProcess } from "./in-process";
import { isolateLearnCompute } from "./learn/compute";
import { stopWorkers } from "./runtime";
import { startScheduling } from "./scheduling";

/**
 * The workers' part of the Next server (instrumentation.ts): without Redis the embedded runner and the scheduler's
 * timer (its onStart tasks at start, its onStop tasks at a graceful stop), the learn engine's long steps in a child
 * process (workers/learn/compute.ts); with Redis only the registration of the scheduler's tick (`npm run worker`
 * processes it).
 */
export async function startInServer(): Promise<void> {
  // the learn runs of the embedded runner compute beside the server, which keeps answering meanwhile
  if (!redisConnection()) isolateLearnCompute(true);
  startInProcess();
  await startScheduling();
  if (!redisConnection()) for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => gracefulStop(signal));
}

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
