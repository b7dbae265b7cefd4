import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { webhooks } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { assertAllowedUrl } from "../address";
import { assertProjectOfSystem, readWebhook, toWebhookDto } from "../queries";
import { type WebhookDto, ZWebhookUpdate } from "../schemas";
import { auditWebhook } from "./audit-webhook";

/**
 * PUT v3/webhooks/{id}: what is sent changes. Enabling a webhook (again) forgets its failures; disabling it stops its
 * deliveries from being sent (those pending fail when their turn comes).
 */
export async function updateWebhook(db: Database, opts: { caller: Caller; id: string; input: unknown }): Promise<WebhookDto> {
  const { webhook, system } = await readWebhook(db, opts);
  const input = parseInput(ZWebhookUpdate, opts.input);
  if (input.projectId !== undefined) await assertProjectOfSystem(db, input.projectId, system.id);
  if (input.url !== undefined && input.url !== webhook.url) await assertAllowedUrl(input.url);
  const enabling = input.enabled === true && !webhook.enabled;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhooks)
      .set({
        ...(input.url !== undefined && { url: input.url }),
        ...(input.events !== undefined && { events: input.events }),
        ...(input.projectId !== undefined && { projectId: input.projectId }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.enabled !== undefined && {
          enabled: input.enabled,
          disabledReason: input.enabled ? null : "Manual",
        }),
        ...(enabling && { failingSince: null }),
        updated: new Date(),
      })
      .where(eq(webhooks.id, webhook.id))
      .returning();
    if (!row) throw new Error("webhook not written");
    await auditWebhook(tx, opts.caller, system, "Update", row);
    return row;
  });
  return toWebhookDto(updated);
}
