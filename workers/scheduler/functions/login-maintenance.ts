import { and, eq, inArray, isNotNull, lt, or, type SQL } from "drizzle-orm";
import { sessions, users } from "@/db/schema";
import { log } from "@/lib/log";
import type { TaskFunction } from "./types";

/** Expired or revoked sessions are kept this long for reference, then purged. */
export const SESSION_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * LoginMaintenance (DESIGN.md "Lockout", "Tokens"): clears locks that have run out (and the failure count with them)
 * and purges sessions whose refresh token expired, or that were revoked, more than a day ago. Idempotent: a second run
 * changes nothing more. A system's run touches only that system's users.
 */
export const loginMaintenance: TaskFunction = async ({ db, systemId, now }) => {
  const inSystem = (condition: SQL | undefined) => (systemId ? and(condition, eq(users.systemId, systemId)) : condition);
  const unlocked = await db
    .update(users)
    .set({ lockoutEnd: null, failedAccessCount: 0 })
    .where(inSystem(and(isNotNull(users.lockoutEnd), lt(users.lockoutEnd, now))))
    .returning({ id: users.id });
  const before = new Date(now.getTime() - SESSION_RETENTION_MS);
  const old = or(lt(sessions.refreshValidUntil, before), lt(sessions.revokedAt, before));
  const purged = await db
    .delete(sessions)
    .where(
      systemId
        ? and(old, inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.systemId, systemId))))
        : old,
    )
    .returning({ id: sessions.id });
  log.info({ task: "LoginMaintenance", systemId, unlocked: unlocked.length, purgedSessions: purged.length }, "task done");
  return {
    message: `${unlocked.length} lock(s) cleared, ${purged.length} session(s) purged`,
    details: { unlocked: unlocked.length, purgedSessions: purged.length },
  };
};
