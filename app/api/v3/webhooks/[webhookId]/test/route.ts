import { testWebhookContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { testWebhook } from "@/lib/webhooks/services/test-webhook";

export const POST = route(testWebhookContract, ({ db, caller, params }) => testWebhook(db, { caller, id: params.id }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
