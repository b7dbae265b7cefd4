import { featureFlagsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { getFeatureFlags } from "@/lib/config/service-config";

export const GET = route(featureFlagsContract, ({ db }) => getFeatureFlags(db));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
