import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { revealPassword } from "@/lib/auth/obfuscation";
import { passwordRuleEntries, passwordRuleFailures } from "@/lib/auth/password-policy";
import { hashPassword } from "@/lib/auth/passwords";
import { DEFAULT_ROLE } from "@/lib/auth/roles";
import { systemForCaller } from "@/lib/auth/tenancy";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { getStationId } from "@/lib/settings/store";
import { grantableRoles, managesUsersOf } from "../access";
import { getUserForCaller } from "../queries";
import { type UserDto, ZNewUser } from "../schemas";

/**
 * POST users/register (spec foundation §3 "New user", §5 "New user"): an administrator adds a user to
 * its own system, a SuperAdmin to the Supersystem, a deputy to the system it administers. Admin roles
 * exist only in the Supersystem and system roles only in tenant systems, so nobody grants a role of
 * the other portal.
 */
export async function registerUser(db: Database, opts: { caller: Caller; input: unknown }): Promise<UserDto> {
  const input = parseInput(ZNewUser, opts.input);
  const { caller } = opts;

  const system = await systemForCaller(db, caller, { name: input.systemName }, { may: (s) => managesUsersOf(caller, s) });

  const grantable = grantableRoles(system);
  const errors: ErrorEntry[] = input.roles
    .filter((r) => !grantable.includes(r))
    .map((role) => ({ code: "RoleNotAllowed", params: { role } }));
  // spec foundation §2/§5: CSB-type users have no e-mail and no password; in a CSB system the
  // password is not required (the content-services backend signs its users in)
  const isCsb = input.type === "CSB";
  const email = isCsb ? null : input.emailAddress || null;
  let password: string | null = null;
  if (!isCsb) {
    password = revealPassword(input.password ?? "", await getStationId(db), system.name);
    const optional = system.type === "CSB";
    errors.push(...passwordRuleEntries(passwordRuleFailures(password, { optional })));
    if (password === "") password = null;
  }
  if (errors.length) throw AppError.many(errors);

  const passwordHash = password ? await hashPassword(password) : null;
  const id = await db.transaction(async (tx) => {
    const [sameName] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.systemId, system.id), eq(users.name, input.name)));
    if (sameName) throw new AppError("UserAlreadyExists", { name: input.name });
    if (email) {
      const [sameEmail] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.systemId, system.id), eq(sql`lower(${users.emailAddress})`, email.toLowerCase())));
      if (sameEmail) throw new AppError("EmailInUse");
    }
    const roles = input.roles.filter((r) => r !== DEFAULT_ROLE);
    const [row] = await tx
      .insert(users)
      .values({
        systemId: system.id,
        name: input.name,
        fullName: input.fullName,
        emailAddress: email,
        isActive: input.isActive,
        roles,
        language: input.language,
        requiresPasswordChange: isCsb ? false : input.requiresPasswordChange,
        type: input.type,
        passwordHash,
      })
      .returning({ id: users.id });
    if (!row) throw new Error("user insert returned nothing");
    await writeAudit(tx, actingIn(caller, system), {
      category: "User",
      operation: "Create",
      systemId: system.id,
      value: {
        id: row.id,
        name: input.name,
        fullName: input.fullName,
        emailAddress: email,
        roles,
        type: input.type,
        isActive: input.isActive,
      },
    });
    return row.id;
  });
  return getUserForCaller(db, caller, { userId: id });
}
