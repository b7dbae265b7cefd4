import { deleteWebhookContract, readWebhookContract, updateWebhookContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readWebhook, toWebhookDto } from "@/lib/webhooks/queries";
import { deleteWebhook } from "@/lib/webhooks/services/delete-webhook";
import { updateWebhook } from "@/lib/webhooks/services/update-webhook";

export const GET = route(readWebhookContract, async ({ db, caller, params }) =>
  toWebhookDto((await readWebhook(db, { caller, id: params.id })).webhook),
);

export const PUT = route(updateWebhookContract, ({ db, caller, params, body }) =>
  updateWebhook(db, { caller, id: params.id, input: body }),
);

export const DELETE = route(deleteWebhookContract, ({ db, caller, params }) => deleteWebhook(db, { caller, id: params.id }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
