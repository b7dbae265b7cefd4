import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { PUT as updateSystem } from "@/app/api/systems/route";
import { DELETE as revokeKey } from "@/app/api/users/[userId]/apikeys/[keyId]/route";
import { POST as createKey, GET as listKeys } from "@/app/api/users/[userId]/apikeys/route";
import { GET as getUser } from "@/app/api/users/[userId]/route";
import { GET as searchJobs } from "@/app/api/v3/systems/[systemId]/jobs/route";
import { apiKeys, auditTrail, systems, users } from "@/db/schema";
import { getDb } from "@/lib/db";
import { stopWorkers } from "@/workers/runtime";
import { tokenOf } from "../helpers/api";
import { makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * Issue 26 §3: API keys for machines through the API: made (shown once, stored hashed), listed without the key, used
 * as a bearer token with the user's roles, working through a password lockout, stopped by deactivating the user or the
 * system, by expiry and by revocation; who may manage them; audited.
 */

afterAll(async () => {
  await stopWorkers();
});

const PASSWORD = "Machine-Passw0rd!";

async function setup() {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles: ["JobManager"], password: PASSWORD });
  const admin = await makeUser({ systemId: system.id, roles: ["Administrator"] });
  const other = await makeUser({ systemId: system.id, roles: ["JobManager"] });
  return {
    system,
    user,
    token: await tokenOf(system.name, user.name, PASSWORD),
    adminToken: await tokenOf(system.name, admin.name),
    otherToken: await tokenOf(system.name, other.name),
  };
}

const make = (token: string, userId: string, body: unknown) =>
  call(createKey, `/api/users/${userId}/apikeys`, { method: "POST", token, body });

describe("API keys", () => {
  it("made once, listed without the key, used as a bearer token with the user's roles, audited", async () => {
    const { system, user, token } = await setup();
    const made = await make(token, user.id, { name: "ERP integration" });
    expect(made.status, made.text).toBe(200);
    expect(made.json.key).toMatch(/^dsk_[A-Za-z0-9_-]{43}$/);
    expect(made.json).toMatchObject({
      name: "ERP integration",
      prefix: made.json.key.slice(0, 12),
      lastUsed: null,
      expires: null,
    });
    const [stored] = await (await getDb()).select().from(apiKeys).where(eq(apiKeys.id, made.json.id));
    expect(stored?.keyHash).not.toContain(made.json.key.slice(4));
    const listed = await call(listKeys, `/api/users/${user.id}/apikeys`, { token });
    expect(listed.json.items).toEqual([expect.objectContaining({ id: made.json.id, prefix: made.json.prefix })]);
    expect(listed.text).not.toContain(made.json.key);

    const jobs = await call(searchJobs, `/api/v3/systems/${system.id}/jobs`, { token: made.json.key });
    expect(jobs.status, jobs.text).toBe(200);
    const me = await call(getUser, `/api/users/${user.id}`, { token: made.json.key });
    expect(me.json.name).toBe(user.name);
    // the user's roles, not more: a JobManager changes no system
    const refused = await call(updateSystem, "/api/systems", { method: "PUT", token: made.json.key, body: { id: system.id } });
    expect(refused.status).toBe(403);
    const used = await call(listKeys, `/api/users/${user.id}/apikeys`, { token });
    expect(used.json.items[0].lastUsed).not.toBeNull();
    // a key cannot make keys
    const minted = await make(made.json.key, user.id, { name: "second" });
    expect([minted.status, minted.json.errors[0].code]).toEqual([403, "AccessDenied"]);
    const audit = await (await getDb()).select().from(auditTrail).where(eq(auditTrail.systemId, system.id));
    expect(audit.some((a) => a.category === "User" && a.operation === "Create" && a.value.includes(made.json.prefix))).toBe(true);
    expect(audit.some((a) => a.value.includes(made.json.key))).toBe(false);
  });

  it("works through a password lockout; stops with the user's or the system's deactivation", async () => {
    const { system, user, token } = await setup();
    const { json: key } = await make(token, user.id, { name: "through lockout" });
    for (let i = 0; i < 4; i++)
      await call(login, "/api/auth/login", {
        method: "POST",
        body: { systemName: system.name, userName: user.name, password: "wrong-Passw0rd!" },
      });
    const locked = await call(login, "/api/auth/login", {
      method: "POST",
      body: { systemName: system.name, userName: user.name, password: PASSWORD },
    });
    expect(locked.status).not.toBe(200);
    expect((await call(searchJobs, `/api/v3/systems/${system.id}/jobs`, { token: key.key })).status).toBe(200);

    const db = await getDb();
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await call(searchJobs, `/api/v3/systems/${system.id}/jobs`, { token: key.key })).json.errors[0].code).toBe(
      "InvalidToken",
    );
    await db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    await db.update(systems).set({ isActive: false }).where(eq(systems.id, system.id));
    expect((await call(searchJobs, `/api/v3/systems/${system.id}/jobs`, { token: key.key })).status).toBe(401);
    await db.update(systems).set({ isActive: true }).where(eq(systems.id, system.id));
    expect((await call(searchJobs, `/api/v3/systems/${system.id}/jobs`, { token: key.key })).status).toBe(200);
  });

  it("expires at the end of the day it names; a past day is refused", async () => {
    const { system, user, token } = await setup();
    const past = await make(token, user.id, { name: "old", expires: "2020-01-01" });
    expect([past.status, past.json.errors[0].code]).toEqual([400, "ApiKeyExpiryPast"]);
    const { json: key } = await make(token, user.id, { name: "soon", expires: "2099-12-31" });
    expect(key.expires).toBe("2099-12-31T23:59:59.999Z");
    await (await getDb())
      .update(apiKeys)
      .set({ expires: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id));
    const expired = await call(searchJobs, `/api/v3/systems/${system.id}/jobs`, { token: key.key });
    expect([expired.status, expired.json.errors[0].code]).toEqual([401, "TokenExpired"]);
  });

  it("the user and its administrators manage the keys; another user of the system does not; revoked keys stop", async () => {
    const { system, user, token, adminToken, otherToken } = await setup();
    const { json: key } = await make(token, user.id, { name: "to revoke" });
    const foreign = await setup();
    expect((await call(listKeys, `/api/users/${user.id}/apikeys`, { token: otherToken })).status).toBe(403);
    expect((await make(otherToken, user.id, { name: "not mine" })).status).toBe(403);
    expect((await call(listKeys, `/api/users/${user.id}/apikeys`, { token: foreign.adminToken })).status).toBe(404);
    const byAdmin = await call(listKeys, `/api/users/${user.id}/apikeys`, { token: adminToken });
    expect(byAdmin.json.totalCount).toBe(1);
    const wrongUser = await call(revokeKey, `/api/users/${foreign.user.id}/apikeys/${key.id}`, {
      method: "DELETE",
      token: foreign.adminToken,
    });
    expect([wrongUser.status, wrongUser.json.errors[0].code]).toEqual([404, "ApiKeyNotFound"]);
    const revoked = await call(revokeKey, `/api/users/${user.id}/apikeys/${key.id}`, { method: "DELETE", token: adminToken });
    expect(revoked.status, revoked.text).toBe(204);
    expect((await call(searchJobs, `/api/v3/systems/${system.id}/jobs`, { token: key.key })).json.errors[0].code).toBe(
      "InvalidToken",
    );
    const again = await call(revokeKey, `/api/users/${user.id}/apikeys/${key.id}`, { method: "DELETE", token });
    expect([again.status, again.json.errors[0].code]).toEqual([404, "ApiKeyNotFound"]);
  });

  it("refuses a name that is empty or too long with 400", async () => {
    const { user, token } = await setup();
    expect((await make(token, user.id, { name: " " })).status).toBe(400);
    expect((await make(token, user.id, { name: "x".repeat(101) })).status).toBe(400);
    expect((await make(token, user.id, { name: "ok", expires: "tomorrow" })).status).toBe(400);
  });
});
