import { randomBytes } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";

/**
 * Issue 26 §1, the Standard Webhooks conventions through its reference library (`standardwebhooks`): a secret is
 * `whsec_` + base64 of 24 random bytes; a delivery's `webhook-signature` is `v1,<base64 HMAC-SHA256 over
 * "{id}.{timestamp}.{body}">` keyed with the secret's bytes, one such value per secret in force, separated by spaces.
 */
export const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}

/** The headers of one attempt: its id, its time (Unix seconds) and the signatures of every secret in force. */
export function signedHeaders(opts: { id: string; at: Date; body: string; secrets: readonly string[] }): Record<string, string> {
  const timestamp = Math.floor(opts.at.getTime() / 1000);
  const at = new Date(timestamp * 1000);
  return {
    "webhook-id": opts.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": opts.secrets.map((secret) => new StandardWebhook(secret).sign(opts.id, at, opts.body)).join(" "),
  };
}
