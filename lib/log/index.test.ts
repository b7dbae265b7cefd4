import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const dirs: string[] = [];
afterEach(async () => {
  const current = await import("./index");
  current.setLogFile(null);
  current.setStdoutLevel(current.log, "silent");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "log-index-test-"));
  dirs.push(dir);
  return path.join(dir, "logs", "walk.log");
}

const messages = (file: string) =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { msg: string }).msg)
    : [];

/**
 * Next loads lib/log once per module graph (instrumentation.ts and the workers it starts; the route handlers): a copy
 * loaded apart from the one that set the log file stands for a route handler of the server after a restart.
 */
describe("one log file and one stdout level for every copy of lib/log in the process", () => {
  it("a copy loaded apart from the one that set the file writes its lines there from the start, at the file's level", async () => {
    const file = tempFile();
    const workers = await import("./index");
    workers.setLogFile({ path: file, level: "debug" });

    vi.resetModules();
    const routes = await import("./index");
    expect(routes.log).not.toBe(workers.log);
    expect(routes.logFile()).toEqual({ path: file, level: "debug" });
    routes.log.info({ path: "/api/v3/config/service" }, "api");
    routes.log.child({ requestId: "r-1" }).debug("login");
    routes.log.trace("below the file's level");
    expect(messages(file)).toEqual(["api", "login"]);

    // a change made through either copy holds for the other: at Error an info line stays out, switched off nothing
    routes.setLogFile({ path: file, level: "error" });
    workers.log.info("api");
    workers.log.error("failed");
    workers.setLogFile(null);
    expect(routes.logFile()).toBeNull();
    routes.log.error("after");
    expect(messages(file)).toEqual(["api", "login", "failed"]);
  });

  it("the root loggers of every copy show the one stdout level the worker configuration sets", async () => {
    const workers = await import("./index");
    vi.resetModules();
    const routes = await import("./index");
    workers.setStdoutLevel(workers.log, "debug");
    expect(routes.stdoutLevel()).toBe("debug");
    expect(routes.log.level).toBe("debug");
    // a child's own level (the learn worker's) stays its own
    const learn = routes.log.child({ queue: "learn" });
    routes.setStdoutLevel(learn, "warn");
    expect([routes.stdoutLevel(learn), workers.stdoutLevel(), learn.level]).toEqual(["warn", "debug", "warn"]);
  });
});
