import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as loginPost } from "@/app/api/auth/login/route";
import { GET as getConfig, PUT as putConfig } from "@/app/api/v3/config/service/route";
import { PUT as putWorker } from "@/app/api/v3/config/worker/route";
import { auditTrail } from "@/db/schema";
import { findSystem } from "@/lib/auth/tenancy";
import { openSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { getServiceConfig } from "@/lib/settings/store";
import { makeSystem, makeUser, PASSWORD } from "../helpers/factories";
import { call } from "../helpers/http";

async function tokenFor(roles: string[], system = "Supersystem") {
  const db = await getDb();
  const sys = system === "Supersystem" ? await findSystem(db, { name: system }) : await makeSystem();
  if (!sys) throw new Error("no system");
  const user = await makeUser({ systemId: sys.id, roles });
  const res = await call(loginPost, "/api/auth/login", {
    method: "POST",
    body: { systemName: sys.name, userName: user.name, password: PASSWORD },
  });
  return res.json.token as string;
}

describe("v3/config/service", () => {
  it("SuperAdmin reads it with secrets masked and changes only the fields sent", async () => {
    const token = await tokenFor(["SuperAdmin"]);
    const put = await call(putConfig, "/api/v3/config/service", {
      method: "PUT",
      token,
      body: { eMailHost: "127.0.0.1:2525", eMailUser: "mailer", eMailPassword: "s3cret!", tokenExpirationMinutes: 30 },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      eMailHost: "127.0.0.1:2525",
      eMailUser: "mailer",
      eMailPassword: "********",
      tokenExpirationMinutes: 30,
      maxFailedAccessAttempts: 3,
    });
    const stored = await getServiceConfig(await getDb());
    expect(stored.eMailPasswordSealed && openSecret(stored.eMailPasswordSealed)).toBe("s3cret!");
    expect(JSON.stringify(stored)).not.toContain("s3cret!");

    // the placeholder keeps the secret, and the audit row never holds it
    await call(putConfig, "/api/v3/config/service", { method: "PUT", token, body: { eMailPassword: "********", deleteNew: 5 } });
    const again = await getServiceConfig(await getDb());
    expect(again.eMailPasswordSealed && openSecret(again.eMailPasswordSealed)).toBe("s3cret!");
    expect(again.deleteNew).toBe(5);
    const db = await getDb();
    const rows = await db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.category, "ServiceConfiguration")))
      .orderBy(desc(auditTrail.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) expect(r.value).not.toContain("s3cret!");
    const got = await call(getConfig, "/api/v3/config/service", { token });
    expect(got.json.eMailPassword).toBe("********");
    expect(got.json).not.toHaveProperty("eMailPasswordSealed");
  });

  it("a save records what changed: plain settings before and after, a secret only when it changed; no change, no row", async () => {
    const token = await tokenFor(["SuperAdmin"]);
    const db = await getDb();
    const save = async (body: Record<string, unknown>) => {
      const res = await call(putConfig, "/api/v3/config/service", { method: "PUT", token, body });
      expect(res.status, res.text).toBe(200);
      return res.json as Record<string, unknown>;
    };
    const lastRow = async () => {
      const [row] = await db
        .select()
        .from(auditTrail)
        .where(eq(auditTrail.category, "ServiceConfiguration"))
        .orderBy(desc(auditTrail.id))
        .limit(1);
      return row;
    };
    await save({ ccsApiKey: "key-1", eMailPassword: "pass-1", deleteNew: 7, maxWorkerCount: 2 });
    const before = await lastRow();
    // the whole form as the page sends it: everything as read, secrets as their placeholder, one field changed
    const form = await call(getConfig, "/api/v3/config/service", { token });
    const page = { ...(form.json as Record<string, unknown>), deleteNew: 9 };
    await save(page);
    const row = await lastRow();
    expect(row?.id).not.toBe(before?.id);
    expect(JSON.parse(row?.value ?? "{}")).toEqual({ deleteNew: { before: 7, after: 9 } });
    // the same form again: nothing changed, nothing recorded
    await save(page);
    expect((await lastRow())?.id).toBe(row?.id);
    // the secret typed again as it is stored is no change either; another one is "changed", empty "cleared"
    await save({ ...page, ccsApiKey: "key-1" });
    expect((await lastRow())?.id).toBe(row?.id);
    await save({ ...page, ccsApiKey: "key-2", eMailPassword: "", maxWorkerCount: 3 });
    expect(JSON.parse((await lastRow())?.value ?? "{}")).toEqual({
      ccsApiKey: "changed",
      eMailPassword: "cleared",
      maxWorkerCount: { before: 2, after: 3 },
    });
  });

  it("the worker and learn settings record each changed field's before and after; an unchanged save no row", async () => {
    const token = await tokenFor(["SuperAdmin"]);
    const db = await getDb();
    const rowsOf = () =>
      db.select().from(auditTrail).where(eq(auditTrail.category, "WorkerConfiguration")).orderBy(desc(auditTrail.id));
    const put = (body: Record<string, unknown>) =>
      call(putWorker, "/api/v3/config/worker", { method: "PUT", token, body }).then((r) => expect(r.status, r.text).toBe(200));
    await put({ jsonFormat: "Compact", isScriptingEnabled: false });
    const count = (await rowsOf()).length;
    await put({ jsonFormat: "Nice", isScriptingEnabled: false });
    const rows = await rowsOf();
    expect(rows).toHaveLength(count + 1);
    expect(JSON.parse(rows[0]?.value ?? "{}")).toEqual({ jsonFormat: { before: "Compact", after: "Nice" } });
    await put({ jsonFormat: "Nice", isScriptingEnabled: false });
    expect(await rowsOf()).toHaveLength(count + 1);
  });

  it("validates with the keys of spec operations §5 and stores nothing on failure", async () => {
    const token = await tokenFor(["SuperAdmin"]);
    await call(putConfig, "/api/v3/config/service", { method: "PUT", token, body: { eMailHost: "" } });
    const before = await getServiceConfig(await getDb());
    const low = await call(putConfig, "/api/v3/config/service", { method: "PUT", token, body: { tokenExpirationMinutes: 5 } });
    expect(low.status).toBe(400);
    expect(low.json.errors[0].code).toBe("configuration_error_tokenExpirationTooLow");
    const host = await call(putConfig, "/api/v3/config/service", {
      method: "PUT",
      token,
      body: { isEmailConfirmationActive: true },
    });
    expect(host.status).toBe(400);
    expect(host.json.errors[0].code).toBe("configuration_error_missingEMailHost");
    const types = await call(putConfig, "/api/v3/config/service", { method: "PUT", token, body: { deleteNew: "ten" } });
    expect(types.status).toBe(400);
    expect(await getServiceConfig(await getDb())).toEqual(before);
  });

  it("is refused to everybody without ManageConfiguration", async () => {
    for (const [roles, system] of [
      [["SystemsAdmin"], "Supersystem"],
      [["ReportAdmin"], "Supersystem"],
      [["Administrator"], "tenant"],
    ] as const) {
      const token = await tokenFor([...roles], system);
      expect((await call(getConfig, "/api/v3/config/service", { token })).status).toBe(403);
      expect((await call(putConfig, "/api/v3/config/service", { method: "PUT", token, body: { deleteNew: 1 } })).status).toBe(
        403,
      );
    }
    expect((await call(getConfig, "/api/v3/config/service")).status).toBe(401);
  });
});
