import { isDatabaseUnavailable } from "@/lib/errors/database";
import { log } from "@/lib/log";
import { terminateOcr } from "@/lib/processing/extract-text";
import { redisConnection } from "@/lib/queue/redis";
import { syncLogLevel } from "@/lib/settings/live";
import { getServiceConfig } from "@/lib/settings/store";
import { ensureReady } from "@/lib/setup/bootstrap";
import { CONSUMERS } from "./queues";
import { startWorkers } from "./runtime";
import { followSlots } from "./transport/bullmq";
import { slotCount } from "./transport/slots";
import { keepTimer } from "./transport/state";

const SETTINGS_EVERY_MS = 5000;

const DATABASE_WAIT_MS = 1000;

/** The database, waited for while it cannot be reached (a worker started during an outage starts when it is back). */
async function readyDatabase() {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ensureReady();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      if (attempt === 1 || attempt % 30 === 0) log.warn({ err, attempt }, "waiting for the database");
      await new Promise((r) => setTimeout(r, DATABASE_WAIT_MS));
    }
  }
}

/**
 * `npm run worker`: a BullMQ worker process on Redis (REDIS_URL) against PostgreSQL (DATABASE_URL), a worker for every
 * queue (workers/queues.ts). Start any number, on any machine. maxWorkerCount bounds the concurrency (0 = logical CPUs).
 */
async function main() {
  if (!process.env.REDIS_URL) throw new Error("npm run worker needs REDIS_URL (and DATABASE_URL for PostgreSQL)");
  if (!process.env.DATABASE_URL) {
    // PGlite has no cross-process lock (STACK.md): only the server process may open DATA_DIR/pglite
    throw new Error("npm run worker needs DATABASE_URL: the embedded database belongs to the server process");
  }
  const { db } = await readyDatabase();
  await syncLogLevel(db);
  let slots = slotCount((await getServiceConfig(db)).maxWorkerCount);
  let workers: ReturnType<typeof startWorkers> = [];
  // the signals are taken before anything registers: a SIGTERM right after the process's row appeared among the
  // workers connected (the job pipeline's part below) once ended the process by default and left the row behind
  const stop = async (signal: string) => {
    log.info({ signal }, "worker stopping");
    await Promise.all(workers.map((w) => w.close()));
    // the job pipeline's row removed, the scheduler's onStop tasks
    for (const consumer of CONSUMERS) await consumer.workerProcess?.stop?.();
    await terminateOcr();
    await redisConnection()?.quit();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  // each queue's part in a worker process: the scheduler's tick registered and its onStart tasks, the job pipeline's
  // row among the workers connected
  for (const consumer of CONSUMERS) await consumer.workerProcess?.start?.({ slots: () => slots });
  workers = startWorkers(slots);
  log.info({ concurrency: slots, queues: workers.map((w) => w.name) }, "worker started");
  // settings act without a restart: the worker count and the log level are read again every few seconds
  keepTimer(
    setInterval(async () => {
      try {
        await syncLogLevel(db);
        const wanted = slotCount((await getServiceConfig(db)).maxWorkerCount);
        if (!followSlots(workers, CONSUMERS, wanted)) return;
        slots = wanted;
        for (const consumer of CONSUMERS) consumer.workerProcess?.slotsChanged?.();
      } catch (err) {
        log.warn({ err }, "could not read the configuration again");
      }
    }, SETTINGS_EVERY_MS),
  );
}

// A promise that failed with nobody waiting for it (postgres.js's type lookup on a new connection that PostgreSQL cuts
// while it starts, for one) is logged, as the Next server does, instead of ending the process and every job in it.
process.on("unhandledRejection", (err) => log.error({ err }, "a promise failed with nobody waiting for it"));

main().catch((err: unknown) => {
  log.fatal({ err }, "worker failed to start");
  process.exit(1);
});
