import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteJob } from "@/app/api/jobs/[jobId]/route";
import { POST as resendRoute } from "@/app/api/v3/webhooks/[webhookId]/deliveries/[deliveryId]/resend/route";
import { GET as deliveriesRoute } from "@/app/api/v3/webhooks/[webhookId]/deliveries/route";
import { DELETE as deleteRoute, GET as readRoute, PUT as updateRoute } from "@/app/api/v3/webhooks/[webhookId]/route";
import { POST as rotateRoute } from "@/app/api/v3/webhooks/[webhookId]/secret/route";
import { POST as testRoute } from "@/app/api/v3/webhooks/[webhookId]/test/route";
import { POST as createRoute, GET as listRoute } from "@/app/api/v3/webhooks/route";
import { auditTrail, jobs, learnRuns, webhookDeliveries, webhooks } from "@/db/schema";
import { getDb } from "@/lib/db";
import { patchServiceConfig } from "@/lib/settings/store";
import { RETRY_DELAYS_MS } from "@/lib/webhooks/deliveries";
import { processLearnDelivery } from "@/workers/learn/processor";
import { stopWorkers } from "@/workers/runtime";
import { sendDueDeliveries } from "@/workers/webhooks/sweep";
import { supersystem, tokenOf } from "../helpers/api";
import { makeJob, makeProject, makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";
import { addLearnDocuments, makeLearnProjectRow } from "../helpers/learn-runs";
import { checkWebhookBody } from "../helpers/openapi-check";
import { addedProject, processedJob } from "../helpers/processed";
import { startSmtp, type TestSmtpServer } from "../helpers/smtp";

/**
 * Issue 26 §1: webhooks through the API: made with a secret shown once, listed without it, changed, rotated, deleted,
 * audited; URLs into private ranges refused; events written with the state change (a job processed to Ready, removed,
 * a learn run) and sent signed as the Standard Webhooks specification says; retried with the same id on failure,
 * disabled after 3 days with a mail to the system's administrators; test and resend.
 */

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on 127.0.0.1 that answers `status` and keeps what it got. */
async function receiver() {
  const got: Received[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      // every body is what /api/openapi.json's `webhooks` say of its type
      checkWebhookBody(body);
      got.push({ headers: req.headers, body });
      res.writeHead(state.status, state.status === 302 ? { location: "http://example.com/" } : {}).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { got, state, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

let smtp: TestSmtpServer;
const servers: { close(): Promise<unknown> }[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  await patchServiceConfig(await getDb(), { eMailHost: `127.0.0.1:${smtp.port}`, serviceUrl: "https://docs.example.com/" });
});

afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await smtp?.close();
  await stopWorkers();
});

async function tenant() {
  const system = await makeSystem();
  const admin = await makeUser({
    systemId: system.id,
    roles: ["Administrator"],
    emailAddress: `admin-${system.name}@example.com`,
  });
  const manager = await makeUser({ systemId: system.id, roles: ["JobManager"] });
  return {
    system,
    admin: await tokenOf(system.name, admin.name),
    manager: await tokenOf(system.name, manager.name),
    adminEmail: admin.emailAddress as string,
  };
}

const create = (token: string, body: unknown) => call(createRoute, "/api/v3/webhooks", { method: "POST", token, body });

/** The signature of a delivery as a receiver computes it, without our code: HMAC-SHA256 over id.timestamp.body. */
function expectedSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

describe("webhooks: the API", () => {
  it("made with a secret shown once, listed and read without it, changed, deleted; audited", async () => {
    const t = await tenant();
    const made = await create(t.admin, {
      systemId: t.system.id,
      url: "https://erp.example.com/hooks",
      events: ["job.ready", "job.error", "job.ready"],
      description: "ERP",
    });
    expect(made.status, made.text).toBe(200);
    expect(made.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(made.json.secret.slice(6), "base64")).toHaveLength(24);
    expect(made.json).toMatchObject({ events: ["job.ready", "job.error"], enabled: true, projectId: null, description: "ERP" });
    const db = await getDb();
    const [stored] = await db.select().from(webhooks).where(eq(webhooks.id, made.json.id));
    expect(stored?.secretEnc).not.toContain(made.json.secret.slice(6));

    const listed = await call(listRoute, `/api/v3/webhooks?systemId=${t.system.id}`, { token: t.admin });
    expect(listed.json).toMatchObject({ totalCount: 1, items: [{ id: made.json.id, url: "https://erp.example.com/hooks" }] });
    expect(listed.text).not.toContain(made.json.secret);
    const read = await call(readRoute, `/api/v3/webhooks/${made.json.id}`, { token: t.admin });
    expect(read.json).not.toHaveProperty("secret");

    const changed = await call(updateRoute, `/api/v3/webhooks/${made.json.id}`, {
      method: "PUT",
      token: t.admin,
      body: { events: ["job.removed"], enabled: false },
    });
    expect(changed.json).toMatchObject({
      events: ["job.removed"],
      enabled: false,
      disabledReason: "Manual",
      url: "https://erp.example.com/hooks",
    });

    const rotated = await call(rotateRoute, `/api/v3/webhooks/${made.json.id}/secret`, { method: "POST", token: t.admin });
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(made.json.secret);

    const gone = await call(deleteRoute, `/api/v3/webhooks/${made.json.id}`, { method: "DELETE", token: t.admin });
    expect(gone.status).toBe(204);
    expect((await call(readRoute, `/api/v3/webhooks/${made.json.id}`, { token: t.admin })).status).toBe(404);

    const audit = await db.select().from(auditTrail).where(eq(auditTrail.systemId, t.system.id));
    const rows = audit.filter((a) => a.category === "System" && a.value.includes(made.json.id)).map((a) => a.operation);
    expect(rows.sort()).toEqual(["Create", "Delete", "Update", "Update"]);
    expect(audit.some((a) => a.value.includes(made.json.secret) || a.value.includes(rotated.json.secret))).toBe(false);
  });

  it("refuses bad input, private addresses and callers without the right; admins of the Supersystem may for any system", async () => {
    const t = await tenant();
    const other = await tenant();
    const bad = async (body: unknown) => {
      const answer = await create(t.admin, {
        systemId: t.system.id,
        url: "https://erp.example.com/",
        events: ["job.ready"],
        ...(body as object),
      });
      return [answer.status, answer.json.errors?.[0]?.code];
    };
    expect(await bad({ events: [] })).toEqual([400, "Required"]);
    expect(await bad({ events: ["job.done"] })).toEqual([400, "InvalidChoice"]);
    expect(await bad({ url: "ftp://erp.example.com/" })).toEqual([400, "InvalidFormat"]);
    for (const url of [
      "http://127.0.0.1:8080/",
      "http://10.1.2.3/",
      "http://169.254.169.254/latest",
      "http://[::1]/",
      "http://localhost/",
      "http://[fd00::1]/",
    ])
      expect(await bad({ url }), url).toEqual([400, "WebhookAddressRefused"]);
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    expect(await bad({ url: "http://10.1.2.3/" })).toEqual([200, undefined]);

    const asManager = await create(t.manager, { systemId: t.system.id, url: "https://erp.example.com/", events: ["job.ready"] });
    expect([asManager.status, asManager.json.errors[0].code]).toEqual([403, "AccessDenied"]);
    const foreign = await create(other.admin, { systemId: t.system.id, url: "https://erp.example.com/", events: ["job.ready"] });
    expect([foreign.status, foreign.json.errors[0].code]).toEqual([404, "SystemNotFound"]);
    const mine = await call(listRoute, `/api/v3/webhooks?systemId=${t.system.id}`, { token: t.admin });
    const foreignRead = await call(readRoute, `/api/v3/webhooks/${mine.json.items[0].id}`, { token: other.admin });
    expect([foreignRead.status, foreignRead.json.errors[0].code]).toEqual([404, "WebhookNotFound"]);

    const sys = await supersystem();
    const operator = await makeUser({ systemId: sys.id, roles: ["SystemsAdmin"] });
    const operatorToken = await tokenOf(sys.name, operator.name);
    const byOperator = await create(operatorToken, {
      systemId: t.system.id,
      url: "https://ops.example.com/",
      events: ["job.error"],
    });
    expect(byOperator.status, byOperator.text).toBe(200);
  });
});

describe("webhooks: deliveries", () => {
  it("a job processed to Ready and then removed: each event sent once, signed, with its data and links", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    const r = await receiver();
    servers.push(r);
    const { token, added, system } = await addedProject({
      name: "Letters",
      version: "1",
      documentClasses: [{ name: "Letter", keywords: ["Dear"], patterns: [], fields: [] }],
      properties: [],
    });
    const admin = await makeUser({ systemId: system.id, roles: ["Administrator", "JobManager"] });
    const adminToken = await tokenOf(system.name, admin.name);
    const made = await create(adminToken, {
      systemId: system.id,
      url: r.url,
      events: ["job.ready", "job.removed"],
      projectId: added.json.id,
    });
    expect(made.status, made.text).toBe(200);
    // another project's webhook hears nothing of this project
    const elsewhere = await create(adminToken, {
      systemId: system.id,
      url: r.url,
      events: ["job.ready"],
      projectId: (await addedProjectIn(system.id)).id,
    });
    expect(elsewhere.status, elsewhere.text).toBe(200);

    const job = await processedJob({
      token,
      projectId: added.json.id,
      file: new File([new TextEncoder().encode("Dear Sir, hello.")], "letter.txt", { type: "text/plain" }),
      worker: "webhook-ready",
    });
    const jobId = job.files[0]?.jobId as number;
    const db = await getDb();
    const outbox = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, jobId));
    expect(outbox.map((d) => [d.event, d.webhookId, d.state])).toEqual([["job.ready", made.json.id, "Pending"]]);

    expect(await sendDueDeliveries(db, { wait: true })).toBe(1);
    expect(r.got).toHaveLength(1);
    const [first] = r.got;
    if (!first) throw new Error("nothing received");
    const id = first.headers["webhook-id"] as string;
    const timestamp = first.headers["webhook-timestamp"] as string;
    expect(id).toBe(outbox[0]?.id);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(first.headers["webhook-signature"]).toBe(expectedSignature(made.json.secret, id, timestamp, first.body));
    // the specification's own library accepts it
    expect(() => new StandardWebhook(made.json.secret).verify(first.body, first.headers as Record<string, string>)).not.toThrow();
    expect(first.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(first.body);
    expect(body).toMatchObject({
      type: "job.ready",
      data: {
        jobId,
        systemId: system.id,
        projectId: added.json.id,
        state: "Ready",
        links: {
          job: `https://docs.example.com/api/jobs/${jobId}`,
          result: `https://docs.example.com/api/jobs/${jobId}/download`,
        },
      },
    });
    expect(body.data).not.toHaveProperty("errorCode");
    expect(new Date(body.timestamp).getTime()).not.toBeNaN();
    // delivered: not sent again
    expect(await sendDueDeliveries(db, { wait: true })).toBe(0);

    const removed = await call(deleteJob, `/api/jobs/${jobId}`, { method: "DELETE", token: adminToken });
    expect(removed.status, removed.text).toBe(204);
    await sendDueDeliveries(db, { wait: true });
    expect(r.got.map((g) => JSON.parse(g.body).type)).toEqual(["job.ready", "job.removed"]);

    const log = await call(deliveriesRoute, `/api/v3/webhooks/${made.json.id}/deliveries?pageSize=5`, { token: adminToken });
    expect(log.json.totalCount).toBe(2);
    expect(log.json.items[0]).toMatchObject({
      event: "job.removed",
      jobId,
      state: "Delivered",
      attempt: 1,
      httpStatus: 200,
      error: null,
    });
  });

  it("failures are retried with the same id on the schedule, end Failed; 3 days of failures disable it and mail the admins", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    const r = await receiver();
    servers.push(r);
    r.state.status = 500;
    const t = await tenant();
    const made = await create(t.admin, { systemId: t.system.id, url: r.url, events: ["job.error"] });
    const db = await getDb();
    const job = await makeJob({ systemId: t.system.id, state: "Processing" });
    await db.update(jobs).set({ state: "Error", errorCode: "NoText" }).where(eq(jobs.id, job.id));

    let clock = Date.now();
    const now = () => new Date(clock);
    await sendDueDeliveries(db, { now, wait: true });
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, made.json.id));
    expect(delivery).toMatchObject({ state: "Pending", attempts: 1, lastStatus: 500, lastError: "Status: 500" });
    expect(delivery?.nextAttempt?.getTime()).toBe(clock + 5000);
    // not due yet: nothing sent
    clock += 4000;
    expect(await sendDueDeliveries(db, { now, wait: true })).toBe(0);
    for (const delay of RETRY_DELAYS_MS) {
      clock += delay;
      expect(await sendDueDeliveries(db, { now, wait: true })).toBe(1);
    }
    expect(r.got).toHaveLength(1 + RETRY_DELAYS_MS.length);
    expect(new Set(r.got.map((g) => g.headers["webhook-id"]))).toEqual(new Set([delivery?.id]));
    expect(new Set(r.got.map((g) => g.body)).size).toBe(1);
    expect(JSON.parse(r.got[0]?.body ?? "{}").data).toMatchObject({ jobId: job.id, state: "Error", errorCode: "NoText" });
    const [failed] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery?.id ?? ""));
    expect(failed).toMatchObject({ state: "Failed", attempts: 9, nextAttempt: null });
    let [hook] = await db.select().from(webhooks).where(eq(webhooks.id, made.json.id));
    expect(hook?.enabled).toBe(true);
    expect(hook?.failingSince).not.toBeNull();

    // a redirect is not followed: it fails
    r.state.status = 302;
    const resent = await call(resendRoute, `/api/v3/webhooks/${made.json.id}/deliveries/${delivery?.id}/resend`, {
      method: "POST",
      token: t.admin,
    });
    expect(resent.json).toMatchObject({ state: "Failed", attempt: 10, httpStatus: 302, error: "Redirect: http://example.com/" });
    expect(r.got).toHaveLength(RETRY_DELAYS_MS.length + 2);

    // 3 days after the first failure the next failure disables it: pending deliveries fail, the admins are mailed
    await db.update(jobs).set({ state: "Processing" }).where(eq(jobs.id, job.id));
    await db.update(jobs).set({ state: "Error" }).where(eq(jobs.id, job.id));
    await db
      .update(webhooks)
      .set({ failingSince: new Date(Date.now() - 3 * 24 * 3600 * 1000 - 1000) })
      .where(eq(webhooks.id, made.json.id));
    r.state.status = 503;
    await sendDueDeliveries(db, { wait: true });
    [hook] = await db.select().from(webhooks).where(eq(webhooks.id, made.json.id));
    expect(hook).toMatchObject({ enabled: false, disabledReason: "Failing" });
    const mail = await smtp.waitFor((m) => m.to.includes(t.adminEmail));
    expect(mail.subject).toBe(`Webhook disabled in ${t.system.name}`);
    expect(mail.text).toContain(r.url);
    const audit = await db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.systemId, t.system.id), eq(auditTrail.username, "system")));
    expect(audit.some((a) => a.value.includes("Failing"))).toBe(true);
    // a disabled webhook hears of nothing new
    await db.update(jobs).set({ state: "Processing" }).where(eq(jobs.id, job.id));
    await db.update(jobs).set({ state: "Error" }).where(eq(jobs.id, job.id));
    expect(
      await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.webhookId, made.json.id), eq(webhookDeliveries.state, "Pending"))),
    ).toEqual([]);

    // the test call reaches a disabled webhook; enabling it again forgets the failures
    r.state.status = 204;
    const tested = await call(testRoute, `/api/v3/webhooks/${made.json.id}/test`, { method: "POST", token: t.admin });
    expect(tested.json).toMatchObject({ event: "webhook.test", state: "Delivered", httpStatus: 204, attempt: 1 });
    expect(JSON.parse(r.got.at(-1)?.body ?? "{}")).toMatchObject({ type: "webhook.test", data: { webhookId: made.json.id } });
    const enabled = await call(updateRoute, `/api/v3/webhooks/${made.json.id}`, {
      method: "PUT",
      token: t.admin,
      body: { enabled: true },
    });
    expect(enabled.json).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it("after a rotation both secrets sign for a day; an address refused at delivery is not connected to", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    const r = await receiver();
    servers.push(r);
    const t = await tenant();
    const made = await create(t.admin, { systemId: t.system.id, url: r.url, events: ["job.ready"] });
    const rotated = await call(rotateRoute, `/api/v3/webhooks/${made.json.id}/secret`, { method: "POST", token: t.admin });
    await call(testRoute, `/api/v3/webhooks/${made.json.id}/test`, { method: "POST", token: t.admin });
    const got = r.got.at(-1);
    if (!got) throw new Error("nothing received");
    const [id, ts] = [got.headers["webhook-id"] as string, got.headers["webhook-timestamp"] as string];
    expect((got.headers["webhook-signature"] as string).split(" ")).toEqual([
      expectedSignature(rotated.json.secret, id, ts, got.body),
      expectedSignature(made.json.secret, id, ts, got.body),
    ]);
    expect(() => new StandardWebhook(made.json.secret).verify(got.body, got.headers as Record<string, string>)).not.toThrow();

    // saved while allowed, then the operator forbids private addresses: the attempt is refused before connecting
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    const count = r.got.length;
    const refused = await call(testRoute, `/api/v3/webhooks/${made.json.id}/test`, { method: "POST", token: t.admin });
    expect(refused.json).toMatchObject({ state: "Failed", httpStatus: null, error: "AddressRefused: 127.0.0.1" });
    expect(r.got).toHaveLength(count);
  });

  it("a receiver that never answers holds at most its own few places: another system's webhook is sent meanwhile", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    const db = await getDb();
    let hanging = 0;
    const silent = http.createServer(() => {
      hanging++; // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const quick = await receiver();
    servers.push(quick);
    const a = await tenant();
    const b = await tenant();
    await create(a.admin, {
      systemId: a.system.id,
      url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`,
      events: ["job.error"],
    });
    await create(b.admin, { systemId: b.system.id, url: quick.url, events: ["job.error"] });
    const fail = async (systemId: string, n: number) => {
      for (let i = 0; i < n; i++) {
        const job = await makeJob({ systemId, state: "Processing" });
        await db.update(jobs).set({ state: "Error" }).where(eq(jobs.id, job.id));
      }
    };
    await fail(a.system.id, 10);
    await sendDueDeliveries(db); // A's first places fill
    await fail(b.system.id, 1);
    await sendDueDeliveries(db);
    await sendDueDeliveries(db);
    for (let i = 0; i < 50 && quick.got.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(quick.got).toHaveLength(1);
    expect(hanging).toBe(4);
    const waiting = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.systemId, a.system.id), eq(webhookDeliveries.state, "Pending")));
    expect(waiting.filter((d) => d.lockedUntil !== null)).toHaveLength(4);
    silent.closeAllConnections();
    silent.close();
  });

  it("learn runs: learnrun.ready with links to the run", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    const r = await receiver();
    servers.push(r);
    const t = await tenant();
    const project = await makeLearnProjectRow({ systemId: t.system.id });
    await addLearnDocuments(project, ["invoice", "delivery"], 6);
    const made = await create(t.admin, { systemId: t.system.id, url: r.url, events: ["learnrun.ready", "learnrun.error"] });
    const db = await getDb();
    const [run] = await db
      .insert(learnRuns)
      .values({ projectId: project.id, systemId: t.system.id, trigger: "Manual" })
      .returning();
    if (!run) throw new Error("no run");
    await processLearnDelivery(db, { runId: run.id });
    await sendDueDeliveries(db, { wait: true });
    const body = JSON.parse(r.got.at(-1)?.body ?? "{}");
    expect(body).toMatchObject({
      type: "learnrun.ready",
      data: {
        learnRunId: run.id,
        projectId: project.id,
        state: "Ready",
        trigger: "Manual",
        links: { run: `https://docs.example.com/api/v3/learn/projects/${project.id}/runs/${run.id}` },
      },
    });
    expect(made.status).toBe(200);
  });
});

/** A second project of a system, for a webhook that names another project. */
async function addedProjectIn(systemId: string) {
  return (await makeProject({ systemId })).project;
}
