import { type AuditFilterValues, auditSearchQuery, readAuditFilters } from "./audit-query";

/**
 * When the audit trail's search form starts again from the URL (spec operations §2 "Audit trail"): on a real
 * navigation (back, forward, a link with other filters, the pager's page size) it takes the URL's values; its own
 * search keeps it as it is, so what the user typed or chose while that search loaded stays. The form's React key is
 * `key`; `search` is the search the page shows, `sent` the one the form asked for and is still waiting for.
 */
export type FormMount = { search: string; key: number; sent: string | null };

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

export function firstMount(search: string): FormMount {
  return { search, key: 0, sent: null };
}

/** The form sends the search that will arrive as `search` (router.push of its own). */
export function sendSearch(mount: FormMount, search: string): FormMount {
  return { ...mount, sent: search };
}

/** The page shows `search` now: the same mount when nothing changed or the form's own search arrived, else a new key. */
export function followSearch(mount: FormMount, search: string): FormMount {
  if (search === mount.search) return mount;
  return { search, key: search === mount.sent ? mount.key : mount.key + 1, sent: null };
}
