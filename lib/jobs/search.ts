import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { JOB_STATES, jobs, systems } from "@/db/schema";
import { DEFAULT_PAGE_SIZE } from "@/lib/paging";
import { filesOfJob, toJobDto } from "./queries";
import type { JobDto } from "./schemas";

const DATE_COLUMNS = {
  created: jobs.created,
  assigned: jobs.assigned,
  started: jobs.started,
  finished: jobs.finished,
  deleted: jobs.deleted,
} as const;
const SORT_COLUMNS = {
  id: jobs.id,
  project: jobs.projectName,
  state: jobs.state,
  status: jobs.state,
  creator: jobs.creator,
  priority: jobs.priority,
  client: jobs.client,
  clientinfo: jobs.clientInfo,
  errorcode: jobs.errorCode,
  error: jobs.errorCode,
  errormessage: jobs.errorMessage,
  ...DATE_COLUMNS,
} as const;

const date = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .transform((v) => new Date(v));
const text = z.string().trim().max(500).optional();

/** spec operations §3 "Job search parameters" (names compared case-insensitively). */
export const ZJobSearch = z
  .object({
    project: text,
    id: z
      .string()
      .trim()
      .regex(/^\d{0,18}$/, "InvalidJobId")
      .optional(),
    state: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      )
      .pipe(z.array(z.enum(JOB_STATES))),
    creator: text,
    priority: z.coerce.number().int().min(1).max(10).optional(),
    client: text,
    clientinfo: text,
    errorcode: text,
    errormessage: text,
    ...Object.fromEntries(
      Object.keys(DATE_COLUMNS).flatMap((c) => [
        [`${c}start`, date.optional()],
        [`${c}end`, date.optional()],
      ]),
    ),
    orderby: z.string().max(500).default("Created:DESC"),
    includedeleted: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    pagesize: z.coerce.number().int().min(0).max(1000).default(DEFAULT_PAGE_SIZE),
    page: z.coerce.number().int().min(0).default(0),
  })
  .meta({ id: "JobSearch" });
export type JobSearch = z.infer<typeof ZJobSearch>;

function escapeLike(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Sort terms "column:direction" joined by commas; unknown columns are ignored, the id breaks ties. */
export function parseOrderBy(orderBy: string): SQL[] {
  const terms = orderBy
    .split(",")
    .map((part) => part.trim().split(":"))
    .flatMap(([column = "", direction = "asc"]) => {
      const col = SORT_COLUMNS[column.toLowerCase() as keyof typeof SORT_COLUMNS];
      if (!col) return [];
      return [direction.toLowerCase() === "desc" ? desc(col) : asc(col)];
    });
  return [...(terms.length ? terms : [desc(jobs.created)]), desc(jobs.id)];
}

/**
 * The count stops here (and at the rows up to the end of the asked page): counting a million matches costs a scan
 * of them all, so above it the list says "more than 1 000" (totalCountExact false) and paging goes on while pages
 * are full.
 */
export const COUNT_CAP = 1000;

export type JobSearchResult = { totalCount: number; totalCountExact: boolean; items: JobDto[] };

/**
 * GET v3/systems/{id}/jobs: the jobs of one system by the search parameters, paged. The capped count and the page
 * (with the system name and the file lists in the same statement) go out together; both are read along the
 * indexes of db/schema/jobs.ts for the default sort, a state filter and the priority sort.
 */
export async function searchJobs(db: Database, params: { systemId: string; search: JobSearch }): Promise<JobSearchResult> {
  const s = params.search;
  const where: SQL[] = [eq(jobs.systemId, params.systemId)];
  // spec operations §4: removed jobs appear only with include-removed
  if (!s.includedeleted) where.push(isNull(jobs.deleted));
  if (s.id) where.push(eq(jobs.id, Number(s.id)));
  if (s.state.length) where.push(inArray(jobs.state, s.state));
  if (s.priority !== undefined) where.push(eq(jobs.priority, s.priority));
  // the project comes from a dropdown: its name exactly (in any case)
  if (s.project) where.push(eq(sql`lower(${jobs.projectName})`, s.project.toLowerCase()));
  for (const [value, column] of [
    [s.creator, jobs.creator],
    [s.client, jobs.client],
    [s.clientinfo, jobs.clientInfo],
    [s.errorcode, jobs.errorCode],
    [s.errormessage, jobs.errorMessage],
  ] as const) {
    if (value) where.push(ilike(column, escapeLike(value)));
  }
  const bounds = s as unknown as Record<string, Date | undefined>;
  for (const [name, column] of Object.entries(DATE_COLUMNS)) {
    const from = bounds[`${name}start`];
    const to = bounds[`${name}end`];
    if (from) where.push(gte(column, from));
    if (to) where.push(lte(column, to));
  }
  const condition = and(...where);
  const offset = s.page * s.pagesize;
  const countLimit = Math.max(COUNT_CAP, offset + s.pagesize) + 1;
  const matching = db.select({ one: sql`1` }).from(jobs).where(condition).limit(countLimit).as("matching");
  const counting = db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const paging =
    s.pagesize === 0
      ? Promise.resolve([])
      : db
          .select({ job: jobs, systemName: systems.name, files: filesOfJob })
          .from(jobs)
          .innerJoin(systems, eq(systems.id, jobs.systemId))
          .where(condition)
          .orderBy(...parseOrderBy(s.orderby))
          .limit(s.pagesize)
          .offset(offset);
  const [[count], rows] = await Promise.all([counting, paging]);
  const n = count?.n ?? 0;
  return {
    totalCount: Math.min(n, countLimit - 1),
    totalCountExact: n < countLimit,
    items: rows.map((r) => toJobDto(r.job, r.systemName, r.files)),
  };
}
