import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems, type User, users } from "@/db/schema";
import { refusal, worksIn } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { effectiveRoles } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors/app-error";
import { canReadUser, managesUsersOf } from "./access";
import type { UserDto } from "./schemas";

export async function findUser(db: Database, params: { userId: string }) {
  const [row] = await db
    .select({ user: users, systemName: systems.name })
    .from(users)
    .innerJoin(systems, eq(systems.id, users.systemId))
    .where(eq(users.id, params.userId));
  return row;
}

/** A user as the caller may see it; foreign tenants get 404, never data; its own system 403 (lib/auth/access.ts). */
export async function getUserForCaller(db: Database, caller: Caller, params: { userId: string }): Promise<UserDto> {
  const row = await findUser(db, params);
  if (!row) throw new AppError("UserNotFound");
  const system = { id: row.user.systemId, name: row.systemName };
  if (!canReadUser(caller, { userId: row.user.id, system })) throw refusal(caller, system, new AppError("UserNotFound"));
  return toUserDto(row.user, row.systemName);
}

function toUserDto(user: User, systemName: string): UserDto {
  const locked = user.lockoutEnd !== null && user.lockoutEnd > new Date();
  return {
    id: user.id,
    name: user.name,
    systemId: user.systemId,
    systemName,
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

export const USER_SORT_COLUMNS = ["name", "fullName", "emailAddress", "isActive", "language", "type"] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/**
 * spec foundation §2 "Users list": the users of one system, paged and sorted on the server, for a
 * caller who administers that system (others get an empty page, never data).
 */
export async function listUsers(
  db: Database,
  caller: Caller,
  params: {
    system: { id: string; name: string };
    page: number;
    pageSize: number;
    sort?: { id: UserSortColumn; desc: boolean }[];
  },
): Promise<{ totalCount: number; items: UserDto[] }> {
  if (!managesUsersOf(caller, params.system)) return { totalCount: 0, items: [] };
  const columns = {
    name: users.name,
    fullName: users.fullName,
    emailAddress: users.emailAddress,
    isActive: users.isActive,
    language: users.language,
    type: users.type,
  };
  const order = (params.sort?.length ? params.sort : [{ id: "name" as const, desc: false }]).map((s) =>
    s.desc ? desc(columns[s.id]) : asc(columns[s.id]),
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.systemId, params.system.id));
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.systemId, params.system.id))
    .orderBy(...order, asc(users.id))
    .limit(params.pageSize)
    .offset(params.page * params.pageSize);
  return { totalCount: count?.n ?? 0, items: rows.map((u) => toUserDto(u, params.system.name)) };
}

/** GET systems/{id}/userNames: names for filters, to anyone working in that system (or its deputy). */
export async function userNamesOf(db: Database, caller: Caller, system: { id: string; name: string }): Promise<string[]> {
  if (!worksIn(caller, system) && !managesUsersOf(caller, system)) throw refusal(caller, system, new AppError("SystemNotFound"));
  const rows = await db.select({ name: users.name }).from(users).where(eq(users.systemId, system.id)).orderBy(asc(users.name));
  return rows.map((r) => r.name);
}
