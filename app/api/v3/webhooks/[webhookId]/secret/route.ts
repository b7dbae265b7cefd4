import { rotateWebhookSecretContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { rotateWebhookSecret } from "@/lib/webhooks/services/rotate-webhook-secret";

export const POST = route(rotateWebhookSecretContract, ({ db, caller, params }) =>
  rotateWebhookSecret(db, { caller, id: params.id }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
