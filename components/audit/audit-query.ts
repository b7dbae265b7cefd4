import { AUDIT_CATEGORIES, AUDIT_OPERATIONS, type AuditCategory, type AuditOperation } from "@/db/schema/audit";
import { isEndBeforeStart } from "@/lib/audit/schemas";

/**
 * The audit trail's search as it lives in the page's URL query (spec operations §2 "Audit trail"): the value as typed
 * (the search wraps it in `*`), categories[] and operations[] in bracket form as the API takes them, the system (the
 * admin portal's choice), project, user, start and end (ISO instants), then page and pageSize of the pager.
 */
export type AuditFilterValues = {
  value: string;
  categories: AuditCategory[];
  operations: AuditOperation[];
  systemId: string;
  project: string;
  user: string;
  start: string;
  end: string;
};

export const EMPTY_AUDIT_FILTERS: AuditFilterValues = {
  value: "",
  categories: [],
  operations: [],
  systemId: "",
  project: "",
  user: "",
  start: "",
  end: "",
};

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? "") : (v ?? ""));
const many = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v : v ? [v] : []);

/** The filters of a URL query; unknown categories and operations are dropped. */
export function readAuditFilters(query: Query): AuditFilterValues {
  const categories = many(query["categories[]"]);
  const operations = many(query["operations[]"]);
  return {
    value: one(query.value),
    categories: AUDIT_CATEGORIES.filter((c) => categories.includes(c)),
    operations: AUDIT_OPERATIONS.filter((o) => operations.includes(o)),
    systemId: one(query.systemId),
    project: one(query.project),
    user: one(query.user),
    start: one(query.start),
    end: one(query.end),
  };
}

/** spec operations §2: the portal sends the value wrapped in `*` (a match anywhere in the JSON text). */
export function wrappedValue(value: string): string {
  const text = value.trim();
  return text ? `*${text}*` : "";
}

/**
 * The filters as the query of the page (`wrap` false) or of the API (`wrap` true: the value wrapped in `*`); empty
 * ones left out.
 */
export function auditFiltersToQuery(filters: AuditFilterValues, opts: { wrap: boolean }): URLSearchParams {
  const query = new URLSearchParams();
  const value = opts.wrap ? wrappedValue(filters.value) : filters.value.trim();
  if (value) query.set("value", value);
  for (const c of filters.categories) query.append("categories[]", c);
  for (const o of filters.operations) query.append("operations[]", o);
  for (const key of ["systemId", "project", "user", "start", "end"] as const) {
    if (filters[key].trim()) query.set(key, filters[key].trim());
  }
  return query;
}

/** The page's URL of a search: the filters, the page size kept, the first page again. */
export function auditSearchQuery(filters: AuditFilterValues, pageSize: number): URLSearchParams {
  const query = auditFiltersToQuery(filters, { wrap: false });
  query.set("pageSize", String(pageSize));
  query.set("page", "0");
  return query;
}

/** GET v3/audittrail/export with the search's filters (the browser session authorises it). */
export function auditExportHref(filters: AuditFilterValues): string {
  const query = auditFiltersToQuery(filters, { wrap: true }).toString();
  return `/api/v3/audittrail/export${query ? `?${query}` : ""}`;
}

// spec operations §5: the end may not lie before the start; the search does not run while it does
export function auditEndBeforeStart(filters: Pick<AuditFilterValues, "start" | "end">): boolean {
  return isEndBeforeStart(filters.start, filters.end);
}

/** How many filters are applied (each date bound counts as one). */
export function activeAuditFilterCount(filters: AuditFilterValues): number {
  return (
    [filters.value, filters.systemId, filters.project, filters.user, filters.start, filters.end].filter((v) => v.trim()).length +
    (filters.categories.length ? 1 : 0) +
    (filters.operations.length ? 1 : 0)
  );
}
