import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Job, type JobFile, jobFiles, jobLogs, jobs, type LogLevel, systems } from "@/db/schema";
import { refusal } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isDeputyFor } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { assertCanReadJob } from "./access";
import { COUNT_CAP, type JOB_DATE_COLUMNS, JOB_LOG_LINES_MAX, type JobDto, type JobSearch } from "./schemas";

/** What a job's DTO shows of a file. */
export type JobFileInfo = Pick<JobFile, "kind" | "name" | "contentType" | "size" | "isMultiPage">;

/** The files of the job of the row, as a JSON array in the row (one statement for a page of jobs and their files). */
export const filesOfJob = sql<JobFileInfo[]>`(select coalesce(json_agg(json_build_object('kind', f.kind, 'name', f.name,
  'contentType', f.content_type, 'size', f.size, 'isMultiPage', f.is_multi_page) order by f.id), '[]'::json)
  from ${jobFiles} f where f.job_id = ${jobs.id})`;

function fileDto(f: JobFileInfo) {
  return {
    name: f.name,
    contentType: f.contentType,
    mediaType: f.contentType.split(";")[0] ?? f.contentType,
    size: f.size,
    isMultiPageFile: f.isMultiPage,
  };
}

export function toJobDto(job: Job, systemName: string, files: JobFileInfo[]): JobDto {
  const of = (kind: JobFile["kind"]) => files.filter((f) => f.kind === kind).map(fileDto);
  return {
    id: job.id,
    projectId: job.projectId,
    project: job.projectName,
    systemId: job.systemId,
    system: systemName,
    creatorId: job.creatorId,
    creator: job.creator,
    errorCode: job.errorCode,
    errorMessage: job.errorMessage,
    errorParams: job.errorParams ?? null,
    state: job.state,
    logLevel: job.logLevel,
    useDefaultLogLevel: job.useDefaultLogLevel,
    client: job.client,
    clientInfo: job.clientInfo,
    priority: job.priority,
    workerProcessId: job.workerProcessId,
    preventDelete: job.preventDelete,
    orderFiles: of("order"),
    resultFiles: of("result"),
    workFiles: of("work"),
    created: job.created.toISOString(),
    started: job.started?.toISOString() ?? null,
    finished: job.finished?.toISOString() ?? null,
    deleted: job.deleted?.toISOString() ?? null,
    properties: job.properties,
  };
}

export type LoadedJob = { job: Job; systemName: string; files: JobFile[] };

/** One job with its files (no access check: callers decide, or use readJob). */
export async function loadJob(db: Database, id: number): Promise<LoadedJob | undefined> {
  const [row] = await db
    .select({ job: jobs, systemName: systems.name })
    .from(jobs)
    .innerJoin(systems, eq(systems.id, jobs.systemId))
    .where(eq(jobs.id, id));
  if (!row) return undefined;
  const files = await db.select().from(jobFiles).where(eq(jobFiles.jobId, id)).orderBy(asc(jobFiles.id));
  return { ...row, files };
}

/**
 * A job for whoever asks for it by its id (GET jobs/{id}, its download and its files): its auth key, or a caller who
 * may read it (./access.ts). Without either 401 MissingToken; a job of a foreign system (or with a wrong key) is not
 * found, like one that does not exist; one of the caller's own system it may not read is 403 (assertCanReadJob).
 */
export async function readJob(db: Database, opts: { id: number; caller: Caller | null; auth?: string }): Promise<LoadedJob> {
  const loaded = await loadJob(db, opts.id);
  assertCanReadJob(loaded, opts);
  return loaded;
}

/** The jobs a job manager changes (PATCH and DELETE jobs): all of `ids`, each of the caller's system, or JobNotFound. */
export async function jobsToManage(db: Database, opts: { caller: Caller; ids: number[] }): Promise<Job[]> {
  const { caller, ids } = opts;
  if (!ids.length) throw new AppError("InvalidJobUpdate", { reason: "no jobs" });
  const rows = await db
    .select({ job: jobs, systemName: systems.name })
    .from(jobs)
    .innerJoin(systems, eq(systems.id, jobs.systemId))
    .where(inArray(jobs.id, ids));
  const allowed = rows.filter(
    (r) => hasPermission(caller.roles, "ManageJobs") && (caller.systemId === r.job.systemId || isDeputyFor(caller, r.systemName)),
  );
  const missing = ids.find((id) => !allowed.some((r) => r.job.id === id));
  if (missing !== undefined) {
    // a job of the caller's own system is 403, one of a foreign system as unknown as a missing one (lib/auth/access.ts)
    const row = rows.find((r) => r.job.id === missing);
    const notFound = new AppError("JobNotFound", { id: missing });
    throw row ? refusal(caller, { id: row.job.systemId, name: row.systemName }, notFound) : notFound;
  }
  return allowed.map((r) => r.job);
}

const DATE_COLUMNS = {
  created: jobs.created,
  assigned: jobs.assigned,
  started: jobs.started,
  finished: jobs.finished,
  deleted: jobs.deleted,
} as const satisfies Record<(typeof JOB_DATE_COLUMNS)[number], unknown>;
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

function escapeLike(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Sort terms "column:direction" joined by commas; unknown columns are ignored, the id breaks ties. */
function parseOrderBy(orderBy: string): SQL[] {
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

export type JobSearchResult = { totalCount: number; totalCountExact: boolean; items: JobDto[] };

/**
 * The two statements of a job search (not yet sent): the capped count (COUNT_CAP) and the page with its system's name
 * and the file lists. searchJobs sends them; the load bench's floor route (app/bench/job-search) sends the same SQL.
 */
export function jobSearchStatements(db: Database, params: { systemId: string; search: JobSearch }) {
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
      ? undefined
      : db
          .select({ job: jobs, systemName: systems.name, files: filesOfJob })
          .from(jobs)
          .innerJoin(systems, eq(systems.id, jobs.systemId))
          .where(condition)
          .orderBy(...parseOrderBy(s.orderby))
          .limit(s.pagesize)
          .offset(offset);
  return { counting, paging, countLimit };
}

/**
 * GET v3/systems/{id}/jobs: the jobs of one system by the search parameters, paged. The capped count (COUNT_CAP) and
 * the page (with the system name and the file lists in the same statement) go out together; both are read along the
 * indexes of db/schema/jobs.ts for the default sort, a state filter and the priority sort.
 */
export async function searchJobs(db: Database, params: { systemId: string; search: JobSearch }): Promise<JobSearchResult> {
  const { counting, paging, countLimit } = jobSearchStatements(db, params);
  const [[count], rows] = await Promise.all([counting, paging ?? []]);
  const n = count?.n ?? 0;
  return {
    totalCount: Math.min(n, countLimit - 1),
    totalCountExact: n < countLimit,
    items: rows.map((r) => toJobDto(r.job, r.systemName, r.files)),
  };
}

export type JobLogLine = {
  id: number;
  time: string;
  level: LogLevel;
  message: string;
  /** the line as a code with parameters (lib/jobs/log-lines.ts); null for lines written before codes were kept */
  code: string | null;
  params: Record<string, string | number> | null;
};

/**
 * The newest log lines of one job (JOB_LOG_LINES_MAX), oldest first. The caller has already checked that the job
 * belongs to the system of the page.
 */
export async function jobLogLines(db: Database, jobId: number): Promise<{ lines: JobLogLine[]; truncated: boolean }> {
  const rows = await db
    .select({
      id: jobLogs.id,
      time: jobLogs.time,
      level: jobLogs.level,
      message: jobLogs.message,
      code: jobLogs.code,
      params: jobLogs.params,
    })
    .from(jobLogs)
    .where(eq(jobLogs.jobId, jobId))
    .orderBy(desc(jobLogs.id))
    .limit(JOB_LOG_LINES_MAX + 1);
  const truncated = rows.length > JOB_LOG_LINES_MAX;
  return {
    lines: rows
      .slice(0, JOB_LOG_LINES_MAX)
      .reverse()
      .map((r) => ({ ...r, time: r.time.toISOString() })),
    truncated,
  };
}
