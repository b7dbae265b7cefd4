import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "@/db/client";
import { embedded, ownServer, send } from "./own-server";

// The embedded runner's onStop tasks at a graceful stop of `next start` (workers/server.ts): a server of its own (the
// shared one of global-setup.ts keeps running for the other files), on the build global-setup made, with PGlite in
// a DATA_DIR of its own, so that the run history can be read from that directory once the server has exited.
// Embedded only: with Redis the worker processes run onStop (tests/integration/scheduler-workers.test.ts).
const dataDir = mkdtempSync(path.join(tmpdir(), "docservice-graceful-stop-"));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const post = (url: string, body: unknown, token?: string) => send(url, "POST", body, token);

describe.runIf(embedded)("a graceful stop of the server (SIGTERM to next start)", () => {
  it("runs the onStop tasks before the process exits", async () => {
    const { url, logFile, exited, stop } = await ownServer(dataDir, "First-Start-Passw0rd!");
    try {
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
      await stop();
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
