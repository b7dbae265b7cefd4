"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { ZWebhookInput, ZWebhookUpdate } from "./schemas";
import { createWebhook } from "./services/create-webhook";
import { deleteWebhook } from "./services/delete-webhook";
import { resendWebhookDelivery } from "./services/resend-webhook-delivery";
import { rotateWebhookSecret } from "./services/rotate-webhook-secret";
import { testWebhook } from "./services/test-webhook";
import { updateWebhook } from "./services/update-webhook";

// Issue 26 §1: the webhooks page of the system configuration. The services find the webhook's system and check the
// caller's right there (a deputy's too) and record it in the audit trail; the actions parse and call them.
const ZWebhookRef = z.object({ id: z.uuid({ error: "InvalidId" }) });
const ZWebhookChange = ZWebhookUpdate.extend({ id: z.uuid({ error: "InvalidId" }) });
const ZDeliveryRef = ZWebhookRef.extend({ deliveryId: z.uuid({ error: "InvalidId" }) });

/** The add dialog: answers the new webhook with its secret, which the page shows once. */
export const createWebhookAction = authAction(ZWebhookInput, (input, { db, caller }) => createWebhook(db, { caller, input }));

/** The edit dialog and the list's enable/disable (the fields sent change; enabling forgets the failures). */
export const updateWebhookAction = authAction(ZWebhookChange, ({ id, ...input }, { db, caller }) =>
  updateWebhook(db, { caller, id, input }),
);

/** Delete with yes/no in the list: the webhook and its delivery log. */
export const deleteWebhookAction = authAction(ZWebhookRef, async ({ id }, { db, caller }) => {
  await deleteWebhook(db, { caller, id });
});

/** Send test: a `webhook.test` delivery tried once at once; answers the delivery with its outcome. */
export const testWebhookAction = authAction(ZWebhookRef, ({ id }, { db, caller }) => testWebhook(db, { caller, id }));

/** Rotate secret (yes/no): the new secret, shown once; the previous one signs as well until the answer's time. */
export const rotateWebhookSecretAction = authAction(ZWebhookRef, ({ id }, { db, caller }) =>
  rotateWebhookSecret(db, { caller, id }),
);

/** The delivery log's resend: one more attempt at once; answers the delivery as it stands after it. */
export const resendWebhookDeliveryAction = authAction(ZDeliveryRef, ({ id, deliveryId }, { db, caller }) =>
  resendWebhookDelivery(db, { caller, id, deliveryId }),
);
