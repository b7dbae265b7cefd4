import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, expect } from "vitest";
import {
  logged,
  type Postgres,
  type Process,
  type Redis,
  sleep,
  startPostgres,
  startRedis,
  startServer,
  startWorker,
  until,
} from "./services";

/**
 * One scale-out installation for a reliability test: its own PostgreSQL and Redis, the server and `workers` worker
 * processes, a tenant with a JobCreator/JobManager and a project. The test process reads and seeds the same database
 * (lib/setup/bootstrap, tests/helpers/factories), so its environment is set before those are imported.
 */
export type Installation = {
  pg: Postgres;
  redis: Redis;
  url: string;
  server: Process;
  workers: Process[];
  env: NodeJS.ProcessEnv;
  dataDir: string;
  token: string;
  systemId: string;
  projectId: string;
  startWorker(name: string): Process;
  close(): Promise<void>;
};

export async function install(options: { workers: number; env?: Record<string, string> }): Promise<Installation> {
  const pg = await startPostgres();
  const redis = await startRedis();
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  await admin.unsafe("create database docservice");
  await admin.end();
  const databaseUrl = pg.url.replace(/\/postgres$/, "/docservice");
  const dataDir = mkdtempSync(path.join(tmpdir(), "docservice-reliability-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: `docservice-reliability-${randomBytes(4).toString("hex")}`,
    SECRET_KEY: `reliability-${randomBytes(16).toString("hex")}`,
    ADMIN_PASSWORD: "Reliability-Admin-Passw0rd!",
    // info: "worker started" tells when a worker is at work
    LOG_LEVEL: "info",
    ...options.env,
  };
  // the test process seeds and reads the same database, with the same secret
  Object.assign(process.env, {
    DATABASE_URL: env.DATABASE_URL,
    REDIS_URL: env.REDIS_URL,
    QUEUE_PREFIX: env.QUEUE_PREFIX,
    SECRET_KEY: env.SECRET_KEY,
    DATA_DIR: dataDir,
  });
  const { startedDb: getDb } = await import("@/lib/setup/bootstrap");
  await getDb();
  const { makeProject, makeSystem, makeUser, PASSWORD } = await import("../helpers/factories");
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles: ["JobCreator", "JobManager"] });
  const { project } = await makeProject({ systemId: system.id });

  const { url, process: server } = await startServer(env, dataDir);
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ systemName: system.name, userName: user.name, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const workers = Array.from({ length: options.workers }, (_, i) => startWorker(env, dataDir, `worker-${i}`));
  for (const worker of workers) await until("a worker started", () => logged(worker, "worker started"), 120_000, 200);
  const installation: Installation = {
    pg,
    redis,
    url,
    server,
    workers,
    env,
    dataDir,
    token,
    systemId: system.id,
    projectId: project.id,
    startWorker: (name) => {
      const worker = startWorker(env, dataDir, name);
      installation.workers.push(worker);
      return worker;
    },
    close: async () => {
      await Promise.all([server.stop(), ...installation.workers.map((w) => w.stop())]);
      const { openedDbHandle } = await import("@/db/client");
      await openedDbHandle()?.close();
      await redis.stop();
      pg.remove();
      if (!process.env.KEEP_RELIABILITY_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return installation;
}

export type Answer = { kind: string; at: number; ms: number; status: number; retryAfter: string | null; body: string };

/** A job of one text document, posted by the tenant's user; the answer as it came (status 0: no answer). */
export async function postJob(inst: Installation, n: number): Promise<Answer & { id?: number }> {
  const form = new FormData();
  form.append("file", new File([`INVOICE\nInvoice No. REL-${n}\nAmount due\nTotal: EUR ${n}.00\n`], `invoice-${n}.txt`));
  form.append("meta", JSON.stringify({ projectId: inst.projectId, client: "reliability" }));
  const answer = await timed("post", () =>
    fetch(`${inst.url}/api/jobs`, { method: "POST", headers: { authorization: `Bearer ${inst.token}` }, body: form }),
  );
  let id: number | undefined;
  if (answer.status === 200) id = (JSON.parse(answer.body) as { id: number }).id;
  return { ...answer, id };
}

/** The job search of the tenant's system. */
export function searchJobs(inst: Installation): Promise<Answer> {
  return timed("search", () =>
    fetch(`${inst.url}/api/v3/systems/${inst.systemId}/jobs?pageSize=25&page=0`, {
      headers: { authorization: `Bearer ${inst.token}` },
    }),
  );
}

/** The readiness probe. */
export function ready(inst: Installation): Promise<Answer> {
  return timed("ready", () => fetch(`${inst.url}/api/health/ready`));
}

/** A request with a bound: a hang shows as status 0 after 30 s. */
async function timed(kind: string, send: () => Promise<Response>): Promise<Answer> {
  const at = Date.now();
  const started = performance.now();
  try {
    const res = await Promise.race([
      send(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer within 30 s")), 30_000)),
    ]);
    const body = await res.text();
    return { kind, at, ms: performance.now() - started, status: res.status, retryAfter: res.headers.get("retry-after"), body };
  } catch (error) {
    return { kind, at, ms: performance.now() - started, status: 0, retryAfter: null, body: String(error) };
  }
}

/** The installation of a test file: made before its tests, closed after them. */
export function installForThisFile(options: Parameters<typeof install>[0]): () => Installation {
  let inst: Installation | undefined;
  beforeAll(async () => {
    inst = await install(options);
  });
  afterAll(async () => {
    await inst?.close();
  });
  return () => {
    if (!inst) throw new Error("the installation is not up");
    return inst;
  };
}

/** `clients` loops posting jobs until `stop()`: every answer, and the ids of the jobs accepted. */
export function keepPosting(inst: Installation, clients: number) {
  const answers: Answer[] = [];
  const accepted: number[] = [];
  let running = true;
  let n = 0;
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      const answer = await postJob(inst, n++);
      answers.push(answer);
      if (answer.id) accepted.push(answer.id);
      else await sleep(100);
    }
  });
  return {
    answers,
    accepted,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Every job ends Ready (waited for), each with one result file and one metrics row: none lost, none run twice. */
export async function expectReadyOnce(ids: number[], timeoutMs = 240_000): Promise<void> {
  const { startedDb: getDb } = await import("@/lib/setup/bootstrap");
  const { jobs, jobFiles, jobMetrics } = await import("@/db/schema");
  const db = await getDb();
  const notReady = async () =>
    (await db.select({ id: jobs.id, state: jobs.state }).from(jobs).where(inArray(jobs.id, ids))).filter(
      (r) => r.state !== "Ready",
    );
  const started = Date.now();
  try {
    await until("every accepted job Ready", async () => (await notReady()).length === 0, timeoutMs, 500);
  } finally {
    console.info(`after ${Date.now() - started} ms: ${(await notReady()).length} of ${ids.length} job(s) not Ready`);
  }
  const results = await db
    .select({ jobId: jobFiles.jobId })
    .from(jobFiles)
    .where(and(inArray(jobFiles.jobId, ids), eq(jobFiles.kind, "result")));
  expect(results).toHaveLength(ids.length);
  expect(await db.select({ jobId: jobMetrics.jobId }).from(jobMetrics).where(inArray(jobMetrics.jobId, ids))).toHaveLength(
    ids.length,
  );
}
