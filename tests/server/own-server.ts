import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../helpers/net";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const NEXT = path.join(ROOT, "node_modules", ".bin", "next");

/** The embedded default, as a file's own server runs it (the shared one of global-setup.ts may have PostgreSQL). */
export const embedded = !process.env.DATABASE_URL && !process.env.REDIS_URL;

/**
 * `next start` of the build global-setup made, embedded, on `dataDir` (its log `server.log` there), once ready: for a
 * file that must stop or restart its server. `exited` is the process's exit code; `stop` sends SIGTERM and waits.
 */
export async function ownServer(dataDir: string, adminPassword: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const out = openSync(logFile, "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: ".next-test",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: adminPassword,
    SECRET_KEY: `own-server-${randomBytes(16).toString("hex")}`,
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(NEXT, ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: ROOT, stdio: ["ignore", out, out], env });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  try {
    for (let ready = false; !ready; await new Promise((r) => setTimeout(r, 100))) {
      if (child.exitCode !== null) throw new Error(readFileSync(logFile, "utf8").slice(-4000));
      ready = await fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, logFile, exited, stop };
}

/** A JSON call to a server of its own; a status of 300 or more throws with the answer. */
export async function send(url: string, method: string, body?: unknown, token?: string) {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}
