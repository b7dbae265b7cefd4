import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { refusal } from "@/lib/auth/access";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { revealPassword } from "@/lib/auth/obfuscation";
import { passwordRuleEntries, passwordRuleFailures } from "@/lib/auth/password-policy";
import { hashPassword } from "@/lib/auth/passwords";
import { DEFAULT_ROLE } from "@/lib/auth/roles";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { getStationId } from "@/lib/settings/store";
import { grantableRoles, managesUsersOf } from "../access";
import { assertEmailFree, assertNameFree, assertNotLastSuperAdmin, getUserForCaller, loadUser } from "../queries";
import { type UserDto, ZEditUser } from "../schemas";

/**
 * PUT users/ (spec foundation §2 "User form", §5 "Edit user"): an administrator changes a user of a
 * system it administers, never its own user (that is the account page). The type stays; the password
 * is optional and checked only when given; CSB users have neither e-mail nor password.
 */
export async function updateUser(db: Database, opts: { caller: Caller; input: unknown }): Promise<UserDto> {
  const input = parseInput(ZEditUser, opts.input);
  const { caller } = opts;
  const target = await loadUser(db, input.id);
  const system = { id: target.user.systemId, name: target.systemName };
  if (!managesUsersOf(caller, system)) throw refusal(caller, system, new AppError("UserNotFound"));
  if (target.user.id === caller.userId) throw new AppError("OwnUserNotEditable");

  const errors: ErrorEntry[] = [];
  if (input.type && input.type !== target.user.type) errors.push({ code: "UserTypeNotChangeable" });
  const grantable = grantableRoles(system);
  for (const role of input.roles) if (!grantable.includes(role)) errors.push({ code: "RoleNotAllowed", params: { role } });
  const isCsb = target.user.type === "CSB";
  const email = input.emailAddress || null;
  if (isCsb && (email || input.password)) errors.push({ code: "InvalidCsbUserOperation" });
  let passwordHash: string | undefined;
  if (!isCsb && input.password) {
    const password = revealPassword(input.password, await getStationId(db), target.systemName);
    const failures = passwordRuleFailures(password, { optional: true });
    errors.push(...passwordRuleEntries(failures));
    if (!failures.length) passwordHash = await hashPassword(password);
  }
  if (errors.length) throw AppError.many(errors);

  const roles = input.roles.filter((r) => r !== DEFAULT_ROLE);
  const losesSuperAdmin = !input.isActive || !roles.includes("SuperAdmin");
  await db.transaction(async (tx) => {
    if (input.name !== target.user.name) await assertNameFree(tx, system.id, input.name, target.user.id);
    if (email) await assertEmailFree(tx, system.id, email, target.user.id);
    if (losesSuperAdmin) await assertNotLastSuperAdmin(tx, target);
    await tx
      .update(users)
      .set({
        name: input.name,
        fullName: input.fullName,
        emailAddress: isCsb ? null : email,
        isActive: input.isActive,
        roles,
        language: input.language,
        requiresPasswordChange: isCsb ? false : input.requiresPasswordChange,
        ...(passwordHash ? { passwordHash } : {}),
        // DESIGN.md "Lockout": an administrator can unlock in the user form
        ...(input.unlock ? { lockoutEnd: null, failedAccessCount: 0 } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, target.user.id));
    // deactivation and a new password end the user's sessions
    if (!input.isActive || passwordHash) await revokeUserSessions(tx, target.user.id);
    await writeAudit(tx, actingIn(caller, system), {
      category: "User",
      operation: "Update",
      systemId: system.id,
      value: {
        id: target.user.id,
        name: input.name,
        fullName: input.fullName,
        emailAddress: isCsb ? null : email,
        isActive: input.isActive,
        roles,
        language: input.language,
        requiresPasswordChange: input.requiresPasswordChange,
        ...(passwordHash ? { password: "changed" } : {}),
        ...(input.unlock ? { unlocked: true } : {}),
      },
    });
  });
  return getUserForCaller(db, caller, { userId: target.user.id });
}
