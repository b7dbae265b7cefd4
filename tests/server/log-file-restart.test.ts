import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { embedded, ownServer, send } from "./own-server";

// The service configuration's log file after a restart of `next start` (lib/log): Next loads lib/log once for the
// workers that instrumentation.ts starts and again for the route handlers; the file the workers' start sets must take
// the API's lines too from the start, not only after the next save. A server of its own (on the build global-setup
// made), restarted on its DATA_DIR; embedded, as the database of a second start must be the first one's.
const dataDir = mkdtempSync(path.join(tmpdir(), "docservice-log-restart-"));
const PASSWORD = "First-Start-Passw0rd!";
const CHANGED = "Log-Admin-Passw0rd!";

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () => ownServer(dataDir, PASSWORD);

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
