import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems, users } from "@/db/schema";
import { isSupersystemName } from "@/lib/auth/permissions";
import { getServiceConfig } from "@/lib/config/service-config";
import { AppError } from "@/lib/errors/app-error";
import { findUser } from "../queries";

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

/** Links in mails point at the configured service URL, else at the origin the request came from. */
export async function linkBase(db: Database, origin: string): Promise<string> {
  const configured = (await getServiceConfig(db)).serviceUrl;
  return (configured || origin).replace(/\/+$/, "");
}
