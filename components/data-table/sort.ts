/** One sorted column; the same shape as TanStack's `ColumnSort`. */
export type SortEntry = { id: string; desc: boolean };

/** Sorts in priority order: the first entry sorts first. */
export type SortState = SortEntry[];

/** The URL query key holding the sort, e.g. `sort=name:asc,created:desc`. */
export const SORT_PARAM = "sort";

/** Reads `col:asc,other:desc`; unknown columns, malformed parts and repeated columns are dropped. */
export function parseSort<Id extends string>(query: string | undefined, allowed: readonly Id[]): { id: Id; desc: boolean }[] {
  if (!query) return [];
  const sort: { id: Id; desc: boolean }[] = [];
  const isAllowed = (id: string): id is Id => (allowed as readonly string[]).includes(id);
  for (const part of query.split(",")) {
    const [id, direction, ...rest] = part.trim().split(":");
    if (rest.length > 0 || !id || !isAllowed(id) || sort.some((s) => s.id === id)) continue;
    if (direction !== "asc" && direction !== "desc") continue;
    sort.push({ id, desc: direction === "desc" });
  }
  return sort;
}

/** Writes the sort back as `col:asc,other:desc` (empty when unsorted). */
export function formatSort(sort: readonly SortEntry[]): string {
  return sort.map((s) => `${s.id}:${s.desc ? "desc" : "asc"}`).join(",");
}

/**
 * One header click: an unsorted column is appended ascending (click order decides priority),
 * ascending turns descending in place, descending is removed; the other sorts stay.
 */
export function cycleSort(current: readonly SortEntry[], id: string): SortState {
  const existing = current.find((s) => s.id === id);
  if (!existing) return [...current, { id, desc: false }];
  if (!existing.desc) return current.map((s) => (s.id === id ? { id, desc: true } : s));
  return current.filter((s) => s.id !== id);
}
