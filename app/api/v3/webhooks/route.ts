import { createWebhookContract, listWebhooksContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listWebhooks } from "@/lib/webhooks/queries";
import { createWebhook } from "@/lib/webhooks/services/create-webhook";

export const GET = route(listWebhooksContract, ({ db, caller, query }) => listWebhooks(db, { caller, systemId: query.systemId }));

export const POST = route(createWebhookContract, ({ db, caller, body }) => createWebhook(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
