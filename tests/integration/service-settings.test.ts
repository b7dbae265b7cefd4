import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as getScheduler } from "@/app/api/scheduler/[systemId]/route";
import { PUT as putScheduler } from "@/app/api/scheduler/route";
import { GET as getSystem } from "@/app/api/systems/[systemId]/route";
import { PUT as putSystem } from "@/app/api/systems/route";
import { GET as getService, PUT as putService } from "@/app/api/v3/config/service/route";
import { PUT as putWorker } from "@/app/api/v3/config/worker/route";
import { GET as getLearn, PUT as putLearn } from "@/app/learn/api/v1/config/route";
import { GET as getLearnWorker } from "@/app/learn/api/v1/workerconfig/route";
import { getDb } from "@/lib/db";
import { dataDir } from "@/lib/env";
import { logFile, setLogFile } from "@/lib/log";
import { getServiceConfig } from "@/lib/settings/store";
import { codes, supersystem, tokenOf } from "../helpers/api";
import { makeSystem, makeUser, uniqueName } from "../helpers/factories";
import { call } from "../helpers/http";

async function superAdmin() {
  const sup = await supersystem();
  const user = await makeUser({ systemId: sup.id, roles: ["SuperAdmin"] });
  return { sup, token: await tokenOf(sup.name, user.name) };
}

const put = (token: string, body: object) => call(putService, "/api/v3/config/service", { method: "PUT", token, body });

/** The JSON lines of a log file. */
const lines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { msg: string; method?: string; path?: string; level: number })
    : [];

afterEach(() => {
  delete process.env.CONFIGURATION_EXPORT_DISABLED;
  setLogFile(null);
});

describe("file logging (spec operations §3 fileLoggingEnabled, fileLoggingFile, fileLoggingLevel)", () => {
  it("writes the log to the file below DATA_DIR at its level, beside stdout, from the save on; off, it stops", async () => {
    const { token } = await superAdmin();
    const name = `logs/${uniqueName("service")}.log`;
    const file = path.join(dataDir(), name);
    const saved = await put(token, { fileLoggingEnabled: true, fileLoggingFile: name, fileLoggingLevel: "Info" });
    expect(saved.status, saved.text).toBe(200);
    expect(logFile()).toEqual({ path: file, level: "info" });

    // every API call's line (info) goes there now
    await call(getService, "/api/v3/config/service?first", { token });
    expect(
      lines(file)
        .filter((l) => l.msg === "api")
        .map((l) => l.path),
    ).toContain("/api/v3/config/service");

    // at Error, an API call's info line does not
    await put(token, { fileLoggingLevel: "Error" });
    const before = lines(file).length;
    await call(getService, "/api/v3/config/service", { token });
    expect(lines(file).length).toBe(before);

    // switched off: nothing more is written
    await put(token, { fileLoggingEnabled: false, fileLoggingLevel: "Trace" });
    expect(logFile()).toBeNull();
    const after = lines(file).length;
    await call(getService, "/api/v3/config/service", { token });
    expect(lines(file).length).toBe(after);
  });

  it("after a restart, the server's API calls go to the file from the start, not only from the next save", async () => {
    const { token } = await superAdmin();
    const name = `logs/${uniqueName("restart")}.log`;
    const file = path.join(dataDir(), name);
    const saved = await put(token, { fileLoggingEnabled: true, fileLoggingFile: name, fileLoggingLevel: "Info" });
    expect(saved.status, saved.text).toBe(200);
    try {
      // the restart: no log file yet; the workers' start (instrumentation.ts, workers/server.ts) reads the stored
      // settings in a module graph of its own
      setLogFile(null);
      vi.resetModules();
      const { syncLogLevel } = await import("@/lib/settings/live");
      await syncLogLevel(await getDb());
      // the route handlers: Next loads them in another module graph, apart from the workers'
      vi.resetModules();
      const route = await import("@/app/api/v3/config/service/route");
      expect((await call(route.GET, "/api/v3/config/service?restarted", { token })).status).toBe(200);
      expect(
        lines(file)
          .filter((l) => l.msg === "api")
          .map((l) => `${l.method} ${l.path}`),
      ).toEqual(["PUT /api/v3/config/service", "GET /api/v3/config/service"]);
    } finally {
      expect((await put(token, { fileLoggingEnabled: false })).status).toBe(200);
    }
  });

  it("takes only a path below DATA_DIR and a level of spec §3", async () => {
    const { token } = await superAdmin();
    for (const fileLoggingFile of ["/etc/cron.d/x", "../outside.log", "logs/../../x.log", "C:\\logs\\x.log", "logs/", "."]) {
      const res = await put(token, { fileLoggingEnabled: true, fileLoggingFile });
      expect([res.status, codes(res.json)], fileLoggingFile).toEqual([400, ["configuration_error_logFilePath"]]);
    }
    const level = await put(token, { fileLoggingLevel: "Verbose" });
    expect([level.status, codes(level.json)]).toEqual([400, ["InvalidField"]]);
    // the message says why: its {reason} is filled with the levels allowed
    const reason = "expected one of Off, Fatal, Error, Warn, Info, Debug, Trace";
    expect(level.json.errors[0]).toMatchObject({
      message: `The field fileLoggingLevel is invalid: ${reason}.`,
      messageParameter: { field: "fileLoggingLevel", reason },
    });
    expect((await getServiceConfig(await getDb())).fileLoggingEnabled).toBe(false);
  });
});

describe("isApiV1Enabled", () => {
  it("off, the v1 calls (/learn/api/v1) answer 404 FeatureDisabled; the other calls and the setting's own PUT go on", async () => {
    const { token } = await superAdmin();
    expect((await call(getLearn, "/learn/api/v1/config", { token })).status).toBe(200);
    expect((await put(token, { isApiV1Enabled: false })).status).toBe(200);
    try {
      for (const [handler, p, method] of [
        [getLearn, "/learn/api/v1/config", "GET"],
        [putLearn, "/learn/api/v1/config", "PUT"],
        [getLearnWorker, "/learn/api/v1/workerconfig", "GET"],
      ] as const) {
        const res = await call(handler, p, { method, token, ...(method === "PUT" ? { body: {} } : {}) });
        expect([res.status, res.json.errors[0]], p).toEqual([
          404,
          expect.objectContaining({ code: "FeatureDisabled", messageParameter: { feature: "ApiV1" } }),
        ]);
      }
      expect((await call(getService, "/api/v3/config/service", { token })).status).toBe(200);
      expect((await call(putWorker, "/api/v3/config/worker", { method: "PUT", token, body: {} })).status).toBe(200);
    } finally {
      expect((await put(token, { isApiV1Enabled: true })).status).toBe(200);
    }
    expect((await call(getLearnWorker, "/learn/api/v1/workerconfig", { token })).status).toBe(200);
  });
});

describe("fixed service settings (maxSyncWorkerCount, workingDirectory, systemsDirectory, log4NetFile)", () => {
  it("show the value the service works with and take no other: 400 configuration_error_settingFixed, nothing stored", async () => {
    const { token } = await superAdmin();
    const shown = (await call(getService, "/api/v3/config/service", { token })).json;
    const fixed = {
      maxSyncWorkerCount: 0,
      workingDirectory: os.tmpdir(),
      systemsDirectory: path.join(dataDir(), "files", "systems"),
      log4NetFile: "",
    };
    expect(shown).toMatchObject(fixed);
    // sent back as shown (a client that saves the whole form), they pass
    expect((await put(token, { ...shown, deleteNew: 11 })).status).toBe(200);
    const changed = await put(token, {
      maxSyncWorkerCount: 4,
      workingDirectory: "/srv/work",
      systemsDirectory: "files/elsewhere",
      log4NetFile: "log4net.config",
      deleteNew: 12,
    });
    expect(changed.status).toBe(400);
    expect(
      changed.json.errors.map((e: { code: string; messageParameter: { field: string } }) => e.messageParameter.field),
    ).toEqual(["maxSyncWorkerCount", "workingDirectory", "systemsDirectory", "log4NetFile"]);
    expect(codes(changed.json)).toEqual(Array(4).fill("configuration_error_settingFixed"));
    const stored = await getServiceConfig(await getDb());
    expect(stored.deleteNew).toBe(11);
    expect((await call(getService, "/api/v3/config/service", { token })).json).toMatchObject(fixed);
  });
});

describe('CONFIGURATION_EXPORT_DISABLED (docs/decisions.md "Configuration")', () => {
  it("freezes the exported configuration, not a system's API key or the scheduler's check interval", async () => {
    const { sup, token } = await superAdmin();
    const tenant = await makeSystem();
    const admin = await makeUser({ systemId: tenant.id, roles: ["Administrator"] });
    const tenantToken = await tokenOf(tenant.name, admin.name);
    process.env.CONFIGURATION_EXPORT_DISABLED = "true";

    expect(codes((await put(token, { deleteNew: 13 })).json)).toEqual(["ConfigurationExportDisabled"]);
    const key = await call(putSystem, "/api/systems", {
      method: "PUT",
      token: tenantToken,
      body: { id: tenant.id, name: tenant.name, ccsApiKey: "key-while-frozen" },
    });
    expect(key.status, key.text).toBe(200);
    expect((await call(getSystem, `/api/systems/${tenant.id}`, { token: tenantToken })).json.ccsApiKey).toBe("********");
    const interval = await call(putScheduler, "/api/scheduler", { method: "PUT", token, body: { checkInterval: 45 } });
    expect(interval.status, interval.text).toBe(200);
    expect((await call(getScheduler, `/api/scheduler/${sup.id}`, { token })).json.checkInterval).toBe(45);
  });
});
