import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { syncLogLevel } from "@/lib/settings/live";
import { type WorkerConfigDto, ZWorkerConfigPatch } from "@/lib/settings/schemas";
import { getWorkerConfig, SETTING_KEYS } from "@/lib/settings/store";
import { forgetWorkerSettings } from "@/lib/settings/worker-settings";
import { updateSettings } from "./update-settings";

/** PUT v3/config/worker/ (spec operations §3 Worker config); the log level applies at once in this process. */
export async function updateWorkerConfig(db: Database, opts: { caller: Caller; input: unknown }): Promise<WorkerConfigDto> {
  await updateSettings(db, {
    ...opts,
    schema: ZWorkerConfigPatch,
    key: SETTING_KEYS.workerConfig,
    current: getWorkerConfig,
    category: "WorkerConfiguration",
  });
  forgetWorkerSettings();
  await syncLogLevel(db);
  return getWorkerConfig(db);
}
