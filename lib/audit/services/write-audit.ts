import type { Database } from "@/db/client";
import { type AuditCategory, type AuditOperation, auditTrail } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";

/** Who made a change: a signed-in caller, or the user itself following a mailed link. */
export type AuditActor = Pick<Caller, "userId" | "userName" | "deputyFor">;

export type AuditEntry = {
  category: AuditCategory;
  operation: AuditOperation;
  systemId: string | null;
  projectId?: string | null;
  project?: string | null;
  /** what changed, without secrets */
  value: Record<string, unknown>;
};

// fields that hold a secret: password, eMailPassword, csbPassword, ccsApiKey, token, refreshToken, secret …
const SECRET_FIELD = /^(.*password|.*secret|.*token|.*apikey|api_key)$/i;
// what services write instead of a secret to record that it changed
const MARKERS = new Set(["changed", "set", "cleared"]);

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_FIELD.test(k) && typeof v === "string" && v && !MARKERS.has(v) ? "***" : withoutSecrets(v),
      ]),
    );
  }
  return value;
}

/**
 * Writes the audit-trail row of a create/update/delete. Call it inside the transaction of the change,
 * so the row exists exactly when the change does. A deputy's change is recorded under its own name.
 */
export async function writeAudit(tx: Database, caller: AuditActor | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditTrail).values({
    category: entry.category,
    operation: entry.operation,
    systemId: entry.systemId,
    projectId: entry.projectId ?? null,
    project: entry.project ?? null,
    userId: caller?.userId ?? null,
    username: caller ? caller.userName : "system",
    deputy: caller?.deputyFor ?? null,
    value: JSON.stringify(withoutSecrets(entry.value)),
  });
}
