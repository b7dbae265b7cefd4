import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Job, type JobFile, jobFiles, jobs, systems } from "@/db/schema";
import type { JobDto } from "./schemas";

function fileDto(f: JobFile) {
  return {
    name: f.name,
    contentType: f.contentType,
    mediaType: f.contentType.split(";")[0] ?? f.contentType,
    size: f.size,
    isMultiPageFile: f.isMultiPage,
  };
}

export function toJobDto(job: Job, systemName: string, files: JobFile[]): JobDto {
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

export async function jobDtos(db: Database, ids: number[]): Promise<JobDto[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ job: jobs, systemName: systems.name })
    .from(jobs)
    .innerJoin(systems, eq(systems.id, jobs.systemId))
    .where(inArray(jobs.id, ids));
  const files = await db.select().from(jobFiles).where(inArray(jobFiles.jobId, ids));
  const byId = new Map(rows.map((r) => [r.job.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [
          toJobDto(
            r.job,
            r.systemName,
            files.filter((f) => f.jobId === id),
          ),
        ]
      : [];
  });
}
