import { type Loaded, loadOrErrors } from "@/components/portal/load";

/**
 * A read of the webhooks pages: its value, or why it failed (shown as webhooks_error_load). A webhook that does not
 * exist, or is another system's, is the page's not-found.
 */
export function loadWebhooks<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  return loadOrErrors(read, { what: "webhooks page", notFound: ["WebhookNotFound"] });
}
