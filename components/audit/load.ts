import { loadOrErrors } from "@/components/portal/load";
import type { Database } from "@/db/client";
import { listAuditNames, listAuditSystems, searchAuditTrail } from "@/lib/audit/queries";
import { type AuditItem, type AuditSystem, toAuditFilters, ZAuditSearchQuery } from "@/lib/audit/schemas";
import type { Caller } from "@/lib/auth/caller";
import type { ErrorEntry } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { loadClampedPage, parsePaging } from "@/lib/paging";
import { type AuditFilterValues, auditEndBeforeStart, auditFiltersToQuery, readAuditFilters } from "./audit-query";

export type AuditTrailData = {
  filters: AuditFilterValues;
  /** the end lies before the start: the search did not run (spec operations §5) */
  endBeforeStart: boolean;
  rows: AuditItem[];
  total: number;
  page: number;
  pageSize: number;
  /** why the search failed (shown as audittrail_error_load) */
  errors: ErrorEntry[];
  /** the admin portal's system choice (empty in a system's portal: its system is fixed) */
  systems: AuditSystem[];
  projects: string[];
  users: string[];
};

type Query = Record<string, string | string[] | undefined>;

/** The query of GET v3/audittrail for the page's filters, as the route would receive it (bracket names as arrays). */
function searchInput(filters: AuditFilterValues, page: number, pageSize: number): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = { page: String(page), pageSize: String(pageSize) };
  for (const [key, value] of auditFiltersToQuery(filters, { wrap: true })) {
    const held = input[key];
    input[key] = key.endsWith("[]") ? [...(Array.isArray(held) ? held : []), value] : value;
  }
  return input;
}

/**
 * Everything the audit-trail page of either portal shows, read with the caller's access (lib/audit/queries.ts):
 * the page of the search in the URL query (the last page instead when the asked one lies beyond it), the system
 * choices of the admin portal and the project and user choices of the chosen system. In a system's portal the system
 * is that of the page (`systemId`).
 */
export async function loadAuditTrail(
  db: Database,
  opts: { caller: Caller; query: Query; systemId?: string },
): Promise<AuditTrailData> {
  const filters = { ...readAuditFilters(opts.query), ...(opts.systemId ? { systemId: opts.systemId } : {}) };
  const paging = parsePaging(opts.query);
  const endBeforeStart = auditEndBeforeStart(filters);
  let loaded = { page: paging.page, result: { items: [] as AuditItem[], totalCount: 0 } };
  let errors: ErrorEntry[] = [];
  if (!endBeforeStart) {
    const read = await loadOrErrors(
      () =>
        loadClampedPage(paging, (page) => {
          const parsed = parseInput(ZAuditSearchQuery, searchInput(filters, page, paging.pageSize));
          const search = { ...toAuditFilters(parsed), page: parsed.page, pageSize: parsed.pageSize };
          return searchAuditTrail(db, { caller: opts.caller, search });
        }),
      { what: "audit trail" },
    );
    if ("value" in read) loaded = read.value;
    else errors = read.errors;
  }
  const systemId = filters.systemId || undefined;
  // the choices: what the caller may read of the chosen system; none when it cannot be read (the search says why)
  const choices = (column: "project" | "username") =>
    systemId || opts.systemId ? listAuditNames(db, { caller: opts.caller, systemId, column }).catch(() => []) : [];
  const [systems, projects, users] = await Promise.all([
    opts.systemId ? [] : listAuditSystems(db, opts.caller).catch(() => []),
    choices("project"),
    choices("username"),
  ]);
  return {
    filters,
    endBeforeStart,
    rows: loaded.result.items,
    total: loaded.result.totalCount,
    page: loaded.page,
    pageSize: paging.pageSize,
    errors,
    systems,
    projects,
    users,
  };
}
