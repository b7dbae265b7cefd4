// Processes of a bench's own (workers, helpers, profiled servers), each in a process group of its own and ended by
// group id, so that nothing a bench started outlives it; and the URL of a bench's own database. Shared by
// bench/jobs.mjs and bench/load.mjs.
import { spawn } from "node:child_process";
import { closeSync, openSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";

// the project (not server.mjs's `root`: importing server.mjs fixes its dist dir before a bench has chosen one)
const root = path.resolve(import.meta.dirname, "..");

/** The process groups started here and still running: killed when the bench process exits, however it exits. */
export const groups = new Set();

export function killGroup(pid, signal = "SIGKILL") {
  try {
    process.kill(-pid, signal);
  } catch {}
}
process.on("exit", () => {
  for (const pid of groups) killGroup(pid);
});

/** Spawns a process group logging to `logFile` (stdout too, unless "pipe": then it is collected); { pid, exited }. */
export function spawnGroup(command, args, { env, logFile, stdout = "log" }) {
  const log = openSync(logFile, "a");
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ["ignore", stdout === "pipe" ? "pipe" : log, log],
    env,
  });
  closeSync(log);
  groups.add(child.pid);
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      groups.delete(child.pid);
      killGroup(child.pid); // stragglers of the group
      resolve({ code, signal, out });
    }),
  );
  return { pid: child.pid, exited };
}

/** SIGTERM to the group, SIGKILL after `graceMs`; resolves when its leader has exited. */
export async function endGroup(proc, graceMs = 10_000) {
  killGroup(proc.pid, "SIGTERM");
  const timer = setTimeout(() => killGroup(proc.pid, "SIGKILL"), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

/** `node --import tsx <script> <command>` (a bench's TypeScript helper): the last line it printed, parsed as JSON. */
export async function runHelper(script, command, env, logFile) {
  const proc = spawnGroup(process.execPath, ["--import", "tsx", script, command], { env, logFile, stdout: "pipe" });
  const { code, signal, out } = await proc.exited;
  if (code !== 0) throw new Error(`${script} ${command} ended with ${code ?? signal}; see ${logFile}`);
  return JSON.parse(out.trim().split("\n").pop());
}

/** The URL of database `name` on the PostgreSQL server of `serverUrl`. */
export function databaseUrl(serverUrl, name) {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops a bench's database (`admin` is a connection to its server, ended here) and removes its queue's Redis keys. */
export async function removeBenchData(admin, { dbName, redisUrl, queuePrefix, label }) {
  try {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  } catch (err) {
    console.error(`could not drop database ${dbName}: ${err.message}`);
  }
  await admin.end({ timeout: 5 });
  const redis = new Redis(redisUrl);
  let cursor = "0";
  let removed = 0;
  do {
    const [nextCursor, keys] = await redis.scan(cursor, "MATCH", `${queuePrefix}:*`, "COUNT", 1000);
    cursor = nextCursor;
    if (keys.length) removed += await redis.del(...keys);
  } while (cursor !== "0");
  await redis.quit();
  console.log(`${label}: dropped ${dbName}, removed ${removed} Redis keys of ${queuePrefix}`);
}

/** Unless --keep-logs: the bench's directories below `tmp` and every log named after them (server, worker, helper). */
export function removeBenchFiles(tmp, dirs) {
  if (process.argv.includes("--keep-logs")) return;
  const ours = dirs.map((d) => path.basename(d));
  for (const name of readdirSync(tmp)) {
    if (ours.some((o) => name === o || name.startsWith(`${o}.`) || name.startsWith(`${o}-`)))
      rmSync(path.join(tmp, name), { recursive: true, force: true });
  }
}
