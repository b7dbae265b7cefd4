import { count, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as jobFile } from "@/app/api/jobs/[jobId]/files/[kind]/[fileName]/route";
import { GET as getJob, PATCH as patchJob } from "@/app/api/jobs/[jobId]/route";
import { POST as postJob } from "@/app/api/jobs/route";
import { POST as createSystem } from "@/app/api/systems/route";
import { idempotencyKeys, jobs, systems } from "@/db/schema";
import { getDb } from "@/lib/db";
import { stopWorkers } from "@/workers/runtime";
import { supersystem, tokenOf } from "../helpers/api";
import { makeProject, makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * Issue 26 §2, intake a client can retry: Idempotency-Key on creating calls (the same answer again, also for two at
 * once; 422 for another request), ETag and 304 on a job, Range on its files, the key in X-Auth-Key, no-store answers.
 * Every answer is checked against /api/openapi.json by `call`.
 */

afterAll(async () => {
  await stopWorkers();
});

const fileForm = (text: string, name = "a.txt") => {
  const form = new FormData();
  form.append("file", new File([new TextEncoder().encode(text)], name, { type: "text/plain" }));
  return form;
};

async function tenant() {
  const system = await makeSystem();
  const { project, submissionKey } = await makeProject({ systemId: system.id });
  const user = await makeUser({ systemId: system.id, roles: ["JobManager"] });
  return { system, project, submissionKey, token: await tokenOf(system.name, user.name) };
}

async function jobCount(projectId: string): Promise<number> {
  const [row] = await (await getDb()).select({ n: count() }).from(jobs).where(eq(jobs.projectId, projectId));
  return row?.n ?? 0;
}

const post = (submissionKey: string, form: FormData, key?: string, viaHeader = false) =>
  call(postJob, viaHeader ? "/api/jobs" : `/api/jobs?auth=${submissionKey}`, {
    method: "POST",
    form,
    headers: { ...(key ? { "idempotency-key": key } : {}), ...(viaHeader ? { "x-auth-key": submissionKey } : {}) },
  });

describe("Idempotency-Key on POST /api/jobs", () => {
  it("a retry with the same key answers the first job again; another key makes another job", async () => {
    const { project, submissionKey } = await tenant();
    const first = await post(submissionKey, fileForm("INVOICE 1"), "upload-0001");
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    // a new form: a new multipart boundary, the same parts
    const again = await post(submissionKey, fileForm("INVOICE 1"), "upload-0001");
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await jobCount(project.id)).toBe(1);
    const other = await post(submissionKey, fileForm("INVOICE 1"), "upload-0002");
    expect(other.json.id).not.toBe(first.json.id);
    const none = await post(submissionKey, fileForm("INVOICE 1"));
    expect(none.json.id).not.toBe(first.json.id);
    expect(await jobCount(project.id)).toBe(3);
  });

  it("two posts with one key at once make one job and both answer it", async () => {
    const { project, submissionKey } = await tenant();
    const [a, b] = await Promise.all([
      post(submissionKey, fileForm("INVOICE 2"), "at-once"),
      post(submissionKey, fileForm("INVOICE 2"), "at-once"),
    ]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect(a.json.id).toBe(b.json.id);
    expect([a.headers.get("idempotent-replayed"), b.headers.get("idempotent-replayed")].sort()).toEqual([null, "true"].sort());
    expect(await jobCount(project.id)).toBe(1);
  });

  it("the same key with another file is 422 IdempotencyKeyReused and changes nothing", async () => {
    const { project, submissionKey } = await tenant();
    await post(submissionKey, fileForm("INVOICE 3"), "reused");
    const reused = await post(submissionKey, fileForm("INVOICE 4"), "reused");
    expect([reused.status, reused.json.errors[0].code]).toEqual([422, "IdempotencyKeyReused"]);
    expect(reused.json.errors[0].messageParameter).toMatchObject({ key: "reused" });
    expect(await jobCount(project.id)).toBe(1);
  });

  it("keys are the caller's: another caller's same key is its own; a bearer caller's too", async () => {
    const one = await tenant();
    const two = await tenant();
    const a = await post(one.submissionKey, fileForm("INVOICE 5"), "shared-key");
    const b = await post(two.submissionKey, fileForm("INVOICE 5"), "shared-key");
    expect(a.json.id).not.toBe(b.json.id);
    const form = () => {
      const f = fileForm("INVOICE 6");
      f.append("meta", JSON.stringify({ projectId: one.project.id }));
      return f;
    };
    const byToken = await call(postJob, "/api/jobs", {
      method: "POST",
      token: one.token,
      form: form(),
      headers: { "idempotency-key": "shared-key" },
    });
    expect(byToken.status, byToken.text).toBe(200);
    expect(byToken.json.id).not.toBe(a.json.id);
    const byTokenAgain = await call(postJob, "/api/jobs", {
      method: "POST",
      token: one.token,
      form: form(),
      headers: { "idempotency-key": "shared-key" },
    });
    expect(byTokenAgain.json.id).toBe(byToken.json.id);
  });

  it("a first call that failed frees its key; a key of 24 h ago is free again; a bad key is 400", async () => {
    const { project, submissionKey } = await tenant();
    const empty = new FormData();
    empty.append("meta", JSON.stringify({}));
    const failed = await post(submissionKey, empty, "after-error");
    expect(failed.status).toBe(400);
    const fixed = await post(submissionKey, fileForm("INVOICE 7"), "after-error");
    expect(fixed.status, fixed.text).toBe(200);
    const db = await getDb();
    await db
      .update(idempotencyKeys)
      .set({ created: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, "after-error"));
    const later = await post(submissionKey, fileForm("INVOICE 7"), "after-error");
    expect(later.json.id).not.toBe(fixed.json.id);
    expect(await jobCount(project.id)).toBe(2);
    const bad = await post(submissionKey, fileForm("INVOICE 7"), "x".repeat(256));
    expect([bad.status, bad.json.errors[0].code]).toEqual([400, "InvalidIdempotencyKey"]);
    const stored = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "after-error"));
    // the kept answer holds the job's own key: sealed, not in clear
    expect(stored[0]?.response).toBeTruthy();
    expect(stored[0]?.response).not.toContain(later.json.auth);
  });
});

describe("Idempotency-Key on a JSON creating call", () => {
  it("POST /api/systems with one key twice makes one system", async () => {
    const superAdmin = await makeUser({ systemId: (await supersystem()).id, roles: ["SuperAdmin"] });
    const admin = await tokenOf("Supersystem", superAdmin.name);
    const name = `Idem${Math.random().toString(36).slice(2, 8)}`;
    const send = () =>
      call(createSystem, "/api/systems", { method: "POST", token: admin, body: { name }, headers: { "idempotency-key": name } });
    const a = await send();
    expect(a.status, a.text).toBe(200);
    const b = await send();
    expect(b.json).toEqual(a.json);
    const [row] = await (await getDb()).select({ n: count() }).from(systems).where(eq(systems.name, name));
    expect(row?.n).toBe(1);
    const other = await call(createSystem, "/api/systems", {
      method: "POST",
      token: admin,
      body: { name: `${name}x` },
      headers: { "idempotency-key": name },
    });
    expect(other.status).toBe(422);
  });
});

describe("conditional reads, ranges, the key in a header, no-store", () => {
  it("GET a job: ETag, 304 while unchanged, 200 with a new ETag after a change; the key in X-Auth-Key", async () => {
    const { submissionKey, token } = await tenant();
    const posted = await post(submissionKey, fileForm("INVOICE 8"), undefined, true);
    expect(posted.status, posted.text).toBe(200);
    expect(posted.headers.get("cache-control")).toBe("no-store");
    const path = `/api/jobs/${posted.json.id}`;
    const first = await call(getJob, path, { headers: { "x-auth-key": posted.json.auth } });
    expect(first.status, first.text).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const same = await call(getJob, path, { headers: { "x-auth-key": posted.json.auth, "if-none-match": etag ?? "" } });
    expect([same.status, same.text]).toEqual([304, ""]);
    expect(same.headers.get("etag")).toBe(etag);
    const changed = await call(patchJob, path, { method: "PATCH", token, body: { logLevel: "Debug" } });
    expect(changed.status, changed.text).toBe(200);
    const after = await call(getJob, path, { headers: { "x-auth-key": posted.json.auth, "if-none-match": etag ?? "" } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    // a wrong key in the header is refused as in the query
    const wrong = await call(getJob, path, { headers: { "x-auth-key": "x".repeat(43) } });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
  });

  it("a job's file honours Range: 206 with Content-Range, the last bytes, 416 outside the file", async () => {
    const { submissionKey } = await tenant();
    const posted = await post(submissionKey, fileForm("0123456789", "digits.txt"));
    const path = `/api/jobs/${posted.json.id}/files/order/digits.txt?auth=${posted.json.auth}`;
    const whole = await call(jobFile, path);
    expect([whole.status, whole.text, whole.headers.get("accept-ranges")]).toEqual([200, "0123456789", "bytes"]);
    const part = await call(jobFile, path, { headers: { range: "bytes=2-5" } });
    expect([part.status, part.text, part.headers.get("content-range")]).toEqual([206, "2345", "bytes 2-5/10"]);
    const tail = await call(jobFile, path, { headers: { range: "bytes=-3" } });
    expect([tail.status, tail.text]).toEqual([206, "789"]);
    const open = await call(jobFile, path, { headers: { range: "bytes=7-" } });
    expect([open.status, open.text]).toEqual([206, "789"]);
    const outside = await call(jobFile, path, { headers: { range: "bytes=10-20" } });
    expect([outside.status, outside.json.errors[0].code, outside.headers.get("content-range")]).toEqual([
      416,
      "RangeNotSatisfiable",
      "bytes */10",
    ]);
    const etag = whole.headers.get("etag") ?? "";
    expect((await call(jobFile, path, { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("the sign-in answer (a token) is not to be cached", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id, roles: ["JobManager"], password: "Secret-Passw0rd!" });
    const res = await call(login, "/api/auth/login", {
      method: "POST",
      body: { systemName: system.name, userName: user.name, password: "Secret-Passw0rd!" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
