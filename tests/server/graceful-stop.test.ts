import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "@/db/client";
import { freePort } from "../helpers/net";

// The embedded runner's onStop tasks at a graceful stop of `next start` (workers/server.ts): a server of its own (the
// shared one of global-setup.ts keeps running for the other files), on the build global-setup made, with PGlite in
// a DATA_DIR of its own, so that the run history can be read from that directory once the server has exited.
// Embedded only: with Redis the worker processes run onStop (tests/integration/scheduler-workers.test.ts).
const embedded = !process.env.DATABASE_URL && !process.env.REDIS_URL;
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const NEXT = path.join(ROOT, "node_modules", ".bin", "next");
const dataDir = mkdtempSync(path.join(tmpdir(), "docservice-graceful-stop-"));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${url} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

describe.runIf(embedded)("a graceful stop of the server (SIGTERM to next start)", () => {
  it("runs the onStop tasks before the process exits", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const logFile = path.join(dataDir, "server.log");
    const log = openSync(logFile, "a");
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: ".next-test",
      NEXT_TELEMETRY_DISABLED: "1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "First-Start-Passw0rd!",
      SECRET_KEY: `graceful-stop-${randomBytes(16).toString("hex")}`,
      LOG_LEVEL: "warn",
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(NEXT, ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: ROOT, stdio: ["ignore", log, log], env });
    closeSync(log);
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      for (let ready = false; !ready; await new Promise((r) => setTimeout(r, 100))) {
        if (child.exitCode !== null) throw new Error(readFileSync(logFile, "utf8").slice(-4000));
        ready = await fetch(`${url}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
      }
      const first = await post(`${url}/api/auth/login`, {
        systemName: "Supersystem",
        userName: "admin",
        password: "First-Start-Passw0rd!",
      });
      await post(
        `${url}/api/users/${first.userId}/password/changeRequired`,
        { newPassword: "Stop-Admin-Passw0rd!" },
        first.token,
      );
      const { token } = await post(`${url}/api/auth/login`, {
        systemName: "Supersystem",
        userName: "admin",
        password: "Stop-Admin-Passw0rd!",
      });
      const systems = await (await fetch(`${url}/api/systems`, { headers: { authorization: `Bearer ${token}` } })).json();
      const superSystem = (Array.isArray(systems) ? systems : systems.items).find((s: { type: string }) => s.type === "Super");
      const task = await post(
        `${url}/api/scheduler/tasks`,
        { systemId: superSystem.id, name: "At stop", function: "ConfigurationExport", onStop: true },
        token,
      );
      expect(task.onStop).toBe(true);
    } finally {
      child.kill("SIGTERM");
    }
    // Next's own exit code for SIGTERM (143), after our onStop tasks
    expect(await exited).toBe(143);
    expect(readFileSync(logFile, "utf8")).not.toMatch(/graceful stop of the workers failed/);

    const handle = openPglite(path.join(dataDir, "pglite"));
    try {
      const runs = await handle.db.execute(
        "select r.outcome, r.worker_id from scheduler_task_runs r join scheduler_tasks t on t.id = r.task_id where t.name = 'At stop'",
      );
      expect((runs as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    } finally {
      await handle.close();
    }
  }, 240_000);
});
