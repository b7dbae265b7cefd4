import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobFiles, jobs, projects } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { hashToken, newToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { fromZodError } from "@/lib/errors/envelope";
import { removeStored, safeFileName, writeStoredFile } from "@/lib/files/store";
import { enqueue } from "@/lib/queue";
import { loadJob, toJobDto } from "../queries";
import { JOB_LIMITS, type JobDto, ZJobMeta } from "../schemas";

export type OrderFile = { name: string; contentType: string; bytes: Uint8Array };

/** Where a job's files live below DATA_DIR/files. */
export function jobDir(systemId: string, jobId: number): string {
  return `systems/${systemId}/jobs/${jobId}`;
}

async function findProject(db: Database, systemId: string, meta: { projectId?: string; projectName?: string }) {
  if (!meta.projectId && !meta.projectName) throw new AppError("MissingProject");
  const condition = meta.projectId
    ? eq(projects.id, meta.projectId)
    : eq(sql`lower(${projects.name})`, (meta.projectName ?? "").toLowerCase());
  const [project] = await db
    .select({ id: projects.id, name: projects.name, systemId: projects.systemId })
    .from(projects)
    .where(and(eq(projects.systemId, systemId), condition));
  if (!project) throw new AppError("ProjectNotFound");
  return project;
}

/**
 * POST /api/jobs (DESIGN.md "Job creation"): a bearer token of a user with JobCreator or ManageJobs, or
 * a project's submission key. Files are stored first, then the job is queued (New -> Waiting); the
 * answer carries the job's own auth key, shown only here.
 */
export async function createJob(
  db: Database,
  opts: { caller: Caller | null; submissionKey?: string; meta: unknown; files: OrderFile[] },
): Promise<JobDto & { auth: string }> {
  const parsed = ZJobMeta.safeParse(opts.meta ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  const meta = parsed.data;

  let project: { id: string; name: string; systemId: string };
  if (opts.submissionKey !== undefined) {
    const [byKey] = await db
      .select({ id: projects.id, name: projects.name, systemId: projects.systemId })
      .from(projects)
      .where(eq(projects.submissionKeyHash, hashToken(opts.submissionKey)));
    if (!byKey) throw new AppError("InvalidAuthKey");
    if (
      (meta.projectId && meta.projectId !== byKey.id) ||
      (meta.projectName && meta.projectName.toLowerCase() !== byKey.name.toLowerCase())
    ) {
      throw new AppError("InvalidAuthKey");
    }
    project = byKey;
  } else {
    const { caller } = opts;
    if (!caller) throw new AppError("MissingToken");
    if (!hasPermission(caller.roles, "CreateJobs")) throw new AppError("AccessDenied");
    project = await findProject(db, caller.systemId, meta);
  }

  if (!opts.files.length) throw new AppError("JobNoOrderFiles");
  if (opts.files.length > JOB_LIMITS.maxFiles)
    throw new AppError("InvalidOrderFile", { name: "*", reason: `more than ${JOB_LIMITS.maxFiles} files` });
  let total = 0;
  for (const f of opts.files) {
    if (!f.bytes.byteLength) throw new AppError("InvalidOrderFile", { name: f.name, reason: "empty" });
    if (f.bytes.byteLength > JOB_LIMITS.maxFileBytes) throw new AppError("PayloadTooLarge", { limit: JOB_LIMITS.maxFileBytes });
    total += f.bytes.byteLength;
  }
  if (total > JOB_LIMITS.maxTotalBytes) throw new AppError("PayloadTooLarge", { limit: JOB_LIMITS.maxTotalBytes });
  const names = opts.files.map((f) => safeFileName(f.name));
  const unique = names.map((n, i) => (names.indexOf(n) === i ? n : `${i}-${n}`));

  const auth = newToken();
  const [job] = await db
    .insert(jobs)
    .values({
      authHash: hashToken(auth),
      systemId: project.systemId,
      projectId: project.id,
      projectName: project.name,
      creatorId: opts.caller?.userId ?? null,
      creator: opts.caller?.userName ?? "",
      state: "New",
      client: meta.client,
      clientInfo: meta.clientInfo,
      priority: meta.priority,
      logLevel: meta.logLevel ?? "Info",
      useDefaultLogLevel: meta.logLevel === undefined,
      properties: meta.properties,
    })
    .returning();
  if (!job) throw new Error("job insert returned nothing");
  const dir = jobDir(project.systemId, job.id);
  try {
    for (const [i, f] of opts.files.entries()) await writeStoredFile(`${dir}/order/${unique[i]}`, f.bytes);
    await db.transaction(async (tx) => {
      await tx.insert(jobFiles).values(
        opts.files.map((f, i) => ({
          jobId: job.id,
          kind: "order" as const,
          name: unique[i] ?? "file",
          contentType: f.contentType || "application/octet-stream",
          size: f.bytes.byteLength,
          path: `${dir}/order/${unique[i]}`,
        })),
      );
      await tx.update(jobs).set({ state: "Waiting" }).where(eq(jobs.id, job.id));
    });
  } catch (error) {
    await db.delete(jobs).where(eq(jobs.id, job.id));
    await removeStored(dir);
    throw error;
  }
  await enqueue("jobs", { jobId: job.id, priority: meta.priority });
  const loaded = await loadJob(db, job.id);
  if (!loaded) throw new Error("job vanished after insert");
  return { ...toJobDto(loaded.job, loaded.systemName, loaded.files), auth };
}
