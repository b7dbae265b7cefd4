import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { apiKeys, sessions, systems, users } from "@/db/schema";
import { hashToken, newToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import type { Caller } from "./caller";
import { effectiveRoles } from "./roles";
import type { TokenHolder } from "./schemas";

export const REFRESH_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** browser sessions last as long as a refresh token */
export const WEB_SESSION_LIFETIME_MS = REFRESH_LIFETIME_MS;

export const INVALID_TOKEN_HEADERS = { "WWW-Authenticate": 'Bearer error="invalid_token"' };
export const EXPIRED_TOKEN_HEADERS = {
  "Token-Expired": "true",
  "WWW-Authenticate": 'Bearer error="invalid_token", error_description="expired"',
};

export type IssuedSession = { id: string; token: string; refreshToken: string; validUntil: Date; created: Date };

/** DESIGN.md "Tokens": access lifetime tokenExpirationMinutes (>= 10), refresh 24 h. */
export function tokenLifetimes(tokenExpirationMinutes: number, now = new Date()) {
  const minutes = Math.max(10, tokenExpirationMinutes);
  return {
    validUntil: new Date(now.getTime() + minutes * 60_000),
    refreshValidUntil: new Date(now.getTime() + REFRESH_LIFETIME_MS),
  };
}

export async function createSession(
  db: Database,
  opts: { userId: string; kind: "api" | "web"; tokenExpirationMinutes: number; now?: Date },
): Promise<IssuedSession> {
  const now = opts.now ?? new Date();
  const token = newToken();
  const refreshToken = newToken();
  const lifetimes =
    opts.kind === "web"
      ? {
          validUntil: new Date(now.getTime() + WEB_SESSION_LIFETIME_MS),
          refreshValidUntil: new Date(now.getTime() + WEB_SESSION_LIFETIME_MS),
        }
      : tokenLifetimes(opts.tokenExpirationMinutes, now);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: opts.userId,
      kind: opts.kind,
      tokenHash: hashToken(token),
      refreshTokenHash: opts.kind === "api" ? hashToken(refreshToken) : null,
      createdAt: now,
      ...lifetimes,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error("session insert returned nothing");
  return { id: row.id, token, refreshToken, validUntil: lifetimes.validUntil, created: now };
}

/** The user and system part of a caller, read with a session or with an API key. */
const userColumns = {
  userId: users.id,
  userName: users.name,
  fullName: users.fullName,
  roles: users.roles,
  language: users.language,
  requiresPasswordChange: users.requiresPasswordChange,
  userActive: users.isActive,
  systemId: systems.id,
  systemName: systems.name,
  systemActive: systems.isActive,
};

const callerColumns = {
  sessionId: sessions.id,
  validUntil: sessions.validUntil,
  revokedAt: sessions.revokedAt,
  ...userColumns,
};

type CallerRow = {
  sessionId: string;
  userId: string;
  userName: string;
  fullName: string;
  roles: string[];
  language: Caller["language"];
  requiresPasswordChange: boolean;
  systemId: string;
  systemName: string;
};

function toCaller(row: CallerRow): Caller {
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    userName: row.userName,
    fullName: row.fullName,
    systemId: row.systemId,
    systemName: row.systemName,
    roles: effectiveRoles(row.roles),
    language: row.language,
    requiresPasswordChange: row.requiresPasswordChange,
  };
}

function sessionQuery(db: Database) {
  return db
    .select(callerColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(systems, eq(systems.id, users.systemId));
}

// Every API call runs this lookup: prepared once per database, it skips rebuilding the SQL each time
// (about 0.35 ms of the token check here, bench/auth-overhead.mjs).
const preparedByDb = new WeakMap<Database, ReturnType<typeof prepareTokenLookup>>();

function prepareTokenLookup(db: Database) {
  return sessionQuery(db)
    .where(and(eq(sessions.tokenHash, sql.placeholder("hash")), eq(sessions.kind, "api")))
    .prepare("caller_by_token");
}

/** A bearer token -> its caller; 401 with the headers of DESIGN.md "Tokens" otherwise. */
export async function callerFromToken(db: Database, token: string, now = new Date()): Promise<Caller> {
  if (token.startsWith(API_KEY_PREFIX)) return callerFromApiKey(db, token, now);
  let lookup = preparedByDb.get(db);
  if (!lookup) {
    lookup = prepareTokenLookup(db);
    preparedByDb.set(db, lookup);
  }
  const [row] = await lookup.execute({ hash: hashToken(token) });
  if (!row || row.revokedAt || !row.userActive || !row.systemActive) {
    throw new AppError("InvalidToken", undefined, { headers: INVALID_TOKEN_HEADERS });
  }
  if (row.validUntil <= now) throw new AppError("TokenExpired", undefined, { headers: EXPIRED_TOKEN_HEADERS });
  return toCaller(row);
}

/** Issue 26 §3: an API key starts so; the rest is a token's 43 characters. */
export const API_KEY_PREFIX = "dsk_";
/** a key's last use is written at most once a minute: a busy integration does not write on every call */
const LAST_USED_EVERY_MS = 60_000;

// an integration calls with its key on every request: prepared once per database, as the token lookup
const preparedKeyByDb = new WeakMap<Database, ReturnType<typeof prepareKeyLookup>>();

function prepareKeyLookup(db: Database) {
  return db
    .select({ ...userColumns, sessionId: apiKeys.id, keyExpires: apiKeys.expires, lastUsed: apiKeys.lastUsed })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(systems, eq(systems.id, users.systemId))
    .where(eq(apiKeys.keyHash, sql.placeholder("hash")))
    .prepare("caller_by_api_key");
}

/**
 * An API key -> its user as the caller (the user's roles; `apiKeyId` set). The user and the system must be active and
 * the key unexpired; a password lockout does not matter, and a key never has a password to change.
 */
async function callerFromApiKey(db: Database, key: string, now: Date): Promise<Caller> {
  let lookup = preparedKeyByDb.get(db);
  if (!lookup) {
    lookup = prepareKeyLookup(db);
    preparedKeyByDb.set(db, lookup);
  }
  const [row] = await lookup.execute({ hash: hashToken(key) });
  if (!row?.userActive || !row.systemActive) {
    throw new AppError("InvalidToken", undefined, { headers: INVALID_TOKEN_HEADERS });
  }
  if (row.keyExpires && row.keyExpires <= now) throw new AppError("TokenExpired", undefined, { headers: EXPIRED_TOKEN_HEADERS });
  if (!row.lastUsed || now.getTime() - row.lastUsed.getTime() > LAST_USED_EVERY_MS) {
    await db.update(apiKeys).set({ lastUsed: now }).where(eq(apiKeys.id, row.sessionId));
  }
  return { ...toCaller(row), requiresPasswordChange: false, apiKeyId: row.sessionId };
}

/** A browser session id (from the next-auth JWT) -> its caller, or null when revoked or expired. */
export async function callerFromWebSession(db: Database, sessionId: string, now = new Date()): Promise<Caller | null> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
  const [row] = await sessionQuery(db).where(
    and(eq(sessions.id, sessionId), eq(sessions.kind, "web"), isNull(sessions.revokedAt), gt(sessions.validUntil, now)),
  );
  if (!row?.userActive || !row.systemActive) return null;
  return toCaller(row);
}

/** Logout, password change, deactivation: every session of the user ends (optionally but one). */
export async function revokeUserSessions(db: Database, userId: string, exceptSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions));
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Rotates a refresh token (DESIGN.md "Tokens"); unknown, used or expired answers 410. */
export async function rotateRefreshToken(
  db: Database,
  opts: { refreshToken: string; token?: string; tokenExpirationMinutes: number; now?: Date },
): Promise<{ session: IssuedSession; caller: Caller }> {
  const now = opts.now ?? new Date();
  const oldHash = hashToken(opts.refreshToken);
  const token = newToken();
  const refreshToken = newToken();
  const lifetimes = tokenLifetimes(opts.tokenExpirationMinutes, now);
  const conditions = [
    eq(sessions.refreshTokenHash, oldHash),
    eq(sessions.kind, "api"),
    isNull(sessions.revokedAt),
    gt(sessions.refreshValidUntil, now),
  ];
  if (opts.token) conditions.push(eq(sessions.tokenHash, hashToken(opts.token)));
  // one UPDATE both checks and rotates, so a refresh token is used at most once even when raced
  const [updated] = await db
    .update(sessions)
    .set({ tokenHash: hashToken(token), refreshTokenHash: hashToken(refreshToken), ...lifetimes })
    .where(and(...conditions))
    .returning({ id: sessions.id, createdAt: sessions.createdAt });
  if (!updated) throw new AppError("RefreshTokenExpired");
  const [row] = await sessionQuery(db).where(eq(sessions.id, updated.id));
  if (!row?.userActive || !row.systemActive) {
    await revokeSession(db, updated.id);
    throw new AppError("RefreshTokenExpired");
  }
  return {
    session: { id: updated.id, token, refreshToken, validUntil: lifetimes.validUntil, created: updated.createdAt },
    caller: toCaller(row),
  };
}

/** The answer of a login or a refresh (spec foundation §3 "Token holder") for an issued session. */
export function tokenHolderOf(
  s: IssuedSession,
  u: { id: string; name: string; roles: string[]; requiresPasswordChange: boolean },
  sys: { id: string; name: string },
): TokenHolder {
  return {
    userId: u.id,
    userName: u.name,
    systemId: sys.id,
    systemName: sys.name,
    token: s.token,
    refreshToken: s.refreshToken,
    roles: effectiveRoles(u.roles),
    validUntil: s.validUntil.toISOString(),
    created: s.created.toISOString(),
    requiresPasswordChange: u.requiresPasswordChange,
  };
}
