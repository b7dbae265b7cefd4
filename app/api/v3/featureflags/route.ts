import { featureFlagsContract, putFeatureFlagsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { updateFeatureFlags } from "@/lib/config/services/update-feature-flags";
import { getFeatureFlags } from "@/lib/settings/store";

export const GET = route(featureFlagsContract, ({ db }) => getFeatureFlags(db));
export const PUT = route(putFeatureFlagsContract, ({ db, caller, body }) => updateFeatureFlags(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
