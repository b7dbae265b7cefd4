import path from "node:path";
import type { LevelWithSilent } from "pino";
import type { Database } from "@/db/client";
import { dataDir } from "@/lib/env";
import { log, setLogFile, setStdoutLevel, stdoutLevel } from "@/lib/log";
import type { WorkerLogLevel } from "./schemas";
import { getServiceConfig, getWorkerConfig, SETTING_KEYS, settingSavedAt } from "./store";

/** The worker log levels (spec operations §3) as pino's. */
export const PINO_LEVELS: Record<WorkerLogLevel, LevelWithSilent> = {
  Off: "silent",
  Fatal: "fatal",
  Error: "error",
  Warn: "warn",
  Info: "info",
  Debug: "debug",
  Trace: "trace",
};

let levelAppliedAt: number | undefined;
let fileAppliedAt: number | undefined;

/**
 * Settings act without a restart (DESIGN.md "Configuration"), the log's among them: the worker configuration's
 * logLevel, once saved, becomes this process's level on stdout, and the service configuration's file logging its log
 * file. Called after a save and on every round of the workers (in-process runner, `npm run worker`), so other
 * processes follow within seconds. LOG_LEVEL in the environment pins the stdout level; until the worker configuration
 * is first saved, the environment's default stays.
 */
export async function syncLogLevel(db: Database): Promise<void> {
  await syncLogFile(db);
  if (process.env.LOG_LEVEL) return;
  const savedAt = (await settingSavedAt(db, SETTING_KEYS.workerConfig))?.getTime();
  if (savedAt === undefined || savedAt === levelAppliedAt) return;
  const level = PINO_LEVELS[(await getWorkerConfig(db)).logLevel] ?? "info";
  levelAppliedAt = savedAt;
  if (stdoutLevel() !== level) {
    setStdoutLevel(log, level);
    if (level !== "silent") log.info({ level }, "log level changed by the worker configuration");
  }
}

/**
 * The service configuration's file logging (spec operations §3 fileLoggingEnabled, fileLoggingFile, fileLoggingLevel):
 * while enabled, every line of this process at or above the level also goes to the file, a path below DATA_DIR
 * (docs/decisions.md "Service settings"), rotated by size.
 */
export async function syncLogFile(db: Database): Promise<void> {
  const savedAt = (await settingSavedAt(db, SETTING_KEYS.serviceConfig))?.getTime() ?? 0;
  if (savedAt === fileAppliedAt) return;
  fileAppliedAt = savedAt;
  const config = await getServiceConfig(db);
  const on = config.fileLoggingEnabled && config.fileLoggingFile.trim() !== "";
  setLogFile(
    on
      ? { path: path.join(dataDir(), config.fileLoggingFile.trim()), level: PINO_LEVELS[config.fileLoggingLevel] ?? "info" }
      : null,
  );
}
