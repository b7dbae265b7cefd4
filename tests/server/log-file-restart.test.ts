import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/net";

// The service configuration's log file after a restart of `next start` (lib/log): Next loads lib/log once for the
// workers that instrumentation.ts starts and again for the route handlers; the file the workers' start sets must take
// the API's lines too from the start, not only after the next save. A server of its own (on the build global-setup
// made), restarted on its DATA_DIR; embedded, as the database of a second start must be the first one's.
const embedded = !process.env.DATABASE_URL && !process.env.REDIS_URL;
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const NEXT = path.join(ROOT, "node_modules", ".bin", "next");
const dataDir = mkdtempSync(path.join(tmpdir(), "docservice-log-restart-"));
const PASSWORD = "First-Start-Passw0rd!";
const CHANGED = "Log-Admin-Passw0rd!";

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function send(url: string, method: string, body?: unknown, token?: string) {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** `next start` on the test build with this file's DATA_DIR, once ready; `stop` ends it and waits for its exit. */
async function start(): Promise<{ url: string; stop: () => Promise<void> }> {
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
    ADMIN_PASSWORD: PASSWORD,
    SECRET_KEY: `log-restart-${randomBytes(16).toString("hex")}`,
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child: ChildProcess = spawn(NEXT, ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    stdio: ["ignore", out, out],
    env,
  });
  closeSync(out);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
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
  return { url, stop };
}

/** The messages and paths of the log file's lines. */
const lines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { msg: string; method?: string; path?: string })
    : [];

describe.runIf(embedded)("the log file after a restart of the server", () => {
  it("takes the API's and the sign-in's lines from the start", async () => {
    const file = path.join(dataDir, "logs", "walk.log");
    const first = await start();
    try {
      const login = await send(`${first.url}/api/auth/login`, "POST", {
        systemName: "Supersystem",
        userName: "admin",
        password: PASSWORD,
      });
      await send(`${first.url}/api/users/${login.userId}/password/changeRequired`, "POST", { newPassword: CHANGED }, login.token);
      const { token } = await send(`${first.url}/api/auth/login`, "POST", {
        systemName: "Supersystem",
        userName: "admin",
        password: CHANGED,
      });
      await send(
        `${first.url}/api/v3/config/service`,
        "PUT",
        { fileLoggingEnabled: true, fileLoggingFile: "logs/walk.log", fileLoggingLevel: "Info" },
        token,
      );
    } finally {
      await first.stop();
    }
    const before = lines(file).length;

    const second = await start();
    try {
      const { token } = await send(`${second.url}/api/auth/login`, "POST", {
        systemName: "Supersystem",
        userName: "admin",
        password: CHANGED,
      });
      await send(`${second.url}/api/v3/config/service`, "GET", undefined, token);
    } finally {
      await second.stop();
    }
    const after = lines(file).slice(before);
    expect(after.map((l) => (l.msg === "api" ? `api ${l.method} ${l.path}` : l.msg))).toEqual(
      expect.arrayContaining(["login", "api POST /api/auth/login", "api GET /api/v3/config/service"]),
    );
  }, 240_000);
});
