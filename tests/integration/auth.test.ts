import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as loginPost } from "@/app/api/auth/login/route";
import { POST as logoutPost } from "@/app/api/auth/logout/route";
import { POST as refreshPost } from "@/app/api/auth/refresh/route";
import { GET as getUserRoute } from "@/app/api/users/[userId]/route";
import { sessions, users } from "@/db/schema";
import { obfuscatePassword } from "@/lib/auth/obfuscation";
import { getDb } from "@/lib/db";
import { getStationId, patchServiceConfig } from "@/lib/settings/store";
import { login } from "../helpers/api";
import { makeSystem, makeUser, PASSWORD } from "../helpers/factories";
import { call } from "../helpers/http";

describe("POST /api/auth/login", () => {
  it("answers the token holder and the token works", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id, roles: ["JobManager"] });
    const res = await login(system.name.toLowerCase(), user.name);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      userId: user.id,
      userName: user.name,
      systemId: system.id,
      systemName: system.name,
      roles: ["JobManager", "Everybody"],
      requiresPasswordChange: false,
    });
    expect(res.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const me = await call(getUserRoute, `/api/users/${user.id}`, { token: res.json.token });
    expect(me.status).toBe(200);
    expect(me.json.name).toBe(user.name);
    expect(me.json).not.toHaveProperty("passwordHash");
  });

  it("stores only hashes of the tokens", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const res = await login(system.name, user.name);
    const db = await getDb();
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(res.json.token);
    expect(JSON.stringify(rows)).not.toContain(res.json.token);
    expect(JSON.stringify(rows)).not.toContain(res.json.refreshToken);
  });

  it("gives the same error for an unknown user, an unknown system and a wrong password", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const answers = await Promise.all([
      login(system.name, "nobody"),
      login("NoSuchSystem", user.name),
      login(system.name, user.name, "Wrong-Passw0rd"),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.json.errors).toEqual([
        { code: "InvalidCredentials", message: "Wrong user name or password.", messageParameter: null },
      ]);
    }
  });

  it("names each missing field with its key", async () => {
    const res = await call(loginPost, "/api/auth/login", { method: "POST", body: {} });
    expect(res.status).toBe(400);
    expect(res.json.errors.map((e: { code: string }) => e.code).sort()).toEqual([
      "MissingPassword",
      "MissingSystem",
      "MissingUserName",
    ]);
  });

  it("refuses wrong types, malformed JSON, other media types and oversized bodies with 4xx", async () => {
    const wrongType = await call(loginPost, "/api/auth/login", {
      method: "POST",
      body: { systemName: 1, userName: [], password: {} },
    });
    expect(wrongType.status).toBe(400);
    const malformed = await call(loginPost, "/api/auth/login", { method: "POST", rawBody: "{nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.json.errors[0].code).toBe("InvalidJson");
    const form = await call(loginPost, "/api/auth/login", {
      method: "POST",
      rawBody: "a=b",
      headers: { "content-type": "text/plain" },
    });
    expect(form.status).toBe(415);
    const huge = await call(loginPost, "/api/auth/login", {
      method: "POST",
      rawBody: JSON.stringify({ password: "x".repeat(40_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.json.errors[0].code).toBe("PayloadTooLarge");
  });

  it("accepts crypt:aes-cbc: and crypt:base64: passwords", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const stationId = await getStationId(await getDb());
    const aes = await login(system.name, user.name, obfuscatePassword(PASSWORD, stationId, system.name));
    expect(aes.status).toBe(200);
    const b64 = await login(system.name, user.name, `crypt:base64:${Buffer.from(PASSWORD).toString("base64")}`);
    expect(b64.status).toBe(200);
    const garbage = await login(system.name, user.name, "crypt:aes-cbc:AAAA");
    expect(garbage.status).toBe(400);
    expect(garbage.json.errors[0].code).toBe("InvalidPasswordObfuscation");
  });

  it("locks after three failures, refuses the right password while locked, and lifts the lock when it runs out", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    expect((await login(system.name, user.name, "Wrong1!a")).json.errors[0].code).toBe("InvalidCredentials");
    expect((await login(system.name, user.name, "Wrong1!a")).json.errors[0].code).toBe("InvalidCredentials");
    const third = await login(system.name, user.name, "Wrong1!a");
    expect(third.status).toBe(403);
    expect(third.json.errors[0].code).toBe("UserLockedOut");
    expect((await login(system.name, user.name)).json.errors[0].code).toBe("UserLockedOut");
    const db = await getDb();
    await db
      .update(users)
      .set({ lockoutEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expect((await login(system.name, user.name)).status).toBe(200);
  });

  it("a success resets the failure count", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    await login(system.name, user.name, "Wrong1!a");
    await login(system.name, user.name, "Wrong1!a");
    expect((await login(system.name, user.name)).status).toBe(200);
    await login(system.name, user.name, "Wrong1!a");
    await login(system.name, user.name, "Wrong1!a");
    expect((await login(system.name, user.name)).status).toBe(200);
  });

  it("refuses inactive users and users of inactive systems, but only with the right password", async () => {
    const system = await makeSystem();
    const inactive = await makeUser({ systemId: system.id, isActive: false });
    expect((await login(system.name, inactive.name)).json.errors[0].code).toBe("UserDisabled");
    expect((await login(system.name, inactive.name, "Wrong1!a")).json.errors[0].code).toBe("InvalidCredentials");
    const off = await makeSystem({ isActive: false });
    const user = await makeUser({ systemId: off.id });
    const res = await login(off.name, user.name);
    expect(res.status).toBe(403);
    expect(res.json.errors[0].code).toBe("SystemDeactivated");
  });
});

describe("tokens", () => {
  it("answers 401 invalid_token for unknown and missing tokens", async () => {
    const unknown = await call(getUserRoute, "/api/users/00000000-0000-4000-8000-000000000000", { token: "x".repeat(43) });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("www-authenticate")).toContain("invalid_token");
    expect(unknown.headers.get("token-expired")).toBeNull();
    const missing = await call(getUserRoute, "/api/users/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(401);
    expect(missing.json.errors[0].code).toBe("MissingToken");
  });

  it("answers 401 with Token-Expired for an expired token, and refresh rotates once", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const holder = (await login(system.name, user.name)).json;
    const db = await getDb();
    await db
      .update(sessions)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const expired = await call(getUserRoute, `/api/users/${user.id}`, { token: holder.token });
    expect(expired.status).toBe(401);
    expect(expired.headers.get("token-expired")).toBe("true");
    expect(expired.json.errors[0].code).toBe("TokenExpired");

    const refreshed = await call(refreshPost, "/api/auth/refresh", {
      method: "POST",
      body: { token: holder.token, refreshToken: holder.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.token).not.toBe(holder.token);
    expect((await call(getUserRoute, `/api/users/${user.id}`, { token: refreshed.json.token })).status).toBe(200);
    const again = await call(refreshPost, "/api/auth/refresh", { method: "POST", body: { refreshToken: holder.refreshToken } });
    expect(again.status).toBe(410);
    expect(again.json.errors[0].code).toBe("RefreshTokenExpired");
  });

  it("an expired refresh token answers 410", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const holder = (await login(system.name, user.name)).json;
    const db = await getDb();
    await db
      .update(sessions)
      .set({ refreshValidUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await call(refreshPost, "/api/auth/refresh", { method: "POST", body: { refreshToken: holder.refreshToken } });
    expect(res.status).toBe(410);
  });

  it("logout revokes the token", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const holder = (await login(system.name, user.name)).json;
    expect((await call(logoutPost, "/api/auth/logout", { method: "POST", token: holder.token })).status).toBe(204);
    const after = await call(getUserRoute, `/api/users/${user.id}`, { token: holder.token });
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain("invalid_token");
    const refreshed = await call(refreshPost, "/api/auth/refresh", {
      method: "POST",
      body: { refreshToken: holder.refreshToken },
    });
    expect(refreshed.status).toBe(410);
  });

  it("token lifetime follows tokenExpirationMinutes, never under 10", async () => {
    const db = await getDb();
    await patchServiceConfig(db, { tokenExpirationMinutes: 3 });
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const holder = (await login(system.name, user.name)).json;
    const minutes = (Date.parse(holder.validUntil) - Date.parse(holder.created)) / 60_000;
    expect(minutes).toBeCloseTo(10, 3);
    await patchServiceConfig(db, { tokenExpirationMinutes: 60 });
  });
});
