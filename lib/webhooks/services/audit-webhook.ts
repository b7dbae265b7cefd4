import type { Database } from "@/db/client";
import type { Webhook } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import type { TenantSystem } from "@/lib/auth/tenancy";

/** The audit row of a webhook's change (category System): what it is now, never its secret. */
export function auditWebhook(
  tx: Database,
  caller: Caller,
  system: TenantSystem,
  operation: "Create" | "Update" | "Delete",
  webhook: Webhook,
  extra: Record<string, unknown> = {},
) {
  return writeAudit(tx, actingIn(caller, system), {
    category: "System",
    operation,
    systemId: system.id,
    projectId: webhook.projectId,
    value: {
      webhook: {
        id: webhook.id,
        url: webhook.url,
        events: webhook.events,
        projectId: webhook.projectId,
        description: webhook.description,
        enabled: webhook.enabled,
        ...extra,
      },
    },
  });
}
