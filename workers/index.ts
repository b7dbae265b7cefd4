import { syncLogLevel } from "@/lib/config/live";
import { getServiceConfig } from "@/lib/config/service-config";
import { isDatabaseUnavailable } from "@/lib/errors/database";
import { log } from "@/lib/log";
import { terminateOcr } from "@/lib/processing/extract-text";
import { QUEUES } from "@/lib/queue/queues";
import { redisConnection } from "@/lib/queue/redis";
import { ensureReady } from "@/lib/setup/bootstrap";
import { FIXED_CONCURRENCY, startWorkers } from "./bullmq";
import { slotCount } from "./jobs/in-process-runner";
import { jobPipeline } from "./jobs/pipeline";
import { registerWorkerProcess } from "./jobs/registry";
import { keepTimer } from "./runtime";
import { runStopTasks } from "./scheduler/embedded";
import { runStartTasks, startScheduling } from "./scheduling";

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
 * `npm run worker`: a BullMQ worker process on Redis (REDIS_URL) against PostgreSQL (DATABASE_URL).
 * Start any number, on any machine. maxWorkerCount bounds the concurrency (0 = logical CPUs).
 */
async function main() {
  if (!process.env.REDIS_URL) throw new Error("npm run worker needs REDIS_URL (and DATABASE_URL for PostgreSQL)");
  if (!process.env.DATABASE_URL) {
    // PGlite has no cross-process lock (STACK.md): only the server process may open DATA_DIR/pglite
    throw new Error("npm run worker needs DATABASE_URL: the embedded database belongs to the server process");
  }
  const { db } = await readyDatabase();
  await syncLogLevel(db);
  const concurrency = slotCount((await getServiceConfig(db)).maxWorkerCount);
  await startScheduling();
  const workers = startWorkers(concurrency);
  // the dashboards' workers connected: this process, its slots (the jobs queue's concurrency) and busy slots
  const registration = registerWorkerProcess({
    kind: "bullmq",
    slots: () => workers.find((w) => w.name === QUEUES.jobs.name)?.concurrency ?? concurrency,
    busy: () => jobPipeline().busy,
  });
  runStartTasks();
  log.info({ concurrency, queues: workers.map((w) => w.name) }, "worker started");
  // settings act without a restart: the worker count and the log level are read again every few seconds
  keepTimer(
    setInterval(async () => {
      try {
        await syncLogLevel(db);
        const wanted = slotCount((await getServiceConfig(db)).maxWorkerCount);
        for (const w of workers) {
          if (w.concurrency === wanted || w.name in FIXED_CONCURRENCY) continue;
          w.concurrency = wanted;
          log.info({ queue: w.name, concurrency: wanted }, "worker count changed by the service configuration");
          void registration.beat();
        }
      } catch (err) {
        log.warn({ err }, "could not read the configuration again");
      }
    }, SETTINGS_EVERY_MS),
  );

  const stop = async (signal: string) => {
    log.info({ signal }, "worker stopping");
    await Promise.all(workers.map((w) => w.close()));
    await registration.stop();
    await runStopTasks();
    await terminateOcr();
    await redisConnection()?.quit();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

// A promise that failed with nobody waiting for it (postgres.js's type lookup on a new connection that PostgreSQL cuts
// while it starts, for one) is logged, as the Next server does, instead of ending the process and every job in it.
process.on("unhandledRejection", (err) => log.error({ err }, "a promise failed with nobody waiting for it"));

main().catch((err: unknown) => {
  log.fatal({ err }, "worker failed to start");
  process.exit(1);
});
