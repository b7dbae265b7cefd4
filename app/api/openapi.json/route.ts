import { openApiContract } from "@/lib/api/contracts";
import { openApiDocument } from "@/lib/api/openapi";
import { route } from "@/lib/api/route";
import { assertFeatureOn } from "@/lib/settings/features";

export const GET = route(openApiContract, async ({ db }) => {
  await assertFeatureOn(db, "OpenApi");
  return openApiDocument();
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
