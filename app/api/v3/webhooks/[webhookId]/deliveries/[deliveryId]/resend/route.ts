import { resendWebhookDeliveryContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { resendWebhookDelivery } from "@/lib/webhooks/services/resend-webhook-delivery";

export const POST = route(resendWebhookDeliveryContract, ({ db, caller, params }) =>
  resendWebhookDelivery(db, { caller, id: params.id, deliveryId: params.deliveryId }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
