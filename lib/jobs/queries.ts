import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Job, type JobFile, jobFiles, jobs, systems } from "@/db/schema";
import type { JobDto } from "./schemas";

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

/** One job with its files (no access check: callers decide). */
export async function loadJob(db: Database, id: number): Promise<{ job: Job; systemName: string; files: JobFile[] } | undefined> {
  const [row] = await db
    .select({ job: jobs, systemName: systems.name })
    .from(jobs)
    .innerJoin(systems, eq(systems.id, jobs.systemId))
    .where(eq(jobs.id, id));
  if (!row) return undefined;
  const files = await db.select().from(jobFiles).where(eq(jobFiles.jobId, id)).orderBy(asc(jobFiles.id));
  return { ...row, files };
}
