// Server side of the benchmarks: build, start and stop `next start`, and the API calls they share.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";

export const root = path.resolve(import.meta.dirname, "..");
export const tmp = path.join(root, "bench", ".tmp");
export const DIST_DIR = process.env.BENCH_DIST_DIR || ".next-bench"; // never .next: another engineer serves from it; BENCH_DIST_DIR keeps parallel benches apart
export const ADMIN_PASSWORD = "Bench-Passw0rd!";
const next = path.join(root, "node_modules", ".bin", "next");
const started = new Set(); // process-group ids of every server this process spawned

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A fresh, empty directory under bench/.tmp (DATA_DIR of one measurement). */
export function freshDir(name) {
  const dir = path.join(tmp, `${name}-${process.pid}-${Date.now()}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

function portInUse(port) {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: "127.0.0.1" }, () => {
      s.destroy();
      resolve(true);
    });
    s.on("error", () => resolve(false));
  });
}

/** Builds into .next-bench once (or again when forced); `next build` into .next is someone else's. */
export function ensureBuild(force = false) {
  if (!force && existsSync(path.join(root, DIST_DIR, "BUILD_ID"))) return;
  console.log(`building into ${DIST_DIR} (next build)…`);
  const res = spawnSync(next, ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (res.status !== 0) throw new Error(`next build failed (${res.status ?? res.signal})`);
  // as `npm run build` does: the PGlite template that spares a first start its initdb
  const template = spawnSync(process.execPath, [path.join(root, "scripts", "pglite-template.mjs")], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR },
  });
  if (template.status !== 0) throw new Error("scripts/pglite-template.mjs failed");
}

/**
 * Spawns `next start` in its own process group (so the whole group can be ended), logging to a file
 * (a pipe nobody drains would stall the server). The embedded default: no DATABASE_URL, no REDIS_URL.
 */
export async function startServer({ port, dataDir, env = {} }) {
  if (await portInUse(port)) throw new Error(`port ${port} is taken; not starting a second server on it`);
  const { DATABASE_URL, REDIS_URL, ...base } = process.env;
  const log = openSync(path.join(dataDir, "..", `${path.basename(dataDir)}.log`), "a");
  const t0 = performance.now();
  const child = spawn(next, ["start", "-p", String(port), "--keepAliveTimeout", "65000"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", log, log],
    env: { ...base, NODE_ENV: "production", DATA_DIR: dataDir, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  closeSync(log); // the child holds its own copy
  started.add(child.pid);
  const exited = new Promise((r) => child.once("exit", r));
  return { child, pid: child.pid, port, t0, exited, url: `http://127.0.0.1:${port}` };
}

/**
 * Polls every 20 ms until GET path answers 200; returns ms since the spawn. Also sets server.listenMs, when
 * the port first accepted a connection: the gap to the first 200 is start-up work that requests wait for.
 */
export async function waitFor200(server, pathName = "/login", timeoutMs = 120_000) {
  let exited = false;
  server.exited.then(() => (exited = true));
  let ok = false;
  (async () => {
    while (!ok && !exited && server.listenMs === undefined) {
      if (await portInUse(server.port)) server.listenMs ??= performance.now() - server.t0;
      else await sleep(20);
    }
  })();
  try {
    while (performance.now() - server.t0 < timeoutMs) {
      if (exited) throw new Error(`server on port ${server.port} exited before answering`);
      try {
        const res = await fetch(server.url + pathName, { redirect: "manual" });
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - server.t0;
      } catch {
        // not listening yet
      }
      await sleep(20);
    }
    throw new Error(`no 200 from ${pathName} within ${timeoutMs} ms`);
  } finally {
    ok = true;
  }
}

/** Ends the server's process group: SIGTERM, then SIGKILL after 5 s. Waits so its DATA_DIR is free. */
export async function stopServer(server) {
  if (!started.has(server.pid)) return;
  const kill = (sig) => {
    try {
      process.kill(-server.pid, sig);
    } catch {}
  };
  kill("SIGTERM");
  const timer = setTimeout(() => kill("SIGKILL"), 5000);
  await server.exited;
  clearTimeout(timer);
  kill("SIGKILL"); // any straggler left in the group
  started.delete(server.pid);
}

/** Last resort on crash or Ctrl-C: SIGKILL every group we started (and only those). */
export function killAllStarted() {
  for (const pgid of started) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {}
  }
  started.clear();
}
process.on("exit", killAllStarted);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => process.exit(130));

/** One JSON API call; throws on an unexpected status so a benchmark never counts failures as work. */
export async function api(server, method, pathName, { body, token, expect = 200 } = {}) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(server.url + pathName, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${method} ${pathName} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

export const NEW_PASSWORD = "Bench-Changed-Passw0rd!";
export const loginBody = (password) => ({ systemName: "Supersystem", userName: "admin", password });

/**
 * The first-start admin must change its password before real use: sign in with ADMIN_PASSWORD, change it
 * through the API (which ends every session), sign in again. Returns { token, userId } of a usable session.
 * Only correct passwords: three wrong ones lock the account.
 */
export async function prepareAdmin(server) {
  const first = await api(server, "POST", "/api/auth/login", { body: loginBody(ADMIN_PASSWORD) });
  if (first.requiresPasswordChange) {
    await api(server, "POST", `/api/users/${first.userId}/password/changeRequired`, {
      body: { newPassword: NEW_PASSWORD },
      token: first.token,
      expect: 204,
    });
  }
  const holder = await api(server, "POST", "/api/auth/login", { body: loginBody(NEW_PASSWORD) });
  return { token: holder.token, userId: holder.userId };
}
