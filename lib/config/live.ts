import type { Database } from "@/db/client";
import { log } from "@/lib/log";
import type { WorkerLogLevel } from "./schemas";
import { getWorkerConfig, SETTING_KEYS, settingSavedAt } from "./service-config";

/** The worker log levels (spec operations §3) as pino's. */
export const PINO_LEVELS: Record<WorkerLogLevel, string> = {
  Off: "silent",
  Fatal: "fatal",
  Error: "error",
  Warn: "warn",
  Info: "info",
  Debug: "debug",
  Trace: "trace",
};

let appliedAt: number | undefined;

/**
 * Settings act without a restart (DESIGN.md "Configuration"): the worker configuration's logLevel, once saved,
 * becomes this process's log level. Called after a save and on every round of the workers (in-process runner,
 * `npm run worker`), so other processes follow within seconds. LOG_LEVEL in the environment pins the level;
 * until the worker configuration is first saved, the environment's default stays.
 */
export async function syncLogLevel(db: Database): Promise<void> {
  if (process.env.LOG_LEVEL) return;
  const savedAt = (await settingSavedAt(db, SETTING_KEYS.workerConfig))?.getTime();
  if (savedAt === undefined || savedAt === appliedAt) return;
  const level = PINO_LEVELS[(await getWorkerConfig(db)).logLevel] ?? "info";
  appliedAt = savedAt;
  if (log.level !== level) {
    log.level = level;
    if (level !== "silent") log.info({ level }, "log level changed by the worker configuration");
  }
}
