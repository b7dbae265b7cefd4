import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { type FeatureFlags, ZFeatureFlagsPatch } from "@/lib/settings/schemas";
import { getFeatureFlags, SETTING_KEYS } from "@/lib/settings/store";
import { updateSettings } from "./update-settings";

/** PUT v3/featureflags (DESIGN.md "Feature flags", beyond the spec); audited as ServiceConfiguration. */
export async function updateFeatureFlags(db: Database, opts: { caller: Caller; input: unknown }): Promise<FeatureFlags> {
  await updateSettings(db, {
    ...opts,
    schema: ZFeatureFlagsPatch,
    key: SETTING_KEYS.featureFlags,
    current: getFeatureFlags,
    category: "ServiceConfiguration",
  });
  return getFeatureFlags(db);
}
