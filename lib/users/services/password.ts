import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { systems, users, userTokens } from "@/db/schema";
import { writeAudit } from "@/lib/audit/service";
import { refusal } from "@/lib/auth/access";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { revealPassword } from "@/lib/auth/obfuscation";
import { passwordRuleEntries, passwordRuleFailures } from "@/lib/auth/password-policy";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { getServiceInfo, getStationId } from "@/lib/config/service-config";
import { hashToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { fromZodError } from "@/lib/errors/envelope";
import { log } from "@/lib/log";
import type { MailKind } from "@/lib/mail/templates";
import { managesUsersOf, refusalForUser } from "../access";
import { consumeLinkToken } from "../link-tokens";
import { ZForgotPassword, ZPasswordChange, ZPasswordViaLink, ZResetWithToken } from "../schemas";
import { mailLink } from "./mail-link";
import { loadUser, type UserRow } from "./shared";

async function newPasswordHash(db: Database, value: string, systemName: string): Promise<string> {
  const password = revealPassword(value, await getStationId(db), systemName);
  const failures = passwordRuleFailures(password);
  if (failures.length) throw AppError.many(passwordRuleEntries(failures));
  return hashPassword(password);
}

/** Sets a password, ends every session of the user and records it; a reset also lifts a lockout. */
async function storePassword(
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

function self(target: UserRow) {
  return { userId: target.user.id, userName: target.user.name };
}

/**
 * POST users/{id}/password/change (spec foundation §4 "Password change (account)"): the user itself,
 * with its old password. With e-mail confirmation active and an e-mail present only the old password
 * is asked and a link is mailed; otherwise the new password is set at once (the portal signs in again).
 */
export async function changeOwnPassword(
  db: Database,
  opts: { caller: Caller; userId: string; input: unknown; origin: string },
): Promise<{ result: "changed" | "linkSent" }> {
  const parsed = ZPasswordChange.safeParse(opts.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const target = await loadUser(db, opts.userId);
  if (target.user.id !== opts.caller.userId) throw refusalForUser(opts.caller, target);
  if (target.user.type === "CSB") throw new AppError("InvalidCsbUserOperation");
  const stationId = await getStationId(db);
  const oldPassword = revealPassword(parsed.data.oldPassword ?? "", stationId, target.systemName);
  if (!oldPassword) throw new AppError("missingOldPassword");
  if (!(await verifyPassword(target.user.passwordHash, oldPassword))) throw new AppError("WrongOldPassword");

  const { isEmailConfirmationActive } = await getServiceInfo(db);
  if (isEmailConfirmationActive && target.user.emailAddress) {
    await mailLink(db, { target, kind: "changePassword", origin: opts.origin });
    return { result: "linkSent" };
  }
  const passwordHash = await newPasswordHash(db, parsed.data.newPassword ?? "", target.systemName);
  await storePassword(db, { target, passwordHash, actor: self(target), via: "account" });
  return { result: "changed" };
}

/** POST users/{id}/password/changeViaLink: the mailed link of an account password change, once. */
export async function changePasswordViaLink(db: Database, opts: { userId: string; input: unknown }): Promise<void> {
  const parsed = ZPasswordViaLink.safeParse(opts.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const target = await loadUser(db, opts.userId).catch(() => {
    throw new AppError("LinkInvalid");
  });
  const passwordHash = await newPasswordHash(db, parsed.data.newPassword, target.systemName);
  const consume = (tx: Database) =>
    consumeLinkToken(tx, { token: parsed.data.token, purpose: "changePassword", userId: target.user.id });
  await storePassword(db, { target, passwordHash, actor: self(target), via: "link", consume });
}

/** POST users/{id}/password/reset: an administrator mails the user a reset link. */
export async function sendResetLink(db: Database, opts: { caller: Caller; userId: string; origin: string }): Promise<void> {
  const target = await loadUser(db, opts.userId);
  const system = { id: target.user.systemId, name: target.systemName };
  if (!managesUsersOf(opts.caller, system)) throw refusal(opts.caller, system, new AppError("UserNotFound"));
  if (target.user.type === "CSB") throw new AppError("InvalidCsbUserOperation");
  if (!target.user.emailAddress) throw new AppError("UserHasNoEmail");
  await mailLink(db, { target, kind: "resetPassword", origin: opts.origin });
  await writeAudit(db, actingIn(opts.caller, system), {
    category: "User",
    operation: "Update",
    systemId: system.id,
    value: { id: target.user.id, name: target.user.name, passwordResetLinkSent: true },
  });
}

/**
 * Forgot password (spec foundation §5): by user id, or by system name + user name + e-mail. The answer
 * never tells whether such a user exists; a matching user with an address gets the link.
 */
export async function requestPasswordReset(
  db: Database,
  opts: { by: { userId: string } | { systemName?: string; userName?: string; email?: string }; origin: string },
): Promise<void> {
  let target: UserRow | undefined;
  if ("userId" in opts.by) {
    if (!z.uuid().safeParse(opts.by.userId).success) throw new AppError("MissingUserId");
    target = await loadUser(db, opts.by.userId).catch(() => undefined);
  } else {
    const parsed = ZForgotPassword.safeParse(opts.by);
    if (!parsed.success) throw fromZodError(parsed.error);
    const { systemName, userName, email } = parsed.data;
    const [row] = await db
      .select({ id: users.id, email: users.emailAddress })
      .from(users)
      .innerJoin(systems, eq(systems.id, users.systemId))
      .where(and(eq(sql`lower(${systems.name})`, systemName.toLowerCase()), eq(users.name, userName)));
    if (row && row.email?.toLowerCase() === email.toLowerCase()) target = await loadUser(db, row.id);
  }
  if (!target?.user.emailAddress || target.user.type === "CSB" || !target.user.isActive) {
    log.info({ by: "userId" in opts.by ? "id" : "name" }, "password reset requested for no matching user");
    return;
  }
  // a failing mail server must not tell the anonymous caller that the user exists
  await mailLink(db, { target, kind: "resetPassword", origin: opts.origin }).catch((err: unknown) =>
    log.error({ err, userId: target.user.id }, "reset link for a forgotten password could not be mailed"),
  );
}

/** The reset page (/reset/{userName}/{token}): the token must belong to that user name; used once. */
export async function resetPasswordWithToken(db: Database, opts: { userName: string; input: unknown }): Promise<void> {
  const parsed = ZResetWithToken.safeParse(opts.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const [owner] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(parsed.data.token)),
        eq(userTokens.purpose, "resetPassword"),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
        eq(users.name, opts.userName),
      ),
    );
  if (!owner) throw new AppError("LinkInvalid");
  const target = await loadUser(db, owner.userId);
  const passwordHash = await newPasswordHash(db, parsed.data.newPassword, target.systemName);
  const consume = (tx: Database) =>
    consumeLinkToken(tx, { token: parsed.data.token, purpose: "resetPassword", userId: target.user.id });
  await storePassword(db, { target, passwordHash, actor: self(target), via: "reset", consume });
}

export type { MailKind };
