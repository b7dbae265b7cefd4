import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems, users } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isDeputyFor } from "@/lib/auth/permissions";
import { effectiveRoles } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors/app-error";
import type { UserDto } from "./schemas";

/**
 * Who may read or change a user: the user, an administrator of the user's system, or an
 * administrator of the Supersystem who administers that system as deputy.
 */
export function canManageUserOf(caller: Caller, target: { userId: string; systemId: string; systemName: string }): boolean {
  if (caller.userId === target.userId) return true;
  if (!hasPermission(caller.roles, "ManageUsers") && !hasPermission(caller.roles, "ManageAdminUsers")) return false;
  return caller.systemId === target.systemId || isDeputyFor(caller, target.systemName);
}

export async function findUser(db: Database, params: { userId: string }) {
  const [row] = await db
    .select({ user: users, systemName: systems.name })
    .from(users)
    .innerJoin(systems, eq(systems.id, users.systemId))
    .where(eq(users.id, params.userId));
  return row;
}

/** A user as the caller may see it; foreign tenants get 404, never data. */
export async function getUserForCaller(db: Database, caller: Caller, params: { userId: string }): Promise<UserDto> {
  const row = await findUser(db, params);
  if (!row || !canManageUserOf(caller, { userId: row.user.id, systemId: row.user.systemId, systemName: row.systemName })) {
    throw new AppError("UserNotFound");
  }
  const { user } = row;
  const locked = user.lockoutEnd !== null && user.lockoutEnd > new Date();
  return {
    id: user.id,
    name: user.name,
    systemId: user.systemId,
    systemName: row.systemName,
    fullName: user.fullName,
    emailAddress: user.emailAddress,
    isActive: user.isActive,
    roles: effectiveRoles(user.roles),
    language: user.language,
    requiresPasswordChange: user.requiresPasswordChange,
    type: user.type,
    isLockedOut: locked,
    lockoutEnd: locked && user.lockoutEnd ? user.lockoutEnd.toISOString() : null,
  };
}
