import { count, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { webhooks } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { sealSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { assertAllowedUrl } from "../address";
import { assertProjectOfSystem, toWebhookDto, webhookSystem } from "../queries";
import { type NewWebhookDto, WEBHOOKS_PER_SYSTEM, ZWebhookInput } from "../schemas";
import { newWebhookSecret } from "../signing";
import { auditWebhook } from "./audit-webhook";

/** POST v3/webhooks (issue 26 §1): a system's new webhook; the answer holds its secret, shown only here. */
export async function createWebhook(db: Database, opts: { caller: Caller; input: unknown }): Promise<NewWebhookDto> {
  const input = parseInput(ZWebhookInput, opts.input);
  const system = await webhookSystem(db, opts.caller, input.systemId);
  await assertProjectOfSystem(db, input.projectId, system.id);
  await assertAllowedUrl(input.url);
  const secret = newWebhookSecret();
  const made = await db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.systemId, system.id));
    if ((held?.n ?? 0) >= WEBHOOKS_PER_SYSTEM) throw new AppError("WebhookLimit", { max: WEBHOOKS_PER_SYSTEM });
    const [row] = await tx
      .insert(webhooks)
      .values({
        systemId: system.id,
        projectId: input.projectId ?? null,
        url: input.url,
        events: input.events,
        description: input.description ?? "",
        secretEnc: sealSecret(secret),
      })
      .returning();
    if (!row) throw new Error("webhook not written");
    await auditWebhook(tx, opts.caller, system, "Create", row);
    return row;
  });
  return { ...toWebhookDto(made), secret };
}
