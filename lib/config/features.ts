import type { Database } from "@/db/client";
import type { FeatureName } from "@/lib/about/schemas";
import { AppError } from "@/lib/errors/app-error";
import { getFeatureFlags } from "./service-config";

/** DESIGN.md "Feature flags": a switched-off feature's calls answer 404 FeatureDisabled (its pages say so). */
export async function assertFeatureOn(db: Database, feature: FeatureName): Promise<void> {
  const flags = await getFeatureFlags(db);
  if (!flags[feature]) throw new AppError("FeatureDisabled", { feature });
}
