import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { revealPassword } from "@/lib/auth/obfuscation";
import { passwordRuleEntries, passwordRuleFailures } from "@/lib/auth/password-policy";
import { hashPassword } from "@/lib/auth/passwords";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { AppError } from "@/lib/errors/app-error";
import { getStationId } from "@/lib/settings/store";
import type { UserRow } from "../queries";

/** The hash of a new password sent (possibly obfuscated, DESIGN.md) after spec foundation §5's rules. */
export async function newPasswordHash(db: Database, value: string, systemName: string): Promise<string> {
  const password = revealPassword(value, await getStationId(db), systemName);
  const failures = passwordRuleFailures(password);
  if (failures.length) throw AppError.many(passwordRuleEntries(failures));
  return hashPassword(password);
}

/** Sets a password, ends every session of the user and records it; a reset also lifts a lockout. */
export async function storePassword(
  db: Database,
  opts: {
    target: UserRow;
    passwordHash: string;
    actor: { userId: string; userName: string; deputyFor?: string };
    via: string;
    /** runs first in the same transaction (a link token is used only when the password is stored) */
    consume?: (tx: Database) => Promise<unknown>;
  },
): Promise<void> {
  const { target } = opts;
  await db.transaction(async (tx) => {
    await opts.consume?.(tx);
    await tx
      .update(users)
      .set({
        passwordHash: opts.passwordHash,
        requiresPasswordChange: false,
        lockoutEnd: null,
        failedAccessCount: 0,
        updatedAt: new Date(),
      })
      .where(eq(users.id, target.user.id));
    await revokeUserSessions(tx, target.user.id);
    await writeAudit(tx, opts.actor, {
      category: "User",
      operation: "Update",
      systemId: target.user.systemId,
      value: { id: target.user.id, name: target.user.name, password: "changed", via: opts.via },
    });
  });
}

/** The user acting on its own account (a mailed link): the audit trail's actor. */
export function self(target: UserRow) {
  return { userId: target.user.id, userName: target.user.name };
}
