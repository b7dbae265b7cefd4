import { listWebhookDeliveriesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listDeliveries } from "@/lib/webhooks/queries";

export const GET = route(listWebhookDeliveriesContract, ({ db, caller, params, query }) =>
  listDeliveries(db, { caller, id: params.id, ...query }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
