import { type AuditFilterValues, auditSearchQuery, readAuditFilters } from "./audit-query";

/**
 * A search as the form compares them: the filters and page size the page read from its URL (props, not the URL
 * itself: on back and forward the URL changes before the page's values arrive), without the page, which the pager
 * turns without touching the form.
 */
export function formSearchOf(filters: AuditFilterValues, pageSize: number): string {
  return auditSearchQuery(filters, pageSize).toString();
}

/** The search a query the form pushes arrives as: read back as the page reads its URL (values trimmed, known ones in order). */
export function arrivingSearchOf(query: URLSearchParams, pageSize: number): string {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    record[key] = values.length > 1 ? values : (values[0] ?? "");
  }
  return formSearchOf(readAuditFilters(record), pageSize);
}
