import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Job, jobFiles, jobs, projects, systems } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { hashToken, newToken } from "@/lib/crypto/tokens";
import { redisUrl } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { removeStored, type StoredFileSource, safeFileName, writeStoredFiles } from "@/lib/files/store";
import { jobsQueue } from "@/lib/queue/jobs";
import { uploadLimits } from "@/lib/settings/upload-limits";
import { jobDir } from "../files";
import { toJobDto } from "../queries";
import { JOB_TRANSITIONS } from "../rules";
import { type JobDto, ZJobMeta } from "../schemas";

/** An order file as uploaded: its bytes, or a temp file when it was large (lib/api/multipart.ts). */
export type OrderFile = Omit<StoredFileSource, "name"> & { name: string; contentType: string; size: number };

type Target = { id: string; name: string; systemId: string; systemName: string; deletedAt: Date | null; jobId: number };

/**
 * The project a job goes to, with its system's name and the new job's id drawn from the jobs' sequence in the same
 * statement (the id names the job's folder, written before the row exists; an unused id is a gap, as after any
 * failed insert). Found by the project's submission key, or in the caller's system by id or by name.
 */
function targetQuery(db: Database, condition: SQL | undefined) {
  return db
    .select({
      id: projects.id,
      name: projects.name,
      systemId: projects.systemId,
      systemName: systems.name,
      deletedAt: projects.deletedAt,
      jobId: sql`nextval(pg_get_serial_sequence('jobs', 'id'))`.mapWith(Number),
    })
    .from(projects)
    .innerJoin(systems, eq(systems.id, projects.systemId))
    .where(condition);
}

// Every job's intake runs one of these: prepared once per database (as the token lookup is), they skip rebuilding the
// SQL each time and are planned once per connection (bench/jobs.mjs measures the intake)
function prepareTargets(db: Database) {
  const systemId = sql.placeholder("systemId");
  return {
    byKey: targetQuery(db, eq(projects.submissionKeyHash, sql.placeholder("keyHash"))).prepare("job_target_by_key"),
    byId: targetQuery(db, and(eq(projects.systemId, systemId), eq(projects.id, sql.placeholder("projectId")))).prepare(
      "job_target_by_id",
    ),
    byName: targetQuery(
      db,
      and(eq(projects.systemId, systemId), eq(sql`lower(${projects.name})`, sql.placeholder("name"))),
    ).prepare("job_target_by_name"),
  };
}
const preparedByDb = new WeakMap<Database, ReturnType<typeof prepareTargets>>();

type TargetBy = { keyHash: string } | { systemId: string; projectId: string } | { systemId: string; name: string };

async function findTarget(db: Database, by: TargetBy): Promise<Target | undefined> {
  let targets = preparedByDb.get(db);
  if (!targets) {
    targets = prepareTargets(db);
    preparedByDb.set(db, targets);
  }
  const [target] =
    "keyHash" in by
      ? await targets.byKey.execute(by)
      : "projectId" in by
        ? await targets.byId.execute(by)
        : await targets.byName.execute(by);
  return target;
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
  const meta = parseInput(ZJobMeta, opts.meta ?? {});

  let project: Target | undefined;
  if (opts.submissionKey !== undefined) {
    project = await findTarget(db, { keyHash: hashToken(opts.submissionKey) });
    if (!project) throw new AppError("InvalidAuthKey");
    if (
      (meta.projectId && meta.projectId !== project.id) ||
      (meta.projectName && meta.projectName.toLowerCase() !== project.name.toLowerCase())
    ) {
      throw new AppError("InvalidAuthKey");
    }
  } else {
    const { caller } = opts;
    if (!caller) throw new AppError("MissingToken");
    if (!hasPermission(caller.roles, "CreateJobs")) throw new AppError("AccessDenied");
    if (!meta.projectId && !meta.projectName) throw new AppError("MissingProject");
    project = await findTarget(
      db,
      meta.projectId
        ? { systemId: caller.systemId, projectId: meta.projectId }
        : { systemId: caller.systemId, name: (meta.projectName ?? "").toLowerCase() },
    );
    if (!project) throw new AppError("ProjectNotFound");
  }
  // spec operations §4: a soft-deleted learn project takes no new jobs (by key, id or name alike)
  if (project.deletedAt) throw new AppError("LearnProjectDeleted", { name: project.name });

  // the upload was refused while it arrived when it passed these limits; this is the service's own check
  const limits = await uploadLimits(db);
  if (!opts.files.length) throw new AppError("JobNoOrderFiles");
  if (opts.files.length > limits.maxOrderFiles)
    throw new AppError("InvalidOrderFile", { name: "*", reason: `more than ${limits.maxOrderFiles} files` });
  let total = 0;
  for (const f of opts.files) {
    if (!f.size) throw new AppError("InvalidOrderFile", { name: f.name, reason: "empty" });
    if (f.size > limits.maxOrderFileBytes) throw new AppError("PayloadTooLarge", { limit: limits.maxOrderFileBytes });
    total += f.size;
  }
  if (total > limits.maxJobBytes) throw new AppError("PayloadTooLarge", { limit: limits.maxJobBytes });
  const names = opts.files.map((f) => safeFileName(f.name));
  const unique = names.map((n, i) => (names.indexOf(n) === i ? n : `${i}-${n}`));

  const auth = newToken();
  const dir = jobDir(project.systemId, project.jobId);
  const now = new Date();
  const job: Job = {
    id: project.jobId,
    authHash: hashToken(auth),
    systemId: project.systemId,
    projectId: project.id,
    projectName: project.name,
    creatorId: opts.caller?.userId ?? null,
    creator: opts.caller?.userName ?? "",
    // the files are in place before the row exists, so the job is queued (New -> Waiting) as it is inserted
    state: JOB_TRANSITIONS.queue.to,
    errorCode: null,
    errorMessage: null,
    errorParams: null,
    client: meta.client,
    clientInfo: meta.clientInfo,
    priority: meta.priority,
    logLevel: meta.logLevel ?? "Info",
    useDefaultLogLevel: meta.logLevel === undefined,
    workerProcessId: null,
    preventDelete: false,
    properties: meta.properties,
    attempts: 0,
    restarts: 0,
    attemptsBefore: 0,
    leaseUntil: null,
    created: now,
    queuedAt: now,
    priorityRaisedAt: null,
    assigned: null,
    started: null,
    finished: null,
    deleted: null,
  };
  const files = opts.files.map((f, i) => ({
    jobId: job.id,
    kind: "order" as const,
    name: unique[i] ?? "file",
    contentType: f.contentType || "application/octet-stream",
    size: f.size,
    isMultiPage: false,
    path: `${dir}/order/${unique[i]}`,
  }));
  let turn = 0;
  try {
    await writeStoredFiles(
      `${dir}/order`,
      opts.files.map((f, i) => ({ name: unique[i] ?? "file", bytes: f.bytes, tempPath: f.tempPath })),
    );
    // the job and its files in one statement: a worker never sees the one without the other
    const inserted = db.$with("inserted_job").as(db.insert(jobs).values(job).returning({ id: jobs.id }));
    if (countsTurns()) {
      // and its turn read by the same statement: each round trip of a busy server waits behind the other requests'
      // work (bench/RESULTS.md "Load"); the statement's snapshot does not hold the new rows, as the count leaves the
      // job out anyway
      const insertedFiles = db.$with("inserted_files").as(db.insert(jobFiles).values(files).returning({ id: jobFiles.id }));
      turn = await turnOf(db.with(inserted, insertedFiles), job);
    } else {
      await db.with(inserted).insert(jobFiles).values(files);
    }
  } catch (error) {
    await removeStored(dir);
    throw error;
  }
  await jobsQueue.enqueue({ jobId: job.id, priority: meta.priority, restarts: 0, turn });
  return { ...toJobDto(job, project.systemName, files), auth };
}

/** Without Redis the runner claims in fair order itself and a job's turn is not needed. */
function countsTurns(): boolean {
  return !!redisUrl() && process.env.FAIR_SHARE !== "off";
}

/**
 * Issue 26 §5: a new job's turn among its system's Waiting jobs of its priority (how many wait before it), which orders
 * the BullMQ deliveries round robin over the systems (lib/queue/jobs.ts bullmqPriority).
 */
async function turnOf(db: Pick<Database, "select">, job: Pick<Job, "id" | "systemId" | "priority">): Promise<number> {
  // as the runner's claims count it (workers/jobs/claim.ts fairQueue): the jobs before it plus the system's in work
  const [row] = await db
    .select({
      n: sql<number>`count(*) filter (where ${jobs.state} = 'Waiting' and ${jobs.priority} = ${job.priority} and ${jobs.id} < ${job.id})
        + count(*) filter (where ${jobs.state} in ('Assigned', 'Processing'))`.mapWith(Number),
    })
    .from(jobs)
    .where(and(eq(jobs.systemId, job.systemId), inArray(jobs.state, ["Waiting", "Assigned", "Processing"])));
  return row?.n ?? 0;
}
