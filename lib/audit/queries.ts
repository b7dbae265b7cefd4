import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { auditTrail, systems } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { findSystem, systemForCaller } from "@/lib/auth/tenancy";
import { AppError } from "@/lib/errors/app-error";
import { type AuditFilter, auditScopeOf } from "./access";
import type { AuditFilters, AuditItem, AuditPage, AuditSearch, AuditSystem } from "./schemas";

/**
 * Which rows a caller's search covers (spec operations §6): with ManageAdminAuditTrail (Supersystem) any system's, or
 * all when none is named; with ManageAuditTrail only its own system's. Another system's rows answer 404
 * SystemNotFound, as an unknown system does; the caller's own system without either permission 403 AccessDenied. An
 * administrator may name a system that no longer exists: the trail outlives it.
 */
export async function auditFilterFor(db: Database, caller: Caller, systemId: string | undefined): Promise<AuditFilter> {
  const scope = auditScopeOf(caller);
  const target = systemId ?? caller.systemId;
  if (scope === "all") {
    if (!systemId) return { kind: "all" };
    const system = await findSystem(db, { id: systemId });
    return { kind: "system", systemId, withoutSystem: system?.type === "Super" };
  }
  const system = await systemForCaller(db, caller, { id: target }, { may: (s) => scope === "own" && s.id === caller.systemId });
  return { kind: "system", systemId: system.id, withoutSystem: system.type === "Super" };
}

/** The caller may read some of the trail (the feeds that name no system): else 403. */
export function assertReadsAuditTrail(caller: Caller): void {
  if (!auditScopeOf(caller)) throw new AppError("AccessDenied");
}

/** `*` is the wildcard; LIKE's own `%`, `_` and its escape character are plain characters. */
export function likePattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*+/g, "%");
}

function systemCondition(filter: AuditFilter): SQL | undefined {
  if (filter.kind === "all") return undefined;
  const own = eq(auditTrail.systemId, filter.systemId);
  return filter.withoutSystem ? or(own, isNull(auditTrail.systemId)) : own;
}

/** The WHERE of a search: every filter of spec operations §3 "Audit-trail search" that is set. */
export function auditCondition(filter: AuditFilter, s: AuditFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [systemCondition(filter)];
  // a value of wildcards only matches every row: no condition (and no scan of every value)
  if (s.value && s.value.replace(/\*/g, "") !== "") where.push(ilike(auditTrail.value, likePattern(s.value)));
  if (s.categories.length) where.push(inArray(auditTrail.category, s.categories));
  if (s.operations.length) where.push(inArray(auditTrail.operation, s.operations));
  if (s.project) where.push(eq(auditTrail.project, s.project));
  if (s.user) where.push(eq(auditTrail.username, s.user));
  if (s.start) where.push(gte(auditTrail.timestamp, s.start));
  if (s.end) where.push(lte(auditTrail.timestamp, s.end));
  return and(...where);
}

/** Rows of a search, newest first (timestamp, then id), with their system's current name. */
function selectItems(db: Database, condition: SQL | undefined) {
  return db
    .select({
      id: auditTrail.id,
      timestamp: auditTrail.timestamp,
      category: auditTrail.category,
      operation: auditTrail.operation,
      systemId: auditTrail.systemId,
      systemName: systems.name,
      project: auditTrail.project,
      username: auditTrail.username,
      deputy: auditTrail.deputy,
      value: auditTrail.value,
      // the time in full (microseconds; a Date holds milliseconds): where the export's next batch continues
      cursor: sql<string>`${auditTrail.timestamp}::text`,
    })
    .from(auditTrail)
    .leftJoin(systems, eq(systems.id, auditTrail.systemId))
    .where(condition)
    .orderBy(desc(auditTrail.timestamp), desc(auditTrail.id));
}
type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

const toItem = ({ cursor, ...row }: ItemRow): AuditItem => ({ ...row, timestamp: row.timestamp.toISOString() });

/**
 * GET v3/audittrail/ (spec operations §3): one page of the matching rows, newest first, and the exact number of
 * matches. Page and count are sent together; both read along the indexes of db/schema/audit.ts (the value through
 * its trigram index, the filters and the order through the b-tree indexes that end in timestamp, id).
 */
export async function searchAuditTrail(db: Database, opts: { caller: Caller; search: AuditSearch }): Promise<AuditPage> {
  const { search } = opts;
  const filter = await auditFilterFor(db, opts.caller, search.systemId);
  return auditPage(db, filter, search);
}

/** The page of a search whose rows the caller may read (the benchmark measures this against the bare SQL). */
export async function auditPage(db: Database, filter: AuditFilter, search: AuditSearch): Promise<AuditPage> {
  const condition = auditCondition(filter, search);
  const counting = db.select({ n: sql<number>`count(*)::int` }).from(auditTrail).where(condition);
  const paging = selectItems(db, condition)
    .limit(search.pageSize)
    .offset(search.page * search.pageSize);
  const [[count], rows] = await Promise.all([counting, paging]);
  return {
    items: rows.map(toItem),
    totalCount: count?.n ?? 0,
    pageNumber: search.page,
    pageSize: search.pageSize,
  };
}

/** The number of rows a search matches (the export checks its bound first). */
export async function countAudit(db: Database, filter: AuditFilter, search: AuditFilters) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditTrail).where(auditCondition(filter, search));
  return row?.n ?? 0;
}

/**
 * Every row of a search, newest first, in batches: each batch continues below the last row of the one before
 * (timestamp, id), so that a long export reads along the index and never pages with OFFSET.
 */
export async function* auditBatches(
  db: Database,
  filter: AuditFilter,
  search: AuditFilters,
  batchSize = 1000,
): AsyncGenerator<AuditItem[]> {
  const condition = auditCondition(filter, search);
  let last: ItemRow | undefined;
  for (;;) {
    // below the last row in the order (timestamp, id), read along the index by the row comparison
    const after = last ? sql`(${auditTrail.timestamp}, ${auditTrail.id}) < (${last.cursor}::timestamptz, ${last.id})` : undefined;
    const rows = await selectItems(db, and(condition, after)).limit(batchSize);
    if (rows.length) yield rows.map(toItem);
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1];
  }
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/**
 * The distinct non-null values of `column` among the rows of one system (or those without a system), read by skipping
 * along the index (system_id, column, …): one index probe per distinct value instead of a scan of the system's rows.
 */
async function distinctValues(db: Database, column: "project" | "username", systemId: string | null): Promise<string[]> {
  const col = sql.identifier(column === "project" ? auditTrail.project.name : auditTrail.username.name);
  const system = systemId === null ? sql`system_id is null` : sql`system_id = ${systemId}`;
  const result = await db.execute(sql`with recursive v(value) as (
      (select ${col} from ${auditTrail} where ${system} and ${col} is not null order by ${col} limit 1)
      union all
      select (select ${col} from ${auditTrail} where ${system} and ${col} > v.value order by ${col} limit 1)
      from v where v.value is not null
    )
    select value from v where value is not null`);
  return rowsOf<{ value: string }>(result).map((r) => r.value);
}

/** The ids of the systems that have rows in the trail (skipping along audit_trail_system_time_idx). */
async function systemIdsInTrail(db: Database): Promise<string[]> {
  const result = await db.execute(sql`with recursive s(id) as (
      (select system_id from ${auditTrail} where system_id is not null order by system_id limit 1)
      union all
      select (select system_id from ${auditTrail} where system_id > s.id order by system_id limit 1) from s where s.id is not null
    )
    select id from s where id is not null`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

const byName = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

/**
 * GET v3/audittrail/projects|users?systemId= (docs/decisions.md "Audit trail"): the names that occur in that system's
 * rows, so that every choice finds rows, including projects and users since renamed or deleted; by name.
 */
export async function listAuditNames(
  db: Database,
  opts: { caller: Caller; systemId?: string; column: "project" | "username" },
): Promise<string[]> {
  const filter = await auditFilterFor(db, opts.caller, opts.systemId ?? opts.caller.systemId);
  if (filter.kind === "all") return [];
  const names = new Set(await distinctValues(db, opts.column, filter.systemId));
  if (filter.withoutSystem) for (const n of await distinctValues(db, opts.column, null)) names.add(n);
  return [...names].sort(byName);
}

/**
 * GET v3/audittrail/systems: the systems a caller may search. An administrator of the trail: the Supersystem first,
 * then every system by name, then the ids of deleted systems that still have rows (name null); anyone else its own.
 */
export async function listAuditSystems(db: Database, caller: Caller): Promise<AuditSystem[]> {
  const scope = auditScopeOf(caller);
  if (!scope) throw new AppError("AccessDenied");
  if (scope === "own") return [{ id: caller.systemId, name: caller.systemName }];
  const rows = await db
    .select({ id: systems.id, name: systems.name, type: systems.type })
    .from(systems)
    .orderBy(asc(sql`lower(${systems.name})`));
  const known = new Set(rows.map((r) => r.id));
  const gone = (await systemIdsInTrail(db)).filter((id) => !known.has(id)).sort();
  return [
    ...rows.filter((r) => r.type === "Super"),
    ...rows.filter((r) => r.type !== "Super"),
    ...gone.map((id) => ({ id, name: null })),
  ].map(({ id, name }) => ({ id, name }));
}
