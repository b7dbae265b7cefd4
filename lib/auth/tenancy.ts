import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type SystemType, systems } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import type { ErrorCode } from "@/lib/errors/codes";
import { refusal, worksIn } from "./access";
import type { Caller } from "./caller";

/** What access decisions need of a system: the one read of a system every area's check goes through. */
export type TenantSystem = {
  id: string;
  name: string;
  type: SystemType;
  isActive: boolean;
  canReadGlobalResources: boolean;
};

export type SystemKey = { id: string } | { name: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The system of an id or a name, or undefined when there is none. Names compare case-insensitively (spec foundation
 * §5 "System name": unique, not Supersystem in any case); an id that is no UUID names no system.
 */
export async function findSystem(db: Database, by: SystemKey): Promise<TenantSystem | undefined> {
  if ("id" in by && !UUID.test(by.id)) return undefined;
  const [row] = await db
    .select({
      id: systems.id,
      name: systems.name,
      type: systems.type,
      isActive: systems.isActive,
      canReadGlobalResources: systems.canReadGlobalResources,
    })
    .from(systems)
    .where("id" in by ? eq(systems.id, by.id) : eq(sql`lower(${systems.name})`, by.name.toLowerCase()));
  return row;
}

/**
 * The system the caller may act in (issue 10, lib/auth/access.ts `refusal`): `notFound` (SystemNotFound unless said)
 * when it does not exist or is foreign, as if it did not exist; 403 AccessDenied within the caller's own system when
 * `may` says no. `may` is the area's permission predicate; left out, working in the system (its own users, its deputy)
 * is enough.
 */
export async function systemForCaller(
  db: Database,
  caller: Caller,
  by: SystemKey,
  opts: { may?: (system: TenantSystem) => boolean; notFound?: ErrorCode } = {},
): Promise<TenantSystem> {
  const { may = (system: TenantSystem) => worksIn(caller, system), notFound = "SystemNotFound" } = opts;
  const system = await findSystem(db, by);
  if (!system) throw new AppError(notFound);
  if (!may(system)) throw refusal(caller, system, new AppError(notFound));
  return system;
}
