import { z } from "zod";

/** DESIGN.md Conventions / spec §9: page sizes 5, 10, 25, 50, 100, default 25, first page 0, at most 5 page buttons. */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_BUTTONS = 5;

export type Paging = { page: number; pageSize: number };

/** An API query's page size: one of PAGE_SIZES (else InvalidChoice), the default when absent. */
export function zPageSize(defaultSize: number = DEFAULT_PAGE_SIZE) {
  return z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), "InvalidChoice")
    .default(defaultSize);
}

/** An API query's page: 0 is the first, the default when absent. */
export const zPage = () => z.coerce.number().int().min(0).default(0);

/** Reads page and pageSize from a query: unknown sizes fall back to the default, pages clamp at 0. */
export function parsePaging(query: { page?: string | string[]; pageSize?: string | string[] }): Paging {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const size = Number(one(query.pageSize));
  const page = Math.floor(Number(one(query.page)));
  return {
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    page: Number.isFinite(page) && page > 0 ? page : 0,
  };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** spec operations §5: pages are clamped between 0 and the last page. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(0, page), pageCount(total, pageSize) - 1);
}

/** The page numbers (0-based) of the buttons: at most MAX_PAGE_BUTTONS, centred on the current page. */
export function pageButtons(page: number, pages: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, pages);
  const start = Math.min(Math.max(0, page - Math.floor(count / 2)), pages - count);
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * Reads the asked page of a server-paged list, and the last page instead when the asked one lies beyond it
 * (spec operations §5: pages are clamped between 0 and the last page).
 */
export async function loadClampedPage<Result extends { totalCount: number }>(
  paging: Paging,
  load: (page: number) => Promise<Result>,
): Promise<{ page: number; result: Result }> {
  const result = await load(paging.page);
  const page = clampPage(paging.page, result.totalCount, paging.pageSize);
  return page === paging.page ? { page, result } : { page, result: await load(page) };
}
