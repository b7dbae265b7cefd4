import os from "node:os";
import { getServiceConfig } from "@/lib/config/service-config";
import { log } from "@/lib/log";
import { terminateOcr } from "@/lib/processing/extract-text";
import { redisConnection } from "@/lib/queue/redis";
import { ensureReady } from "@/lib/setup/bootstrap";
import { startWorkers } from "./bullmq";
import { startScheduling } from "./scheduling";

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
  const { db } = await ensureReady();
  const configured = (await getServiceConfig(db)).maxWorkerCount;
  const concurrency = configured > 0 ? configured : os.availableParallelism();
  await startScheduling();
  const workers = startWorkers(concurrency);
  log.info({ concurrency, queues: workers.map((w) => w.name) }, "worker started");

  const stop = async (signal: string) => {
    log.info({ signal }, "worker stopping");
    await Promise.all(workers.map((w) => w.close()));
    await terminateOcr();
    await redisConnection()?.quit();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((err: unknown) => {
  log.fatal({ err }, "worker failed to start");
  process.exit(1);
});
