import type { Database } from "@/db/client";
import { AppError } from "@/lib/errors/app-error";
import { type FEATURE_FLAG_NAMES, getFeatureFlags } from "./service-config";

export type FeatureName = (typeof FEATURE_FLAG_NAMES)[number];

/** DESIGN.md "Feature flags": a switched-off feature's calls answer 404 FeatureDisabled (its pages say so). */
export async function assertFeatureOn(db: Database, feature: FeatureName): Promise<void> {
  const flags = await getFeatureFlags(db);
  if (!flags[feature]) throw new AppError("FeatureDisabled", { feature });
}
