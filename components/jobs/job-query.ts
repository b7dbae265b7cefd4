import { SORT_PARAM, type SortEntry } from "@/components/data-table/sort";
import type { JobState } from "@/db/schema/jobs";
import type { Paging } from "@/lib/paging";

/** The date columns with a from/to filter (spec operations §2 "Job monitor list"). */
export const JOB_DATE_COLUMNS = ["created", "started", "finished", "deleted"] as const;
export type JobDateColumn = (typeof JOB_DATE_COLUMNS)[number];

/** ISO date-times, "" when open. */
export type DateRange = { start: string; end: string };

/** The filters of the job monitor as they live in the URL query. */
export type JobFilters = {
  id: string;
  project: string;
  states: JobState[];
  errorCode: string;
  client: string;
  clientInfo: string;
  dates: Record<JobDateColumn, DateRange>;
  includeDeleted: boolean;
};

export const EMPTY_JOB_FILTERS: JobFilters = {
  id: "",
  project: "",
  states: [],
  errorCode: "",
  client: "",
  clientInfo: "",
  dates: {
    created: { start: "", end: "" },
    started: { start: "", end: "" },
    finished: { start: "", end: "" },
    deleted: { start: "", end: "" },
  },
  includeDeleted: false,
};

/** The sortable column ids of the job table; lower-cased they are the `orderby` names of spec operations §3. */
export const JOB_SORT_COLUMNS = [
  "id",
  "project",
  "state",
  "errorCode",
  "client",
  "clientInfo",
  "created",
  "started",
  "finished",
  "deleted",
] as const;

/** Query keys that are not filters and survive a search or a filter reset. */
const KEPT_KEYS = [SORT_PARAM, "pageSize"] as const;

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? "") : (value ?? ""));

/** The filters of a URL query (the lower-case names of the job search); unknown states are dropped. */
export function readJobFilters(query: Query, states: readonly JobState[]): JobFilters {
  const chosen = one(query.state)
    .split(",")
    .map((s) => s.trim());
  const dates = Object.fromEntries(
    JOB_DATE_COLUMNS.map((c) => [c, { start: one(query[`${c}start`]), end: one(query[`${c}end`]) }]),
  ) as Record<JobDateColumn, DateRange>;
  return {
    id: one(query.id),
    project: one(query.project),
    states: states.filter((s) => chosen.includes(s)),
    errorCode: one(query.errorcode),
    client: one(query.client),
    clientInfo: one(query.clientinfo),
    dates,
    includeDeleted: one(query.includedeleted) === "true",
  };
}

/** Whether the deleted range applies: spec operations §5, only when removed jobs are included. */
export function activeDateColumns(filters: Pick<JobFilters, "includeDeleted">): JobDateColumn[] {
  return JOB_DATE_COLUMNS.filter((c) => c !== "deleted" || filters.includeDeleted);
}

/** The filters as query parameters of the job search (spec operations §3), empty ones left out. */
export function filtersToQuery(filters: JobFilters): URLSearchParams {
  const query = new URLSearchParams();
  const put = (key: string, value: string) => {
    if (value.trim()) query.set(key, value.trim());
  };
  put("id", filters.id);
  put("project", filters.project);
  put("state", filters.states.join(","));
  put("errorcode", filters.errorCode);
  put("client", filters.client);
  put("clientinfo", filters.clientInfo);
  for (const column of activeDateColumns(filters)) {
    put(`${column}start`, filters.dates[column].start);
    put(`${column}end`, filters.dates[column].end);
  }
  if (filters.includeDeleted) query.set("includedeleted", "true");
  return query;
}

/** How many filters the URL applies (each date bound and include-removed count as one): opens the filter panel. */
export function activeFilterCount(filters: JobFilters): number {
  const texts = [filters.id, filters.project, filters.errorCode, filters.client, filters.clientInfo];
  const dates = activeDateColumns(filters).flatMap((c) => [filters.dates[c].start, filters.dates[c].end]);
  return (
    [...texts, ...dates].filter((value) => value.trim() !== "").length +
    (filters.states.length ? 1 : 0) +
    (filters.includeDeleted ? 1 : 0)
  );
}

/** The URL query of a search: the filters, the kept sort and page size, and the first page again. */
export function searchQuery(filters: JobFilters, current: URLSearchParams): URLSearchParams {
  const query = filtersToQuery(filters);
  for (const key of KEPT_KEYS) {
    const value = current.get(key);
    if (value) query.set(key, value);
  }
  query.set("page", "0");
  return query;
}

/** A job id filter holds digits only (the job search refuses anything else with InvalidJobId). */
export function isValidJobIdFilter(id: string): boolean {
  return /^\d{0,18}$/.test(id.trim());
}

// spec operations §5: an end earlier than its start is invalid (deleted only with include-removed)
export function endBeforeStart(filters: JobFilters): JobDateColumn[] {
  return activeDateColumns(filters).filter((column) => {
    const { start, end } = filters.dates[column];
    return Boolean(start && end) && new Date(end).getTime() < new Date(start).getTime();
  });
}

/** The sort of the table as `orderby` (spec operations §3: "column:DIR" joined by commas, default Created:DESC). */
export function orderByOf(sort: readonly SortEntry[]): string {
  if (!sort.length) return "created:DESC";
  return sort.map((s) => `${s.id.toLowerCase()}:${s.desc ? "DESC" : "ASC"}`).join(",");
}

/** The raw input of `ZJobSearch` for the filters, sort and paging of the page. */
export function jobSearchInput(filters: JobFilters, sort: readonly SortEntry[], paging: Paging): Record<string, string> {
  return {
    ...Object.fromEntries(filtersToQuery(filters)),
    orderby: orderByOf(sort),
    pagesize: String(paging.pageSize),
    page: String(paging.page),
  };
}

/**
 * The key the job monitor's filter form compares searches by (components/shell/form-mount.ts): `filters` as the page
 * reads them back from the query the form pushes (values trimmed, states in their order).
 */
export function arrivingFilterKey(filters: JobFilters, states: readonly JobState[]): string {
  return filtersToQuery(readJobFilters(Object.fromEntries(filtersToQuery(filters)), states)).toString();
}
