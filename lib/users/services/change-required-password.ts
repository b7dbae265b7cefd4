import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { revealPassword } from "@/lib/auth/obfuscation";
import { passwordRuleEntries, passwordRuleFailures } from "@/lib/auth/password-policy";
import { hashPassword } from "@/lib/auth/passwords";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { getStationId } from "@/lib/settings/store";
import { refusalForUser } from "../access";
import { findUser } from "../queries";
import { ZChangeRequired } from "../schemas";

/**
 * spec foundation §4 "User flag": the forced change after login. Only the user itself, only while the
 * flag is set; the new password obeys §5; every session of the user ends (the client signs in again).
 */
export async function changeRequiredPassword(
  db: Database,
  opts: { caller: Caller; userId: string; input: unknown },
): Promise<void> {
  const data = parseInput(ZChangeRequired, opts.input);
  const { caller } = opts;
  const row = await findUser(db, { userId: opts.userId });
  if (!row) throw new AppError("UserNotFound");
  if (row.user.id !== caller.userId) throw refusalForUser(caller, row);
  if (row.user.type === "CSB") throw new AppError("InvalidCsbUserOperation");
  if (!row.user.requiresPasswordChange) throw new AppError("BadRequest");
  const newPassword = revealPassword(data.newPassword, await getStationId(db), caller.systemName);
  const failures = passwordRuleFailures(newPassword);
  if (failures.length) throw AppError.many(passwordRuleEntries(failures));
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, requiresPasswordChange: false, updatedAt: new Date() })
      .where(eq(users.id, row.user.id));
    await revokeUserSessions(tx, row.user.id);
    await writeAudit(tx, caller, {
      category: "User",
      operation: "Update",
      systemId: row.user.systemId,
      value: { id: row.user.id, name: row.user.name, password: "changed", requiresPasswordChange: false },
    });
  });
}
