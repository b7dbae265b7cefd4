import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as loginPost } from "@/app/api/auth/login/route";
import { GET as getAll } from "@/app/api/config/all/route";
import { POST as postJob } from "@/app/api/jobs/route";
import { GET as getService, PUT as putService } from "@/app/api/v3/config/service/route";
import { POST as postTest } from "@/app/api/v3/config/service/test/route";
import { GET as getWorker, PUT as putWorker } from "@/app/api/v3/config/worker/route";
import { PUT as putFlags } from "@/app/api/v3/featureflags/route";
import { GET as getLearn, PUT as putLearn } from "@/app/learn/api/v1/config/route";
import { GET as getLearnWorker, PUT as putLearnWorker } from "@/app/learn/api/v1/workerconfig/route";
import { auditTrail, jobs } from "@/db/schema";
import { findSystem } from "@/lib/auth/tenancy";
import { CONNECTION_TEST_TIMEOUTS } from "@/lib/config/services/test-service-connection";
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { patchServiceConfig } from "@/lib/settings/store";
import { jobRunnerSlots, startJobRunner, stopJobRunner, wakeJobRunner } from "@/workers/jobs/in-process-runner";
import { JobPipeline } from "@/workers/jobs/pipeline";
import { configurationExport, configurationExportPath } from "@/workers/scheduler/functions/configuration-export";
import { slotCount } from "@/workers/transport/slots";
import { codes, tokenOf } from "../helpers/api";
import { makeProject, makeSystem, makeUser, PASSWORD } from "../helpers/factories";
import { call } from "../helpers/http";
import { closedPort, startSmtp, type TestSmtpServer } from "../helpers/smtp";

async function superToken(extra: { emailAddress?: string } = {}) {
  const sys = await findSystem(await getDb(), { name: "Supersystem" });
  if (!sys) throw new Error("no Supersystem");
  const user = await makeUser({ systemId: sys.id, roles: ["SuperAdmin"], ...extra });
  const res = await call(loginPost, "/api/auth/login", {
    method: "POST",
    body: { systemName: sys.name, userName: user.name, password: PASSWORD },
  });
  return res.json.token as string;
}

async function tokenWith(roles: string[], tenant: boolean) {
  const db = await getDb();
  const sys = tenant ? await makeSystem() : await findSystem(db, { name: "Supersystem" });
  if (!sys) throw new Error("no system");
  const user = await makeUser({ systemId: sys.id, roles });
  return tokenOf(sys.name, user.name);
}

type Handler = Parameters<typeof call>[0];
const READS: [Handler, string][] = [
  [getAll, "/api/config/all"],
  [getService, "/api/v3/config/service/"],
  [getWorker, "/api/v3/config/worker/"],
  [getLearn, "/learn/api/v1/config"],
  [getLearnWorker, "/learn/api/v1/workerconfig"],
];
const WRITES: [Handler, string, unknown][] = [
  [putService, "/api/v3/config/service/", { deleteNew: 12 }],
  [putWorker, "/api/v3/config/worker/", { isScriptingEnabled: true }],
  [putLearn, "/learn/api/v1/config", { createLearnJobOnProjectChange: false }],
  [putLearnWorker, "/learn/api/v1/workerconfig", { logLevel: "Warn" }],
  [putFlags, "/api/v3/featureflags/", { Download: true }],
];

afterEach(() => {
  delete process.env.CONFIGURATION_EXPORT_DISABLED;
});

describe("configuration calls: roles", () => {
  it("only ManageConfiguration (SuperAdmin) reads and changes; everyone else 403, no token 401", async () => {
    const admin = await superToken();
    for (const [handler, path] of READS) expect((await call(handler, path, { token: admin })).status, path).toBe(200);
    for (const [handler, path, body] of WRITES)
      expect((await call(handler, path, { method: "PUT", token: admin, body })).status, path).toBe(200);
    expect(
      (await call(postTest, "/api/v3/config/service/test?service=erpcs", { method: "POST", token: admin, body: {} })).status,
    ).toBe(200);

    for (const [roles, tenant] of [
      [["SystemsAdmin", "ReportAdmin", "ResourceAdmin", "AuditTrailAdmin"], false],
      [["Administrator", "SystemsAdmin"], true],
    ] as const) {
      const token = await tokenWith([...roles], tenant);
      for (const [handler, path] of READS) {
        const res = await call(handler, path, { token });
        expect([path, res.status, codes(res.json)]).toEqual([path, 403, ["AccessDenied"]]);
      }
      for (const [handler, path, body] of WRITES)
        expect((await call(handler, path, { method: "PUT", token, body })).status, path).toBe(403);
      expect((await call(postTest, "/api/v3/config/service/test?service=smtp", { method: "POST", token, body: {} })).status).toBe(
        403,
      );
    }
    for (const [handler, path] of READS) expect((await call(handler, path)).status).toBe(401);
  });

  it("every PUT answers 403 ConfigurationExportDisabled while export is disabled, and stores nothing", async () => {
    const admin = await superToken();
    const before = (await call(getAll, "/api/config/all", { token: admin })).json;
    process.env.CONFIGURATION_EXPORT_DISABLED = "true";
    for (const [handler, path, body] of WRITES) {
      const res = await call(handler, path, { method: "PUT", token: admin, body });
      expect([path, res.status, codes(res.json)]).toEqual([path, 403, ["ConfigurationExportDisabled"]]);
    }
    const after = (await call(getAll, "/api/config/all", { token: admin })).json;
    expect(after.environment.isConfigurationExportDisabled).toBe(true);
    expect({ ...after, environment: null }).toEqual({ ...before, environment: null });
  });
});

describe("settings", () => {
  it("service config: every rule of spec §5 at once, each under its field", async () => {
    const admin = await superToken();
    const res = await call(putService, "/api/v3/config/service", {
      method: "PUT",
      token: admin,
      body: { tokenExpirationMinutes: 9, isEmailConfirmationActive: true, eMailHost: " ", fileLoggingFile: "", log4NetFile: "" },
    });
    expect(res.status).toBe(400);
    expect(
      res.json.errors.map((e: { code: string; messageParameter: { field?: string } }) => [e.code, e.messageParameter?.field]),
    ).toEqual([
      ["configuration_error_tokenExpirationTooLow", "tokenExpirationMinutes"],
      ["configuration_error_missingEMailHost", "eMailHost"],
      ["configuration_error_missingLogFile", "fileLoggingFile"],
    ]);
    // log4net does not apply to this service (a fixed setting, docs/decisions.md "Service settings"): a log file it is
    const log4net = await call(putService, "/api/v3/config/service", {
      method: "PUT",
      token: admin,
      body: { fileLoggingFile: "", log4NetFile: "log4net.config" },
    });
    expect(codes(log4net.json)).toEqual(["configuration_error_settingFixed", "configuration_error_missingLogFile"]);
    const ok = await call(putService, "/api/v3/config/service", {
      method: "PUT",
      token: admin,
      body: { fileLoggingFile: "logs/service.log", log4NetFile: "" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ fileLoggingFile: "logs/service.log", log4NetFile: "" });
  });

  it("worker, learn and learn-worker settings: the fields sent change, bad values 400, an audit row each", async () => {
    const admin = await superToken();
    const db = await getDb();
    const worker = await call(putWorker, "/api/v3/config/worker", {
      method: "PUT",
      token: admin,
      body: { jsonFormat: "Compact" },
    });
    expect(worker.json).toMatchObject({ jsonFormat: "Compact", logLevel: "Info", isScriptingEnabled: expect.any(Boolean) });
    const bad = await call(putWorker, "/api/v3/config/worker", {
      method: "PUT",
      token: admin,
      body: { jsonFormat: "Pretty", logLevel: "Loud" },
    });
    expect([bad.status, bad.json.errors.length]).toEqual([400, 2]);
    const learn = await call(putLearn, "/learn/api/v1/config/", {
      method: "PUT",
      token: admin,
      body: { createLearnJobOnClusterChange: false },
    });
    expect(learn.json).toMatchObject({ createLearnJobOnClusterChange: false });
    const lw = await call(putLearnWorker, "/learn/api/v1/workerconfig/", {
      method: "PUT",
      token: admin,
      body: { logLevel: "Error" },
    });
    expect(lw.json.logLevel).toBe("Error");
    expect((await call(getLearnWorker, "/learn/api/v1/workerconfig", { token: admin })).json.logLevel).toBe("Error");
    const rows = await db.select().from(auditTrail).orderBy(desc(auditTrail.id)).limit(3);
    expect(rows.map((r) => r.category)).toEqual(["LearnWorkerConfig", "ServiceConfiguration", "WorkerConfiguration"]);
    await call(putWorker, "/api/v3/config/worker", { method: "PUT", token: admin, body: { jsonFormat: "Nice" } });
  });

  it("config/all shows every group with secrets masked", async () => {
    const admin = await superToken();
    await call(putService, "/api/v3/config/service", {
      method: "PUT",
      token: admin,
      body: { eMailPassword: "smtp-Secret-1", ccsApiKey: "ccs-Secret-2" },
    });
    const all = await call(getAll, "/api/config/all/", { token: admin });
    expect(all.status).toBe(200);
    expect(Object.keys(all.json)).toEqual(["service", "learn", "worker", "learnWorker", "featureFlags", "environment"]);
    expect(all.json.service).toMatchObject({ eMailPassword: "********", ccsApiKey: "********" });
    expect(all.text).not.toContain("smtp-Secret-1");
    expect(all.text).not.toContain("ccs-Secret-2");
    if (process.env.DATABASE_URL)
      expect(all.json.environment.database).not.toContain(new URL(process.env.DATABASE_URL).password || "\u0000");
  });
});

describe("POST v3/config/service/test", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("smtp: a test mail goes through the unsaved server to the caller's address", async () => {
    const admin = await superToken({ emailAddress: "tester@example.com" });
    const res = await call(postTest, "/api/v3/config/service/test/?service=smtp", {
      method: "POST",
      token: admin,
      body: { eMailHost: `127.0.0.1:${smtp.port}`, eMailUser: "mailer", eMailPassword: "pw" },
    });
    expect(res.status).toBe(200);
    expect(res.json.success, res.json.message).toBe(true);
    const mail = await smtp.waitFor((m) => m.to.includes("tester@example.com"));
    expect(mail.subject).toContain("Test mail");
    expect(smtp.auths.at(-1)?.username).toBe("mailer");
    // not saved
    expect((await call(getService, "/api/v3/config/service", { token: admin })).json.eMailHost).not.toBe(
      `127.0.0.1:${smtp.port}`,
    );
  });

  it("smtp: without an e-mail address the mail goes to postmaster at the host; a closed port is success false", async () => {
    const admin = await superToken();
    const ok = await call(postTest, "/api/v3/config/service/test?service=smtp", {
      method: "POST",
      token: admin,
      body: { eMailHost: `localhost:${smtp.port}`, eMailUser: "", eMailPassword: "" },
    });
    expect(ok.json.success, ok.json.message).toBe(true);
    await smtp.waitFor((m) => m.to.includes("postmaster@localhost"));
    const port = await closedPort();
    const closed = await call(postTest, "/api/v3/config/service/test?service=smtp", {
      method: "POST",
      token: admin,
      body: { eMailHost: `127.0.0.1:${port}` },
    });
    expect(closed.status).toBe(200);
    expect(closed.json.success).toBe(false);
    expect(closed.json.message).toMatch(/ECONNREFUSED/);
  });

  it("a failed test says why as a code the page translates: a port fetch refuses, a closed port, an unknown host", async () => {
    const admin = await superToken();
    const test = (body: unknown, service: "erpcs" | "smtp") =>
      call(postTest, `/api/v3/config/service/test?service=${service}`, { method: "POST", token: admin, body });
    // the walk's "bad port": fetch never connects to SMTP's port 25
    const bad = await test({ derpcsUrl: "http://127.0.0.1:25/erp" }, "erpcs");
    expect(bad.json).toMatchObject({ success: false, reason: { code: "badPort", params: { port: "25" } } });
    const port = await closedPort();
    const refused = await test({ derpcsUrl: `http://127.0.0.1:${port}/` }, "erpcs");
    expect(refused.json).toMatchObject({
      success: false,
      reason: { code: "refused", params: { address: `127.0.0.1:${port}` } },
    });
    const mailRefused = await test({ eMailHost: `127.0.0.1:${port}` }, "smtp");
    expect(mailRefused.json).toMatchObject({ success: false, reason: { code: "refused" } });
    expect((await test({ derpcsUrl: "" }, "erpcs")).json).toMatchObject({ success: false, reason: { code: "noUrl" } });
    const unknown = await test({ derpcsUrl: "http://no-such-host.invalid/" }, "erpcs");
    expect(unknown.json).toMatchObject({
      success: false,
      reason: { code: "unknownHost", params: { host: "no-such-host.invalid" } },
    });
  });

  it("erpcs: an answer below 500 is success, 500 or no answer in time is failure; an unknown service is 400", async () => {
    const admin = await superToken();
    let status = 200;
    const server = http.createServer((req, res) => {
      if (req.url === "/hang") return; // never answers
      res.statusCode = status;
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const saved = CONNECTION_TEST_TIMEOUTS.erpcsMs;
    try {
      const test = (body: unknown, service = "erpcs") =>
        call(postTest, `/api/v3/config/service/test?service=${service}`, { method: "POST", token: admin, body });
      expect((await test({ derpcsUrl: `${base}/erp` })).json).toMatchObject({ success: true });
      status = 404;
      expect((await test({ derpcsUrl: `${base}/erp` })).json).toMatchObject({ success: true });
      status = 500;
      const failed = await test({ derpcsUrl: `${base}/erp` });
      expect(failed.json).toMatchObject({ success: false, message: expect.stringContaining("500") });
      // only the call that is never answered gets a short wait (the ones answered keep theirs: a busy machine is slow)
      CONNECTION_TEST_TIMEOUTS.erpcsMs = 300;
      const hang = await test({ derpcsUrl: `${base}/hang` });
      CONNECTION_TEST_TIMEOUTS.erpcsMs = saved;
      expect(hang.json).toMatchObject({ success: false, message: "no answer in time" });
      expect((await test({ derpcsUrl: "ftp://x" })).json.success).toBe(false);
      const unknown = await test({}, "ldap");
      expect([unknown.status, codes(unknown.json)]).toEqual([400, ["InvalidField"]]);
    } finally {
      CONNECTION_TEST_TIMEOUTS.erpcsMs = saved;
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("settings act without a restart", () => {
  afterAll(async () => {
    await stopJobRunner();
  });

  it("maintenance mode holds jobs at the next claim and releases them when turned off", async () => {
    const db = await getDb();
    const admin = await superToken();
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id, roles: ["JobCreator"] });
    const { project } = await makeProject({ systemId: system.id });
    const form = new FormData();
    form.append("file", new File(["INVOICE\nTotal: EUR 1,00\n"], "a.txt", { type: "text/plain" }));
    form.append("meta", JSON.stringify({ projectId: project.id }));
    await call(putService, "/api/v3/config/service", { method: "PUT", token: admin, body: { isMaintenanceModeEnabled: true } });
    try {
      const created = await call(postJob, "/api/jobs", { method: "POST", token: await tokenOf(system.name, user.name), form });
      const pipeline = new JobPipeline("maintenance-test");
      expect(await pipeline.runNext(db)).toBe(false);
      expect((await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, created.json.id)))[0]?.state).toBe("Waiting");
      await call(putService, "/api/v3/config/service", {
        method: "PUT",
        token: admin,
        body: { isMaintenanceModeEnabled: false },
      });
      expect(await new JobPipeline("maintenance-test-2").deliver(db, created.json.id)).toBe("Ready");
    } finally {
      await patchServiceConfig(db, { isMaintenanceModeEnabled: false });
    }
  });

  it("maxWorkerCount applies to the running in-process runner (0 = logical CPUs)", async () => {
    const admin = await superToken();
    startJobRunner();
    const waitForLimit = async (want: number) => {
      for (let i = 0; i < 200 && jobRunnerSlots().limit !== want; i++) {
        wakeJobRunner();
        await new Promise((r) => setTimeout(r, 10));
      }
      return jobRunnerSlots().limit;
    };
    await call(putService, "/api/v3/config/service", { method: "PUT", token: admin, body: { maxWorkerCount: 3 } });
    expect(await waitForLimit(3)).toBe(3);
    await call(putService, "/api/v3/config/service", { method: "PUT", token: admin, body: { maxWorkerCount: 0 } });
    expect(await waitForLimit(slotCount(0))).toBe(slotCount(0));
    expect(slotCount(0)).toBeGreaterThan(0);
  });

  it("the worker log level applies to the running logger", async () => {
    const admin = await superToken();
    const before = log.level;
    try {
      await call(putWorker, "/api/v3/config/worker", { method: "PUT", token: admin, body: { logLevel: "Error" } });
      expect(log.level).toBe("error");
      await call(putWorker, "/api/v3/config/worker", { method: "PUT", token: admin, body: { logLevel: "Off" } });
      expect(log.level).toBe("silent");
    } finally {
      log.level = before;
    }
  });

  it("token lifetime and lockout are read at each login", async () => {
    const admin = await superToken();
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id, roles: [] });
    await call(putService, "/api/v3/config/service", {
      method: "PUT",
      token: admin,
      body: { tokenExpirationMinutes: 11, maxFailedAccessAttempts: 1, lockoutMinutes: 2 },
    });
    try {
      const login = (password: string) =>
        call(loginPost, "/api/auth/login", { method: "POST", body: { systemName: system.name, userName: user.name, password } });
      const ok = await login(PASSWORD);
      expect(ok.status).toBe(200);
      const lifetime = new Date(ok.json.validUntil).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(10 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(11 * 60_000);
      // one failure locks (maxFailedAccessAttempts 1) for lockoutMinutes 2
      const wrong = await login("wrong");
      expect(codes(wrong.json)).toEqual(["UserLockedOut"]);
      const until = new Date(wrong.json.errors[0].messageParameter.until).getTime() - Date.now();
      expect(until).toBeGreaterThan(60_000);
      expect(until).toBeLessThanOrEqual(2 * 60_000);
      expect(codes((await login(PASSWORD)).json)).toEqual(["UserLockedOut"]);
    } finally {
      await call(putService, "/api/v3/config/service", {
        method: "PUT",
        token: admin,
        body: { tokenExpirationMinutes: 60, maxFailedAccessAttempts: 3, lockoutMinutes: 15 },
      });
    }
  });
});

describe("ConfigurationExport", () => {
  it("writes the effective settings, secrets masked, into DATA_DIR; nothing while export is disabled", async () => {
    const db = await getDb();
    const admin = await superToken();
    await call(putService, "/api/v3/config/service", { method: "PUT", token: admin, body: { eMailPassword: "export-Secret-3" } });
    const run = {
      db,
      task: { id: "t", name: "export", function: "ConfigurationExport" as const, configuration: {} },
      systemId: null,
      now: new Date(),
    };
    const outcome = await configurationExport(run);
    expect(outcome?.message).toContain("configuration.json");
    const text = await readFile(configurationExportPath(), "utf8");
    const json = JSON.parse(text);
    expect(Object.keys(json)).toEqual(["exported", "service", "learn", "worker", "learnWorker", "featureFlags", "environment"]);
    expect(json.service.eMailPassword).toBe("********");
    expect(text).not.toContain("export-Secret-3");

    await call(putService, "/api/v3/config/service", { method: "PUT", token: admin, body: { deleteError: 77 } });
    process.env.CONFIGURATION_EXPORT_DISABLED = "true";
    const skipped = await configurationExport({ ...run, now: new Date() });
    expect(skipped?.message).toMatch(/disabled/);
    expect(JSON.parse(await readFile(configurationExportPath(), "utf8")).service.deleteError).not.toBe(77);
  });
});
