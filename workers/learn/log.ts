import type { Database } from "@/db/client";
import { log, setStdoutLevel, stdoutLevel } from "@/lib/log";
import { PINO_LEVELS } from "@/lib/settings/live";
import { getLearnWorkerConfig } from "@/lib/settings/store";

/** The learn worker's log: its own level, the learn worker configuration's (GET|PUT /learn/api/v1/workerconfig). */
export const learnLog = log.child({ queue: "learn" });

/**
 * Applies the learn worker configuration's logLevel before each run (settings act without a restart). An explicit
 * LOG_LEVEL in the environment wins, as for the job workers; so does a silent test run.
 */
export async function syncLearnLogLevel(db: Database): Promise<void> {
  if (process.env.LOG_LEVEL || stdoutLevel() === "silent") return;
  const level = PINO_LEVELS[(await getLearnWorkerConfig(db)).logLevel] ?? "info";
  setStdoutLevel(learnLog, level);
}
