import { WEBHOOK_DELIVERY_STATES, type WebhookDeliveryState } from "@/db/schema/webhooks";
import type { WebhookDto } from "./schemas";

/**
 * Issue 26 §1, the webhooks page: what a webhook's state reads as. Enabled and failing: its attempts fail since
 * `failingSince`, and after 3 days of that it is disabled (`disabledReason` Failing) until someone enables it again.
 */
export type WebhookState = "enabled" | "failing" | "disabled" | "disabledFailing";

export function webhookState(webhook: Pick<WebhookDto, "enabled" | "disabledReason" | "failingSince">): WebhookState {
  if (!webhook.enabled) return webhook.disabledReason === "Failing" ? "disabledFailing" : "disabled";
  return webhook.failingSince ? "failing" : "enabled";
}

/** Why an attempt failed, as lib/webhooks/send.ts and deliveries.ts write it: a code, then a detail after a colon. */
export const DELIVERY_ERROR_CODES = ["Timeout", "AddressRefused", "Network", "Redirect", "Status", "Disabled"] as const;
export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];

export type DeliveryError = { code: DeliveryErrorCode; detail: string | null } | { code: null; text: string };

/**
 * A delivery's error read for the page, which translates the code and keeps the detail as it is ("Network: ECONNREFUSED"
 * is the code Network with the detail ECONNREFUSED). A text of no known code stays whole.
 */
export function readDeliveryError(error: string): DeliveryError {
  const colon = error.indexOf(":");
  const head = (colon < 0 ? error : error.slice(0, colon)).trim();
  const detail = colon < 0 ? "" : error.slice(colon + 1).trim();
  const code = DELIVERY_ERROR_CODES.find((c) => c === head);
  return code ? { code, detail: detail || null } : { code: null, text: error };
}

/** The delivery log's state filter as the URL query has it: one of the states, or none (every state). */
export function deliveryStateFilter(value: string | string[] | undefined): WebhookDeliveryState | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  return WEBHOOK_DELIVERY_STATES.find((state) => state === one);
}
