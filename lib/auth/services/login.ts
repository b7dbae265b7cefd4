import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems, users } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { countCall } from "@/lib/limits";
import { log } from "@/lib/log";
import { getServiceConfig, getStationId } from "@/lib/settings/store";
import { revealPassword } from "../obfuscation";
import { dummyPasswordHash, verifyPassword } from "../passwords";
import { type TokenHolder, ZLogin } from "../schemas";
import { createSession, tokenHolderOf } from "../sessions";

type LoginResult = { holder: TokenHolder; sessionId: string };

/**
 * spec foundation §2 "Login", DESIGN.md "Lockout": the same error for an unknown user and a wrong
 * password; after maxFailedAccessAttempts failures in a row the user is locked for lockoutMinutes.
 */
export async function login(
  db: Database,
  input: unknown,
  kind: "api" | "web" = "api",
  opts: { address?: string | null } = {},
): Promise<LoginResult> {
  const { systemName, userName, password: sent } = parseInput(ZLogin, input);
  // issue 26 §4: attempts per minute from one address and for one user name, whatever their outcome
  await countCall(db, [
    { rule: "signInPerAddress", subject: opts.address },
    { rule: "signInPerUser", subject: `${systemName.toLowerCase()}/${userName}` },
  ]);
  const password = revealPassword(sent, await getStationId(db), systemName);
  const config = await getServiceConfig(db);
  const now = new Date();

  const [row] = await db
    .select({ user: users, system: { id: systems.id, name: systems.name, isActive: systems.isActive } })
    .from(users)
    .innerJoin(systems, eq(systems.id, users.systemId))
    .where(and(eq(sql`lower(${systems.name})`, systemName.toLowerCase()), eq(users.name, userName)));

  if (!row?.user.passwordHash) {
    await verifyPassword(await dummyPasswordHash(), password);
    throw new AppError("InvalidCredentials");
  }
  const { user, system } = row;
  if (user.lockoutEnd && user.lockoutEnd > now) {
    throw lockedOut(user.lockoutEnd, now);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordFailure(db, user.id, user.lockoutEnd !== null, config, now);
    throw await lockoutOrInvalid(db, user.id);
  }
  if (!user.isActive) throw new AppError("UserDisabled");
  if (!system.isActive) throw new AppError("SystemDeactivated");

  if (user.failedAccessCount > 0 || user.lockoutEnd) {
    await db.update(users).set({ failedAccessCount: 0, lockoutEnd: null }).where(eq(users.id, user.id));
  }
  const session = await createSession(db, { userId: user.id, kind, tokenExpirationMinutes: config.tokenExpirationMinutes, now });
  log.info({ userId: user.id, system: system.name, kind }, "login");
  return { holder: tokenHolderOf(session, user, system), sessionId: session.id };
}

async function recordFailure(
  db: Database,
  userId: string,
  hadExpiredLock: boolean,
  config: { maxFailedAccessAttempts: number; lockoutMinutes: number },
  now: Date,
): Promise<void> {
  // a lock that has run out starts a new count
  const count = hadExpiredLock ? sql`1` : sql`${users.failedAccessCount} + 1`;
  const lockUntil = new Date(now.getTime() + config.lockoutMinutes * 60_000);
  await db
    .update(users)
    .set({
      failedAccessCount: sql`case when ${count} >= ${config.maxFailedAccessAttempts} then 0 else ${count} end`,
      lockoutEnd: sql`case when ${count} >= ${config.maxFailedAccessAttempts} then ${lockUntil.toISOString()}::timestamptz else null end`,
    })
    .where(eq(users.id, userId));
}

async function lockoutOrInvalid(db: Database, userId: string): Promise<AppError> {
  const [u] = await db.select({ lockoutEnd: users.lockoutEnd }).from(users).where(eq(users.id, userId));
  return u?.lockoutEnd ? lockedOut(u.lockoutEnd, new Date()) : new AppError("InvalidCredentials");
}

/** The locked answer says when to try again (issue 26 §4). */
function lockedOut(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError("UserLockedOut", { until: until.toISOString() }, { headers: { "retry-after": String(seconds) } });
}
