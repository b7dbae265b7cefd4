import { and, eq, exists, isNull, lt, lte, ne, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems, WEBHOOK_TEST_EVENT, type Webhook, type WebhookDelivery, webhookDeliveries, webhooks } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { openSecret } from "@/lib/crypto/secrets";
import { log } from "@/lib/log";
import { sendMail } from "@/lib/mail/send-mail";
import { composeWebhookDisabledMail } from "@/lib/mail/templates";
import { getServiceConfig } from "@/lib/settings/store";
import { usersToMail } from "@/lib/users/queries";
import { type AttemptResult, attemptDelivery } from "./send";

/**
 * Issue 26 §1: the outbox's rows as the workers send them (workers/webhooks/sweep.ts) and as the portal's test and
 * resend send one at once. At least once: a 2xx ends a delivery; otherwise it is tried again with the same
 * `webhook-id` after these delays, then it has failed. A webhook none of whose attempts succeeded for 3 days is
 * disabled and its system's administrators are told.
 */
export const RETRY_DELAYS_MS = [5, 30, 120, 600, 1800, 7200, 21_600, 43_200].map((s) => s * 1000);
export const DISABLE_AFTER_MS = 3 * 24 * 3600 * 1000;
/** how long a worker holds a claimed delivery: longer than an attempt's 10 s */
export const CLAIM_MS = 60_000;
/** after a rotation the previous secret signs as well for this long */
export const PREVIOUS_SECRET_MS = 24 * 3600 * 1000;

/** What a delivery's body says: `{ type, timestamp, data }`, data with links to what the event is about. */
export function deliveryBody(delivery: Pick<WebhookDelivery, "event" | "created" | "data">, serviceUrl: string): string {
  const base = serviceUrl.replace(/\/+$/, "");
  // errorCode only where there is one (issue 26 §1 `errorCode?`); the other fields always, null where empty
  const { errorCode, ...rest } = delivery.data;
  const data: Record<string, unknown> = errorCode === null || errorCode === undefined ? rest : { ...rest, errorCode };
  if (typeof data.jobId === "number") {
    data.links = { job: `${base}/api/jobs/${data.jobId}`, result: `${base}/api/jobs/${data.jobId}/download` };
  } else if (typeof data.learnRunId === "number" && typeof data.projectId === "string") {
    const project = `${base}/api/v3/learn/projects/${data.projectId}`;
    data.links = { run: `${project}/runs/${data.learnRunId}`, project };
  }
  return JSON.stringify({ type: delivery.event, timestamp: delivery.created.toISOString(), data });
}

/** The secrets that sign now: the webhook's, and the previous one while it is still in force. */
export function secretsInForce(webhook: Webhook, now: Date): string[] {
  const secrets = [openSecret(webhook.secretEnc)];
  if (webhook.previousSecretEnc && webhook.previousSecretUntil && webhook.previousSecretUntil > now)
    secrets.push(openSecret(webhook.previousSecretEnc));
  return secrets;
}

/** A delivery is due: pending, its time come, held by no live claim. */
function due(now: Date) {
  return and(
    eq(webhookDeliveries.state, "Pending"),
    lte(webhookDeliveries.nextAttempt, now),
    or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
  );
}

/**
 * The webhooks with a due delivery, but those named: one index probe a webhook (webhook_deliveries_pending_idx), so a
 * webhook's backlog of thousands costs the others nothing.
 */
export async function webhooksWithDueDeliveries(
  db: Database,
  opts: { now?: Date; except?: readonly string[] } = {},
): Promise<string[]> {
  const now = opts.now ?? new Date();
  const rows = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        opts.except?.length ? notInArray(webhooks.id, [...opts.except]) : undefined,
        exists(
          db
            .select({ one: sql`1` })
            .from(webhookDeliveries)
            .where(and(eq(webhookDeliveries.webhookId, webhooks.id), due(now))),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** Claims up to `limit` due deliveries of one webhook, oldest first, for this worker (others skip them while it holds them). */
export async function claimDueDeliveries(
  db: Database,
  opts: { webhookId: string; limit: number; now?: Date },
): Promise<WebhookDelivery[]> {
  const now = opts.now ?? new Date();
  const claimable = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, opts.webhookId), due(now)))
    .orderBy(webhookDeliveries.nextAttempt)
    .limit(opts.limit)
    .for("update", { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(sql`${webhookDeliveries.id} in ${claimable}`)
    .returning();
}

/**
 * One attempt of a claimed delivery, and what follows from it: delivered, tried again later, or failed (a test is
 * tried once). A disabled or deleted webhook's pending delivery fails without an attempt.
 */
export async function attemptAndRecord(
  db: Database,
  delivery: WebhookDelivery,
  opts: { now?: Date; timeoutMs?: number; webhook?: Webhook; serviceUrl?: string } = {},
): Promise<AttemptResult & { state: WebhookDelivery["state"] }> {
  const now = opts.now ?? new Date();
  // the sender reads the webhook and the service URL once for the deliveries it claimed together
  const [webhook] = opts.webhook ? [opts.webhook] : await db.select().from(webhooks).where(eq(webhooks.id, delivery.webhookId));
  // a test is sent to a disabled webhook too: it tells whether the receiver answers again
  if (!webhook || (!webhook.enabled && delivery.event !== WEBHOOK_TEST_EVENT)) {
    const result = { ok: false, status: null, durationMs: 0, error: "Disabled" };
    await db
      .update(webhookDeliveries)
      .set({ state: "Failed", nextAttempt: null, lockedUntil: null, lastError: result.error })
      .where(eq(webhookDeliveries.id, delivery.id));
    return { ...result, state: "Failed" };
  }
  const serviceUrl = opts.serviceUrl ?? (await getServiceConfig(db)).serviceUrl;
  const result = await attemptDelivery({
    url: webhook.url,
    id: delivery.id,
    body: deliveryBody(delivery, serviceUrl),
    secrets: secretsInForce(webhook, now),
    at: now,
    timeoutMs: opts.timeoutMs,
  });
  const attempts = delivery.attempts + 1;
  const retryIn = delivery.event === WEBHOOK_TEST_EVENT ? undefined : RETRY_DELAYS_MS[attempts - 1];
  const state = result.ok ? "Delivered" : retryIn === undefined ? "Failed" : "Pending";
  await db
    .update(webhookDeliveries)
    .set({
      state,
      attempts,
      nextAttempt: state === "Pending" && retryIn !== undefined ? new Date(now.getTime() + retryIn) : null,
      lockedUntil: null,
      lastAttempt: now,
      lastStatus: result.status,
      lastDurationMs: result.durationMs,
      lastError: result.error,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (result.ok) {
    if (webhook.failingSince) await db.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, webhook.id));
  } else {
    await recordFailure(db, webhook, now);
  }
  return { ...result, state };
}

/** A failed attempt: the webhook is failing since its first one; after 3 days of nothing but failures it is disabled. */
async function recordFailure(db: Database, webhook: Webhook, now: Date): Promise<void> {
  // the stored first failure, not the one of the row read (the sender keeps rows for a second)
  const [row] = await db
    .update(webhooks)
    .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhooks.id, webhook.id))
    .returning({ since: webhooks.failingSince });
  const since = row?.since ?? now;
  if (now.getTime() - since.getTime() < DISABLE_AFTER_MS) return;
  const disabled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhooks)
      .set({ enabled: false, disabledReason: "Failing", updated: now })
      .where(and(eq(webhooks.id, webhook.id), eq(webhooks.enabled, true)))
      .returning();
    if (!row) return null;
    await tx
      .update(webhookDeliveries)
      .set({ state: "Failed", nextAttempt: null, lockedUntil: null, lastError: "Disabled" })
      .where(and(eq(webhookDeliveries.webhookId, webhook.id), eq(webhookDeliveries.state, "Pending")));
    await writeAudit(tx, null, {
      category: "System",
      operation: "Update",
      systemId: webhook.systemId,
      value: { webhook: { id: webhook.id, url: webhook.url, enabled: false, disabledReason: "Failing" } },
    });
    return row;
  });
  if (disabled) await noticeDisabled(db, disabled, since);
}

/** The notice of a webhook disabled for its failures: a warn line in the log and a mail to the system's administrators. */
async function noticeDisabled(db: Database, webhook: Webhook, since: Date): Promise<void> {
  const [system] = await db.select({ name: systems.name }).from(systems).where(eq(systems.id, webhook.systemId));
  log.warn(
    { event: "webhookDisabled", webhookId: webhook.id, systemId: webhook.systemId, url: webhook.url, failingSince: since },
    `webhook ${webhook.id} of ${system?.name ?? webhook.systemId} disabled: its attempts failed since ${since.toISOString()}`,
  );
  const admins = await usersToMail(db, { permission: "ManageSystemConfig", systemIds: [webhook.systemId] });
  for (const admin of admins) {
    try {
      await sendMail(
        db,
        composeWebhookDisabledMail({
          language: admin.language,
          to: admin.email,
          name: admin.name,
          system: system?.name ?? "",
          url: webhook.url,
          since,
        }),
      );
    } catch (err) {
      log.error({ err, webhookId: webhook.id }, "webhook disabled: the mail to an administrator failed");
    }
  }
}

/** Delivered and failed deliveries are kept this long for the delivery log. */
export const DELIVERIES_KEPT_MS = 30 * 24 * 3600 * 1000;

export async function removeOldDeliveries(db: Database, now = new Date()): Promise<number> {
  const gone = await db
    .delete(webhookDeliveries)
    .where(
      and(ne(webhookDeliveries.state, "Pending"), lte(webhookDeliveries.created, new Date(now.getTime() - DELIVERIES_KEPT_MS))),
    )
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}
