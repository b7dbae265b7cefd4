import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type ApiKey, apiKeys } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { refusal } from "@/lib/auth/access";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { API_KEY_PREFIX } from "@/lib/auth/sessions";
import { hashToken, newToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { canReadUser } from "../access";
import { API_KEYS_PER_USER, type ApiKeyDto, type NewApiKeyDto, ZApiKeyInput } from "../api-keys";
import { loadUser, type UserRow } from "../queries";

/**
 * Issue 26 §3: a user's API keys, made, listed and revoked by the user itself or by whoever administers its system
 * (as a user's other settings); each change writes its audit-trail row (category User). A key made with an API key
 * is refused: a key cannot mint keys.
 */
async function target(db: Database, caller: Caller, userId: string): Promise<UserRow> {
  const row = await loadUser(db, userId);
  const system = { id: row.user.systemId, name: row.systemName };
  if (!canReadUser(caller, { userId: row.user.id, system })) throw refusal(caller, system, new AppError("UserNotFound"));
  return row;
}

/** The User row of a key made or revoked: the user, and the key's id, name and prefix (never the key). */
function auditKey(tx: Database, caller: Caller, row: UserRow, operation: "Create" | "Delete", key: ApiKey) {
  const system = { id: row.user.systemId, name: row.systemName };
  return writeAudit(tx, actingIn(caller, system), {
    category: "User",
    operation,
    systemId: system.id,
    value: { id: row.user.id, name: row.user.name, apiKey: { id: key.id, name: key.name, prefix: key.prefix } },
  });
}

function toDto(k: ApiKey): ApiKeyDto {
  return {
    id: k.id,
    prefix: k.prefix,
    name: k.name,
    created: k.created.toISOString(),
    lastUsed: k.lastUsed?.toISOString() ?? null,
    expires: k.expires?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Database, opts: { caller: Caller; userId: string }) {
  const row = await target(db, opts.caller, opts.userId);
  const keys = await db.select().from(apiKeys).where(eq(apiKeys.userId, row.user.id)).orderBy(asc(apiKeys.created));
  return { items: keys.map(toDto), totalCount: keys.length };
}

export async function createApiKey(
  db: Database,
  opts: { caller: Caller; userId: string; input: unknown; now?: Date },
): Promise<NewApiKeyDto> {
  const { caller } = opts;
  if (caller.apiKeyId) throw new AppError("AccessDenied");
  const input = parseInput(ZApiKeyInput, opts.input);
  const row = await target(db, caller, opts.userId);
  const now = opts.now ?? new Date();
  // a day without a time ends at its end (UTC): "until 2027-06-30" includes that day
  const expires = input.expires ? new Date(input.expires.length === 10 ? `${input.expires}T23:59:59.999Z` : input.expires) : null;
  if (expires && expires <= now) throw new AppError("ApiKeyExpiryPast");
  const key = `${API_KEY_PREFIX}${newToken()}`;
  const made = await db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, row.user.id));
    if ((held?.n ?? 0) >= API_KEYS_PER_USER) throw new AppError("ApiKeyLimit", { max: API_KEYS_PER_USER });
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ userId: row.user.id, name: input.name, prefix: key.slice(0, 12), keyHash: hashToken(key), created: now, expires })
      .returning();
    if (!inserted) throw new Error("api key not written");
    await auditKey(tx, caller, row, "Create", inserted);
    return inserted;
  });
  return { ...toDto(made), key };
}

export async function revokeApiKey(db: Database, opts: { caller: Caller; userId: string; keyId: string }): Promise<void> {
  const { caller } = opts;
  const row = await target(db, caller, opts.userId);
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(apiKeys)
      .where(and(eq(apiKeys.id, opts.keyId), eq(apiKeys.userId, row.user.id)))
      .returning();
    if (!gone) throw new AppError("ApiKeyNotFound");
    await auditKey(tx, caller, row, "Delete", gone);
  });
}
