import {
  ZDelivery,
  ZDeliveryList,
  ZDeliveryParams,
  ZDeliveryQuery,
  ZNewWebhook,
  ZWebhook,
  ZWebhookInput,
  ZWebhookList,
  ZWebhookListQuery,
  ZWebhookParams,
  ZWebhookSecret,
  ZWebhookUpdate,
} from "@/lib/webhooks/schemas";
import { defineContract } from "../contract";

// issue 26 §1: webhooks (docs/decisions.md "Webhooks")
const NOTE =
  "A system's administrators (ManageSystemConfig) and the Supersystem's system administrators (ManageSystems, any system). A delivery is a POST of `{ type, timestamp, data }` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature`; a 2xx answer delivers it, otherwise it is tried again with the same `webhook-id` after about 5 s, 30 s, 2 min, 10 min, 30 min, 2 h, 6 h and 12 h. A webhook none of whose attempts succeeded for 3 days is disabled and the system's administrators are mailed. An attempt ends after 10 s; redirects are not followed.";
const PERMISSION = ["ManageSystemConfig", "ManageSystems"] as const;

export const listWebhooksContract = defineContract({
  method: "GET",
  path: "/api/v3/webhooks",
  summary: "A system's webhooks (never their secrets)",
  description: NOTE,
  tag: "Webhooks",
  auth: "bearer",
  permission: PERMISSION,
  query: ZWebhookListQuery,
  response: ZWebhookList,
  errors: ["SystemNotFound"],
});

export const createWebhookContract = defineContract({
  method: "POST",
  path: "/api/v3/webhooks",
  idempotent: true,
  summary: "Add a webhook to a system: the answer holds its secret, shown only here",
  description: `${NOTE} Events: job.ready, job.error, job.removed, learnrun.ready, learnrun.error; with projectId only that project's.`,
  tag: "Webhooks",
  auth: "bearer",
  permission: PERMISSION,
  body: ZWebhookInput,
  response: ZNewWebhook,
  errors: ["SystemNotFound", "ProjectNotFound", "WebhookAddressRefused", "WebhookLimit"],
  maxBodyBytes: 16 * 1024,
});

export const readWebhookContract = defineContract({
  method: "GET",
  path: "/api/v3/webhooks/{id}",
  summary: "One webhook (never its secret)",
  description: NOTE,
  tag: "Webhooks",
  auth: "bearer",
  permission: PERMISSION,
  params: ZWebhookParams,
  response: ZWebhook,
  errors: ["WebhookNotFound"],
});

export const updateWebhookContract = defineContract({
  method: "PUT",
  path: "/api/v3/webhooks/{id}",
  summary: "Change a webhook: the fields sent change; `enabled: true` starts a disabled one again",
  description: NOTE,
  tag: "Webhooks",
  auth: "bearer",
  permission: PERMISSION,
  params: ZWebhookParams,
  body: ZWebhookUpdate,
  response: ZWebhook,
  errors: ["WebhookNotFound", "ProjectNotFound", "WebhookAddressRefused"],
  maxBodyBytes: 16 * 1024,
});

export const deleteWebhookContract = defineContract({
  method: "DELETE",
  path: "/api/v3/webhooks/{id}",
  summary: "Delete a webhook and its delivery log",
  description: NOTE,
  tag: "Webhooks",
  auth: "bearer",
  permission: PERMISSION,
  params: ZWebhookParams,
  errors: ["WebhookNotFound"],
});

export const testWebhookContract = defineContract({
  method: "POST",
  path: "/api/v3/webhooks/{id}/test",
  summary: "Send a `webhook.test` delivery at once (once, also to a disabled webhook); the answer is its outcome",
  description: NOTE,
  tag: "Webhooks",
  auth: "bearer",
  permission: PERMISSION,
  params: ZWebhookParams,
  response: ZDelivery,
  errors: ["WebhookNotFound"],
});

export const rotateWebhookSecretContract = defineContract({
  method: "POST",
  path: "/api/v3/webhooks/{id}/secret",
  idempotent: true,
  summary: "Rotate a webhook's secret: the new one is shown only here; the previous one signs too for 24 hours",
  description: NOTE,
  tag: "Webhooks",
  auth: "bearer",
  permission: PERMISSION,
  params: ZWebhookParams,
  response: ZWebhookSecret,
  errors: ["WebhookNotFound"],
});

export const listWebhookDeliveriesContract = defineContract({
  method: "GET",
  path: "/api/v3/webhooks/{id}/deliveries",
  summary: "A webhook's delivery log, newest first (kept 30 days)",
  description: NOTE,
  tag: "Webhooks",
  auth: "bearer",
  permission: PERMISSION,
  params: ZWebhookParams,
  query: ZDeliveryQuery,
  response: ZDeliveryList,
  errors: ["WebhookNotFound"],
});

export const resendWebhookDeliveryContract = defineContract({
  method: "POST",
  path: "/api/v3/webhooks/{id}/deliveries/{deliveryId}/resend",
  summary: "Send a delivery again at once, with its own webhook-id and body; the answer is its outcome",
  description: NOTE,
  tag: "Webhooks",
  auth: "bearer",
  permission: PERMISSION,
  params: ZDeliveryParams,
  response: ZDelivery,
  errors: ["WebhookNotFound", "WebhookDeliveryNotFound"],
});
