import { createApiKeyContract, listApiKeysContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { createApiKey, listApiKeys } from "@/lib/users/services/api-keys";

export const GET = route(listApiKeysContract, ({ db, caller, params }) => listApiKeys(db, { caller, userId: params.id }));

export const POST = route(createApiKeyContract, ({ db, caller, params, body }) =>
  createApiKey(db, { caller, userId: params.id, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
