import type { Database } from "@/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { FeatureName } from "@/lib/settings/schemas";
import { getFeatureFlags, getServiceConfig } from "./store";

/** DESIGN.md "Feature flags": a switched-off feature's calls answer 404 FeatureDisabled (its pages say so). */
export async function assertFeatureOn(db: Database, feature: FeatureName): Promise<void> {
  const flags = await getFeatureFlags(db);
  if (!flags[feature]) throw new AppError("FeatureDisabled", { feature });
}

/** spec operations §3 isApiV1Enabled: off, the calls of the v1 API answer 404 FeatureDisabled (contracts with `apiV1`). */
export async function assertApiV1Enabled(db: Database): Promise<void> {
  if (!(await getServiceConfig(db)).isApiV1Enabled) throw new AppError("FeatureDisabled", { feature: "ApiV1" });
}
