import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { freePort } from "../helpers/net";

/**
 * The real server for tests whose subject is Next's router or the whole process (trailing slashes, undecodable
 * paths, uploads and the server's memory, the fuzz test): `next start` of a production build in its own directory
 * (NEXT_DIST_DIR=.next-test, built only when the sources changed), on a free port, with a temp DATA_DIR (PGlite),
 * or a fresh database on DATABASE_URL's server and a queue prefix of its own on REDIS_URL. Needs nothing but Node.
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const DIST_DIR = ".next-test";
const NEXT = path.join(ROOT, "node_modules", ".bin", "next");
export const SERVER_ADMIN_PASSWORD = "Server-Admin-Passw0rd!";
export const SERVER_METRICS_TOKEN = "server-test-metrics-token-0123456789";

declare module "vitest" {
  interface ProvidedContext {
    server: { url: string; pgid: number; adminPassword: string; dataDir: string };
  }
}

/** What the build depends on: the app's folders and the root's configuration (tests, docs and bench are not). */
const SOURCES = ["app", "components", "lib", "db", "drizzle", "messages", "workers", "public"];
const ROOT_FILES = [
  "next.config.ts",
  "proxy.ts",
  "instrumentation.ts",
  "package-lock.json",
  "tsconfig.json",
  "postcss.config.mjs",
];

function sourceHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith(".test.ts")) hash.update(path.relative(ROOT, full)).update(readFileSync(full));
    }
  };
  for (const dir of SOURCES) walk(path.join(ROOT, dir));
  for (const file of ROOT_FILES)
    if (existsSync(path.join(ROOT, file))) hash.update(file).update(readFileSync(path.join(ROOT, file)));
  return hash.digest("hex");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One build at a time in this checkout (two test runs may start together); a lock older than 10 min is stale. */
async function withBuildLock<T>(fn: () => T): Promise<T> {
  const lock = path.join(ROOT, `${DIST_DIR}.lock`);
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 600_000)
        rmSync(lock, { recursive: true, force: true });
      if (waited > 900_000) throw new Error(`${lock} held for 15 minutes`);
      await sleep(500);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function ensureBuild(): void {
  const hash = sourceHash();
  const marker = path.join(ROOT, DIST_DIR, "source-hash");
  if (existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID")) && existsSync(marker) && readFileSync(marker, "utf8") === hash) return;
  console.log(`building ${DIST_DIR} for the server tests (tests/server), since the sources changed: about a minute`);
  // types are checked by `npm run typecheck`, not again by every test build
  const env = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", NEXT_BUILD_SKIP_TYPECHECK: "1" };
  const build = spawnSync(NEXT, ["build"], { cwd: ROOT, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0) throw new Error(`next build into ${DIST_DIR} failed:\n${(build.stdout + build.stderr).slice(-4000)}`);
  const template = spawnSync(process.execPath, [path.join(ROOT, "scripts", "pglite-template.mjs")], {
    cwd: ROOT,
    env,
    encoding: "utf8",
  });
  if (template.status !== 0) throw new Error(`pglite-template failed:\n${template.stderr}`);
  writeFileSync(marker, hash);
}

async function waitForReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (const started = Date.now(); Date.now() - started < 180_000; ) {
    if (exited) throw new Error(`the test server exited before it was ready:\n${readFileSync(logFile, "utf8").slice(-4000)}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the test server did not get ready:\n${readFileSync(logFile, "utf8").slice(-4000)}`);
}

async function call(url: string, pathName: string, body: unknown, token?: string) {
  const res = await fetch(url + pathName, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${pathName} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** The production build of the test servers (NEXT_DIST_DIR=.next-test), made when the sources changed. */
export async function buildForTests(): Promise<{ root: string; next: string; distDir: string }> {
  await withBuildLock(ensureBuild);
  return { root: ROOT, next: NEXT, distDir: DIST_DIR };
}

export default async function setup(project: TestProject) {
  await buildForTests();
  const dataDir = mkdtempSync(path.join(tmpdir(), "docservice-server-test-"));
  const suffix = randomBytes(4).toString("hex");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: "First-Start-Passw0rd!",
    SECRET_KEY: `server-test-${randomBytes(16).toString("hex")}`,
    LOG_LEVEL: "warn",
    QUEUE_PREFIX: `docservice-server-test-${suffix}`,
    // licences signed with the test-only key pair are trusted
    LICENCE_PUBLIC_KEYS: JSON.parse(readFileSync(path.join(ROOT, "tests", "fixtures", "licence-keys.json"), "utf8")).publicKey,
    // GET /api/metrics exists only with a token (tests/server/metrics.test.ts scrapes it)
    METRICS_TOKEN: SERVER_METRICS_TOKEN,
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `docservice_server_test_${suffix}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const port = await freePort();
  const logFile = path.join(dataDir, "server.log");
  const log = openSync(logFile, "a");
  const child = spawn(NEXT, ["start", "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", "65000"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", log, log],
    env,
  });
  closeSync(log);
  const pgid = child.pid as number;
  const exited = new Promise((r) => child.once("exit", r));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pgid, signal);
      } catch {
        // already gone
      }
    };
    kill("SIGTERM");
    const timer = setTimeout(() => kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
    kill("SIGKILL");
    if (process.env.REDIS_URL) {
      const { Redis } = await import("ioredis");
      const redis = new Redis(process.env.REDIS_URL);
      const keys = await redis.keys(`${env.QUEUE_PREFIX}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(url, child, logFile);
    // the first-start admin must change its password before anything else
    const first = await call(url, "/api/auth/login", {
      systemName: "Supersystem",
      userName: "admin",
      password: env.ADMIN_PASSWORD,
    });
    await call(url, `/api/users/${first.userId}/password/changeRequired`, { newPassword: SERVER_ADMIN_PASSWORD }, first.token);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide("server", { url, pgid, adminPassword: SERVER_ADMIN_PASSWORD, dataDir });
  return stop;
}
