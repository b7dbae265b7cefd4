import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import {
  projects,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryState,
  webhookDeliveries,
  webhooks,
} from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { systemForCaller, type TenantSystem } from "@/lib/auth/tenancy";
import { AppError } from "@/lib/errors/app-error";
import { managesWebhooksOf } from "./access";
import type { DeliveryDto, WebhookDto } from "./schemas";

export function toWebhookDto(w: Webhook): WebhookDto {
  return {
    id: w.id,
    systemId: w.systemId,
    projectId: w.projectId,
    url: w.url,
    events: w.events as WebhookDto["events"],
    description: w.description,
    enabled: w.enabled,
    disabledReason: w.disabledReason,
    failingSince: w.failingSince?.toISOString() ?? null,
    created: w.created.toISOString(),
    updated: w.updated.toISOString(),
  };
}

export function toDeliveryDto(d: WebhookDelivery): DeliveryDto {
  return {
    id: d.id,
    webhookId: d.webhookId,
    event: d.event as DeliveryDto["event"],
    jobId: d.jobId,
    learnRunId: d.learnRunId,
    state: d.state,
    attempt: d.attempts,
    httpStatus: d.lastStatus,
    durationMs: d.lastDurationMs,
    error: d.lastError,
    created: d.created.toISOString(),
    lastAttempt: d.lastAttempt?.toISOString() ?? null,
    nextAttempt: d.state === "Pending" ? (d.nextAttempt?.toISOString() ?? null) : null,
  };
}

/** The system whose webhooks the caller manages: 404 for an unknown or foreign one, 403 in its own without the right. */
export function webhookSystem(db: Database, caller: Caller, systemId: string): Promise<TenantSystem> {
  return systemForCaller(db, caller, { id: systemId }, { may: (s) => managesWebhooksOf(caller, s) });
}

/** A webhook the caller manages, with its system; WebhookNotFound when there is none or it is foreign. */
export async function readWebhook(
  db: Database,
  opts: { caller: Caller; id: string },
): Promise<{ webhook: Webhook; system: TenantSystem }> {
  const [webhook] = await db.select().from(webhooks).where(eq(webhooks.id, opts.id));
  if (!webhook) throw new AppError("WebhookNotFound");
  const system = await systemForCaller(
    db,
    opts.caller,
    { id: webhook.systemId },
    { may: (s) => managesWebhooksOf(opts.caller, s), notFound: "WebhookNotFound" },
  );
  return { webhook, system };
}

export async function listWebhooks(db: Database, opts: { caller: Caller; systemId: string }) {
  const system = await webhookSystem(db, opts.caller, opts.systemId);
  const rows = await db.select().from(webhooks).where(eq(webhooks.systemId, system.id)).orderBy(asc(webhooks.created));
  return { items: rows.map(toWebhookDto), totalCount: rows.length };
}

/** A webhook's deliveries, newest first, a page at a time. */
export async function listDeliveries(
  db: Database,
  opts: { caller: Caller; id: string; page: number; pageSize: number; state?: WebhookDeliveryState },
) {
  const { webhook } = await readWebhook(db, opts);
  const where: SQL[] = [eq(webhookDeliveries.webhookId, webhook.id)];
  if (opts.state) where.push(eq(webhookDeliveries.state, opts.state));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(and(...where))
      .orderBy(desc(webhookDeliveries.created), desc(webhookDeliveries.id))
      .limit(opts.pageSize)
      .offset(opts.page * opts.pageSize),
    db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(and(...where)),
  ]);
  return { items: rows.map(toDeliveryDto), totalCount: total?.n ?? 0 };
}

/** One delivery of a webhook; WebhookDeliveryNotFound when it is not one of the webhook's. */
export async function readDelivery(db: Database, opts: { webhookId: string; id: string }): Promise<DeliveryDto> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, opts.id), eq(webhookDeliveries.webhookId, opts.webhookId)));
  if (!row) throw new AppError("WebhookDeliveryNotFound");
  return toDeliveryDto(row);
}

/** A webhook's project must be one of its system's (ProjectNotFound otherwise, as if it did not exist). */
export async function assertProjectOfSystem(db: Database, projectId: string | null | undefined, systemId: string) {
  if (!projectId) return;
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.systemId, systemId)));
  if (!project) throw new AppError("ProjectNotFound");
}
