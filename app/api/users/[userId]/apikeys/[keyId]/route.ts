import { revokeApiKeyContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { revokeApiKey } from "@/lib/users/services/api-keys";

export const DELETE = route(revokeApiKeyContract, async ({ db, caller, params }) => {
  await revokeApiKey(db, { caller, userId: params.id, keyId: params.keyId });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
