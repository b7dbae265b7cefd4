import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type CorpusDoc, corpusFile, root } from "./corpus";
import { fmt } from "./format";
import { nativeAll } from "./native";
import { arg } from "./options";
import { engineEnv } from "./ours";
import { pool } from "./pool";

/**
 * End to end: every corpus document as a one-document job, posted in one burst to `next start` with two
 * `npm run worker` on PostgreSQL + Redis (a database and queue prefix of their own, removed afterwards), until every
 * job ended; against the native tools on the same files, as many at once as the two workers read.
 */

export const E2E_PORT = 3440;
const cores = os.availableParallelism();

type ServerModule = {
  ensureBuild(force?: boolean): void;
  freshDir(name: string): string;
  startServer(o: { port: number; dataDir: string; env?: Record<string, string | undefined> }): Promise<{ url: string }>;
  waitFor200(server: unknown, pathName?: string, timeoutMs?: number): Promise<number>;
  stopServer(server: unknown): Promise<void>;
  api(server: unknown, method: string, p: string, o?: { body?: unknown; token?: string; expect?: number }): Promise<unknown>;
  ADMIN_PASSWORD: string;
  DIST_DIR: string;
};

const MIME: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  tif: "image/tiff",
  bmp: "image/bmp",
  gif: "image/gif",
  webp: "image/webp",
};

async function postJob(url: string, token: string, projectName: string, doc: CorpusDoc): Promise<string> {
  const form = new FormData();
  const bytes = readFileSync(corpusFile(doc.file));
  const ext = path.extname(doc.file).slice(1);
  form.append("file", new Blob([bytes], { type: MIME[ext] ?? "application/octet-stream" }), path.basename(doc.file));
  form.append("meta", JSON.stringify({ projectName, client: "bench documents", priority: 5 }));
  const res = await fetch(`${url}/api/jobs`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST /api/jobs (${doc.file}) answered ${res.status}: ${text.slice(0, 300)}`);
  return String((JSON.parse(text) as { id: string | number }).id);
}

/** bench/processes.mjs: process groups of our own (killed when this process exits), the bench's database and keys */
type ProcessGroup = { pid: number; exited: Promise<unknown> };
type ProcessesModule = {
  spawnGroup(command: string, args: string[], o: { env: NodeJS.ProcessEnv; logFile: string }): ProcessGroup;
  endGroup(group: ProcessGroup, graceMs?: number): Promise<void>;
  killGroup(pid: number, signal?: NodeJS.Signals): void;
  databaseUrl(serverUrl: string, name: string): string;
  removeBenchData(admin: unknown, o: { dbName: string; redisUrl: string; queuePrefix: string; label: string }): Promise<void>;
};

export async function e2e(docs: CorpusDoc[]) {
  const server = (await import(path.join(root, "bench", "server.mjs") as string)) as ServerModule;
  const { databaseUrl, endGroup, killGroup, removeBenchData, spawnGroup } = (await import(
    path.join(root, "bench", "processes.mjs") as string
  )) as ProcessesModule;
  const { default: postgres } = await import("postgres");
  const pgServer = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379";
  const suffix = randomBytes(4).toString("hex");
  const dbName = `docservice_bench_docs_${suffix}`;
  const prefix = `docservice-bench-docs-${suffix}`;
  const dbUrl = databaseUrl(pgServer, dbName);

  const manifest = path.join(root, server.DIST_DIR, "app-path-routes-manifest.json");
  server.ensureBuild(process.argv.includes("--build") || !existsSync(manifest));
  const admin = postgres(pgServer, { max: 1, onnotice: () => {} });
  const dataDir = server.freshDir("documents");
  const { DATABASE_URL: _d, REDIS_URL: _r, QUEUE_PREFIX: _q, ...base } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...base,
    DATABASE_URL: dbUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    SECRET_KEY: `bench-${suffix}-${randomBytes(16).toString("hex")}`,
    NEXT_DIST_DIR: server.DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    ...engineEnv(arg("engine")),
  };
  let srv: unknown;
  const workers: ProcessGroup[] = [];
  const ended = new Set<ProcessGroup>();
  const pg = postgres(dbUrl, { max: 2, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${dbName}`);
    srv = await server.startServer({ port: E2E_PORT, dataDir, env: { ...env, ADMIN_PASSWORD: server.ADMIN_PASSWORD } });
    await server.waitFor200(srv, "/api/health/ready", 180_000);
    const setup = spawnSync(process.execPath, ["--import", "tsx", "bench/jobs-helper.ts", "setup"], {
      cwd: root,
      env: { ...env, LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
    if (setup.status !== 0) throw new Error(`jobs-helper setup failed: ${setup.stderr}`);
    const s = JSON.parse(setup.stdout.trim().split("\n").pop() ?? "{}") as Record<string, string>;
    const { token } = (await server.api(srv, "POST", "/api/auth/login", {
      body: { systemName: s.systemName, userName: s.userName, password: s.password },
    })) as { token: string };
    for (let i = 0; i < 2; i++) {
      const worker = spawnGroup("npm", ["run", "worker"], { env, logFile: `${dataDir}-worker-${i + 1}.log` });
      void worker.exited.then(() => ended.add(worker));
      workers.push(worker);
    }
    // both workers registered before the burst, so neither starts late
    for (const deadline = performance.now() + 120_000; ; ) {
      const [row] = await pg`select count(*)::int as n from worker_processes`.catch(() => [{ n: 0 }]);
      if ((row?.n ?? 0) >= 2) break;
      if (performance.now() > deadline) throw new Error("the two workers did not register within 2 min");
      if (workers.some((w) => ended.has(w))) throw new Error(`a worker ended early; see ${dataDir}-worker-*.log`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`e2e: posting ${docs.length} documents as jobs in one burst…`);
    const t0 = performance.now();
    const url = (srv as { url: string }).url;
    const ids = new Map<string, CorpusDoc>();
    await pool(docs, 8, async (doc) => {
      ids.set(await postJob(url, token, s.projectName as string, doc), doc);
    });
    const postedMs = performance.now() - t0;
    let states: { id: string; state: string; error_code: string | null }[] = [];
    for (const deadline = performance.now() + 60 * 60_000; ; ) {
      states = await pg`select id::text, state, error_code from jobs where id::text = any(${[...ids.keys()]})`;
      if (states.length === ids.size && states.every((j) => j.state === "Ready" || j.state === "Error")) break;
      if (performance.now() > deadline) throw new Error("e2e: not every job ended within an hour");
      if (workers.some((w) => ended.has(w))) throw new Error(`a worker ended early; see ${dataDir}-worker-*.log`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const wallMs = performance.now() - t0;
    const [span] = await pg`select extract(epoch from max(finished) - min(created))::float8 as seconds from jobs
      where id::text = any(${[...ids.keys()]})`;
    const errors = states
      .filter((j) => j.state === "Error")
      .map((j) => ({ file: ids.get(j.id)?.file ?? j.id, code: j.error_code ?? "?" }));
    console.log(`e2e: all ${ids.size} jobs ended in ${fmt(wallMs / 1000, 1)} s (posted in ${fmt(postedMs / 1000, 1)} s)`);
    for (const w of workers) await endGroup(w);
    await server.stopServer(srv);
    srv = undefined;
    // the same work by the native tools, as many at once as the two workers read (maxWorkerCount 0 = cores each)
    console.log(`e2e: the native tools on the same documents, ${2 * cores} processes…`);
    const native = await nativeAll(docs, 2 * cores);
    const nativeErrors = [...native.readings.entries()].filter(([, r]) => r.error).map(([file]) => file);
    return {
      documents: ids.size,
      ready: states.filter((j) => j.state === "Ready").length,
      errors,
      wallMs,
      postedMs,
      dbSeconds: Number(span?.seconds ?? Number.NaN),
      nativeMs: native.wallMs,
      nativeErrors,
    };
  } finally {
    for (const w of workers) killGroup(w.pid);
    if (srv) await server.stopServer(srv);
    await pg.end({ timeout: 5 });
    await removeBenchData(admin, { dbName, redisUrl, queuePrefix: prefix, label: "e2e" });
    if (!process.argv.includes("--keep-logs")) {
      rmSync(dataDir, { recursive: true, force: true });
      for (const suffixName of [".log", "-worker-1.log", "-worker-2.log"]) rmSync(`${dataDir}${suffixName}`, { force: true });
    }
  }
}
