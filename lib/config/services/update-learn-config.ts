import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { type LearnConfigDto, ZLearnConfigPatch } from "@/lib/settings/schemas";
import { getLearnConfig, SETTING_KEYS } from "@/lib/settings/store";
import { updateSettings } from "./update-settings";

/** PUT /learn/api/v1/config (spec operations §3 Learn config); audited as ServiceConfiguration. */
export async function updateLearnConfig(db: Database, opts: { caller: Caller; input: unknown }): Promise<LearnConfigDto> {
  await updateSettings(db, {
    ...opts,
    schema: ZLearnConfigPatch,
    key: SETTING_KEYS.learnConfig,
    current: getLearnConfig,
    category: "ServiceConfiguration",
  });
  return getLearnConfig(db);
}
