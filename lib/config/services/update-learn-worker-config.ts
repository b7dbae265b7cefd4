import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { type LearnWorkerConfigDto, ZLearnWorkerConfigPatch } from "@/lib/settings/schemas";
import { getLearnWorkerConfig, SETTING_KEYS } from "@/lib/settings/store";
import { updateSettings } from "./update-settings";

/** PUT /learn/api/v1/workerconfig (spec operations §3 Learn worker config). */
export async function updateLearnWorkerConfig(
  db: Database,
  opts: { caller: Caller; input: unknown },
): Promise<LearnWorkerConfigDto> {
  await updateSettings(db, {
    ...opts,
    schema: ZLearnWorkerConfigPatch,
    key: SETTING_KEYS.learnWorkerConfig,
    current: getLearnWorkerConfig,
    category: "LearnWorkerConfig",
  });
  return getLearnWorkerConfig(db);
}
