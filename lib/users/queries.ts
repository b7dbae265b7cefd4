import { and, arrayOverlaps, asc, desc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems, type User, users } from "@/db/schema";
import { refusal } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { isSupersystemName, PERMISSIONS, type Permission } from "@/lib/auth/permissions";
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

/** GET systems/{id}/userNames: names for filters, to anyone working in that system (the route's systemForCaller). */
export async function userNamesOf(db: Database, params: { systemId: string }): Promise<string[]> {
  const rows = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.systemId, params.systemId))
    .orderBy(asc(users.name));
  return rows.map((r) => r.name);
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** The target user with its system; 404 when missing (callers decide access themselves). */
export async function loadUser(db: Database, userId: string): Promise<UserRow> {
  const row = await findUser(db, { userId });
  if (!row) throw new AppError("UserNotFound");
  return row;
}

export async function assertNameFree(tx: Database, systemId: string, name: string, exceptUserId?: string): Promise<void> {
  const conditions = [eq(users.systemId, systemId), eq(users.name, name)];
  if (exceptUserId) conditions.push(ne(users.id, exceptUserId));
  const [same] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions));
  if (same) throw new AppError("UserAlreadyExists", { name });
}

/** E-mail addresses are unique within a system, whatever their case (docs/decisions.md). */
export async function assertEmailFree(tx: Database, systemId: string, email: string, exceptUserId?: string): Promise<void> {
  const conditions = [eq(users.systemId, systemId), eq(sql`lower(${users.emailAddress})`, email.toLowerCase())];
  if (exceptUserId) conditions.push(ne(users.id, exceptUserId));
  const [same] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions));
  if (same) throw new AppError("EmailInUse");
}

const LAST_SUPERADMIN_LOCK = 4_912_502;

/** The last active SuperAdmin of the Supersystem cannot lose the role, be deactivated or deleted. */
export async function assertNotLastSuperAdmin(tx: Database, target: UserRow): Promise<void> {
  if (!isSupersystemName(target.systemName) || !target.user.isActive || !target.user.roles.includes("SuperAdmin")) return;
  // serialise concurrent removals of SuperAdmins until this transaction ends, or two could each see the other remain
  await tx.execute(sql`select pg_advisory_xact_lock(${LAST_SUPERADMIN_LOCK})`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(systems, eq(systems.id, users.systemId))
    .where(
      and(
        eq(users.systemId, target.user.systemId),
        eq(users.isActive, true),
        ne(users.id, target.user.id),
        sql`'SuperAdmin' = any(${users.roles})`,
      ),
    );
  if (!row || row.count === 0) throw new AppError("LastSuperAdmin");
}

/** Whom a notice mails: an address, the name to greet and the language to write in. */
export type MailRecipient = { email: string; name: string; language: User["language"] };

/**
 * The active users with an e-mail address who hold a permission, in the given systems and, with `supersystem`, in the
 * Supersystem: the recipients of a notice to a system's administrators (ManageSystemConfig) or the licence
 * administrators (ManageAdminLicence). One mail per address, however many of its users qualify.
 */
export async function usersToMail(
  db: Database,
  opts: { permission: Permission; systemIds?: string[]; supersystem?: boolean },
): Promise<MailRecipient[]> {
  const inSystems = opts.systemIds?.length ? inArray(users.systemId, opts.systemIds) : undefined;
  const inSupersystem = opts.supersystem ? eq(systems.type, "Super") : undefined;
  if (!inSystems && !inSupersystem) return [];
  const found = await db
    .select({ email: users.emailAddress, name: users.name, fullName: users.fullName, language: users.language })
    .from(users)
    .innerJoin(systems, eq(systems.id, users.systemId))
    .where(
      and(
        eq(users.isActive, true),
        isNotNull(users.emailAddress),
        ne(users.emailAddress, ""),
        arrayOverlaps(users.roles, [...PERMISSIONS[opts.permission]]),
        or(inSystems, inSupersystem),
      ),
    );
  const byAddress = new Map<string, MailRecipient>();
  for (const r of found)
    if (r.email) byAddress.set(r.email.toLowerCase(), { email: r.email, name: r.fullName || r.name, language: r.language });
  return [...byAddress.values()];
}
