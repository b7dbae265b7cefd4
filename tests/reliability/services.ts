import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../helpers/net";
import { buildForTests } from "../server/global-setup";

/**
 * The parts of a scale-out installation, each of its own so that a test may stop, restart or kill it: a PostgreSQL
 * cluster made with Debian's initdb in a temp directory, a redis-server without persistence, the production server
 * (`next start` of the test build) and worker processes, all on free ports of 127.0.0.1.
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 100) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

function pgBin(name: string): string {
  const versions = spawnSync("ls", ["/usr/lib/postgresql"], { encoding: "utf8" }).stdout.trim().split("\n").sort();
  const version = versions.at(-1);
  const bin = `/usr/lib/postgresql/${version}/bin/${name}`;
  if (!version || !existsSync(bin)) throw new Error(`Debian's PostgreSQL server (${bin}) is needed for the reliability suite`);
  return bin;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the user postgres. */
function asPostgres(command: string, args: string[]) {
  const root = process.getuid?.() === 0;
  const result = root
    ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], { encoding: "utf8" })
    : spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.stderr || result.stdout}`);
  return result.stdout;
}

export type Postgres = { url: string; stop(): void; start(): void; remove(): void };

export async function startPostgres(): Promise<Postgres> {
  const dir = mkdtempSync(path.join(tmpdir(), "docservice-reliability-pg-"));
  if (process.getuid?.() === 0) {
    const ids = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim();
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const data = path.join(dir, "data");
  asPostgres(pgBin("initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const ctl = (...args: string[]) => asPostgres(pgBin("pg_ctl"), ["-D", data, ...args]);
  const start = () => ctl("-o", options, "-l", path.join(dir, "log"), "-w", "start");
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // fast: the clients' connections are cut, as in a crash or a failover
    stop: () => ctl("-m", "fast", "-w", "stop"),
    start,
    remove: () => {
      try {
        ctl("-m", "immediate", "-w", "stop");
      } catch {
        // stopped already
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Redis = { url: string; stop(): Promise<void>; start(): Promise<void> };

/** redis-server without persistence: a restart loses every key, as the operators run it */
export async function startRedis(): Promise<Redis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    await until(
      "redis-server listening",
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(port, "127.0.0.1", () => {
            socket.end();
            resolve(true);
          });
          socket.once("error", () => resolve(false));
        }),
      10_000,
    );
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

export type Process = { child: ChildProcess; log: string; stop(signal?: NodeJS.Signals): Promise<void> };

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, cwd: string): Process {
  const fd = openSync(logFile, "a");
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", fd, fd] });
  closeSync(fd);
  const exited = new Promise((r) => child.once("exit", r));
  return {
    child,
    log: logFile,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-(child.pid as number), signal);
      } catch {
        // gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-(child.pid as number), "SIGKILL");
        } catch {
          // gone
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The production server on `env` (DATABASE_URL, REDIS_URL, …), answering /api/health/ready with 200. */
export async function startServer(env: NodeJS.ProcessEnv, dataDir: string): Promise<{ url: string; process: Process }> {
  // CI serves the build the server tests made: RELIABILITY_NEXT_DIST_DIR=.next-test (.ci/run)
  const { root, next, distDir } = process.env.RELIABILITY_NEXT_DIST_DIR
    ? {
        root: path.resolve(import.meta.dirname, "..", ".."),
        next: path.resolve(import.meta.dirname, "..", "..", "node_modules", ".bin", "next"),
        distDir: process.env.RELIABILITY_NEXT_DIST_DIR,
      }
    : await buildForTests();
  const port = await freePort();
  const server = spawnLogged(
    next,
    ["start", "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", "65000"],
    { ...env, NODE_ENV: "production", NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1", DATA_DIR: dataDir },
    path.join(dataDir, "server.log"),
    root,
  );
  const url = `http://127.0.0.1:${port}`;
  await until(
    "the server ready",
    async () => {
      if (server.child.exitCode !== null) throw new Error(readFileSync(server.log, "utf8").slice(-3000));
      return fetch(`${url}/api/health/ready`).then(
        (res) => res.status === 200,
        () => false,
      );
    },
    180_000,
  );
  return { url, process: server };
}

/** The process has logged this message (its JSON log's `msg`). */
export function logged(proc: Process, msg: string): boolean {
  return existsSync(proc.log) && readFileSync(proc.log, "utf8").includes(`"msg":"${msg}"`);
}

/** A worker process (`npm run worker`: node --import tsx workers/index.ts), one process so that a kill reaches it. */
export function startWorker(env: NodeJS.ProcessEnv, dataDir: string, name: string): Process {
  const { root } = { root: path.resolve(import.meta.dirname, "..", "..") };
  return spawnLogged(
    process.execPath,
    ["--import", "tsx", "workers/index.ts"],
    { ...env, DATA_DIR: dataDir, NODE_ENV: "production" },
    path.join(dataDir, `${name}.log`),
    root,
  );
}
