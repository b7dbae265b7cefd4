import { and, count, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PUT as putLanguage } from "@/app/api/users/[userId]/language/route";
import { POST as postChangeRequired } from "@/app/api/users/[userId]/password/changeRequired/route";
import { GET as getUserRoles } from "@/app/api/users/[userId]/roles/route";
import { GET as getUserRoute } from "@/app/api/users/[userId]/route";
import { GET as getAdminRoles } from "@/app/api/users/adminRoles/route";
import { POST as postRegister } from "@/app/api/users/register/route";
import { GET as getSystemRoles } from "@/app/api/users/systemRoles/route";
import { GET as getFeatureFlags } from "@/app/api/v3/featureflags/route";
import { auditTrail, users } from "@/db/schema";
import { obfuscatePassword } from "@/lib/auth/obfuscation";
import { getDb } from "@/lib/db";
import { getStationId } from "@/lib/settings/store";
import { codes, type ErrorItem, login, supersystem, tokenOf } from "../helpers/api";
import { makeSystem, makeUser, PASSWORD, uniqueName } from "../helpers/factories";
import { call } from "../helpers/http";

const NEW_PASSWORD = "Fresh-Passw0rd";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

// spec foundation §6, in the order of the spec
const SPEC_ADMIN_ROLES = ["SuperAdmin", "SystemsAdmin", "ReportAdmin", "ResourceAdmin", "AuditTrailAdmin", "LicenceAdmin"];
const SPEC_SYSTEM_ROLES = [
  "Administrator",
  "JobCreator",
  "JobManager",
  "ProjectManager",
  "ReportManager",
  "ResourceManager",
  "AuditTrailManager",
  "MonitorUser",
  "Everybody",
];

/** A system with an Administrator (signed in) and a plain user. */
async function tenant() {
  const system = await makeSystem();
  const admin = await makeUser({ systemId: system.id, roles: ["Administrator"] });
  const member = await makeUser({ systemId: system.id, roles: ["JobCreator"], emailAddress: `${uniqueName("m")}@example.com` });
  const adminToken = await tokenOf(system.name, admin.name);
  return { system, admin, member, adminToken };
}

async function usersIn(systemId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.systemId, systemId));
  return row?.n ?? 0;
}

async function auditRows(systemId: string) {
  const db = await getDb();
  return db.select().from(auditTrail).where(eq(auditTrail.systemId, systemId)).orderBy(desc(auditTrail.id));
}

async function storedUser(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`user ${id} missing`);
  return row;
}

describe("GET /api/users/{id}", () => {
  it("answers the user itself, without any password data", async () => {
    const system = await makeSystem();
    const user = await makeUser({
      systemId: system.id,
      roles: ["JobManager"],
      fullName: "Jane Doe",
      emailAddress: "jane@example.com",
      language: "de-DE",
    });
    const token = await tokenOf(system.name, user.name);
    const res = await call(getUserRoute, `/api/users/${user.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: user.id,
      name: user.name,
      systemId: system.id,
      systemName: system.name,
      fullName: "Jane Doe",
      emailAddress: "jane@example.com",
      isActive: true,
      roles: ["JobManager", "Everybody"],
      language: "de-DE",
      requiresPasswordChange: false,
      type: "Local",
      isLockedOut: false,
      lockoutEnd: null,
    });
    expect(res.json).not.toHaveProperty("password");
    expect(res.json).not.toHaveProperty("passwordHash");
    expect(res.text).not.toMatch(/argon2|passwordHash/i);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers an Administrator of the same system, but not a plain user of it (403)", async () => {
    const { system, member, adminToken } = await tenant();
    const res = await call(getUserRoute, `/api/users/${member.id}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: member.id, name: member.name, systemId: system.id, roles: ["JobCreator", "Everybody"] });
    expect(res.text).not.toMatch(/argon2/i);

    const peer = await makeUser({ systemId: system.id, roles: ["JobManager"] });
    const peerToken = await tokenOf(system.name, peer.name);
    // within its own system a missing permission is 403 (a foreign system's user is 404, below)
    const denied = await call(getUserRoute, `/api/users/${member.id}`, { token: peerToken });
    expect(denied.status).toBe(403);
    expect(codes(denied.json)).toEqual(["AccessDenied"]);
  });

  it("answers 404 UserNotFound, never data, to a user of another system, even its Administrator", async () => {
    const victim = await tenant();
    const other = await tenant();
    const otherMember = await tokenOf(other.system.name, other.member.name);
    for (const token of [other.adminToken, otherMember]) {
      const res = await call(getUserRoute, `/api/users/${victim.member.id}`, { token });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({
        errors: [{ code: "UserNotFound", message: "The user was not found.", messageParameter: null }],
      });
      expect(res.text).not.toContain(victim.member.name);
    }
    // the same answer as for an id that does not exist at all
    const unknown = await call(getUserRoute, `/api/users/${UNKNOWN_ID}`, { token: other.adminToken });
    expect(unknown.status).toBe(404);
    expect(codes(unknown.json)).toEqual(["UserNotFound"]);
  });

  it("answers a SystemsAdmin of the Supersystem (deputy) for a tenant user, but not a ReportAdmin there", async () => {
    const { member } = await tenant();
    const sup = await supersystem();
    const deputy = await makeUser({ systemId: sup.id, roles: ["SystemsAdmin"], type: "Super" });
    const res = await call(getUserRoute, `/api/users/${member.id}`, { token: await tokenOf(sup.name, deputy.name) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: member.id, name: member.name });

    const reporter = await makeUser({ systemId: sup.id, roles: ["ReportAdmin"], type: "Super" });
    const denied = await call(getUserRoute, `/api/users/${member.id}`, { token: await tokenOf(sup.name, reporter.name) });
    expect(denied.status).toBe(404);
    expect(codes(denied.json)).toEqual(["UserNotFound"]);
  });

  it("answers 400 InvalidId for a malformed id, never 500", async () => {
    const { adminToken } = await tenant();
    for (const id of ["not-a-uuid", "1", "00000000-0000-4000-8000-00000000000Z", "'%20or%201=1"]) {
      const res = await call(getUserRoute, `/api/users/${id}`, { token: adminToken });
      expect(res.status, id).toBe(400);
      expect(codes(res.json), id).toEqual(["InvalidId"]);
    }
  });

  it("answers 400, never 500, for an id with a broken percent-encoding", async () => {
    const { adminToken } = await tenant();
    const res = await call(getUserRoute, "/api/users/%E0%A4%A", { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].code).not.toBe("InternalError");
  });

  it("answers 401 MissingToken without a token", async () => {
    const { member } = await tenant();
    const res = await call(getUserRoute, `/api/users/${member.id}`);
    expect(res.status).toBe(401);
    expect(codes(res.json)).toEqual(["MissingToken"]);
    expect(res.headers.get("www-authenticate")).toContain("invalid_token");
    const malformed = await call(getUserRoute, `/api/users/${member.id}`, { headers: { authorization: "Basic abc" } });
    expect(malformed.status).toBe(401);
    expect(codes(malformed.json)).toEqual(["MissingToken"]);
  });
});

describe("role lists", () => {
  it("GET /api/users/{id}/roles answers the user's roles plus Everybody, and hides foreign users", async () => {
    const { system, member, adminToken } = await tenant();
    const own = await call(getUserRoles, `/api/users/${member.id}/roles`, {
      token: await tokenOf(system.name, member.name),
    });
    expect(own.status).toBe(200);
    expect(own.json).toEqual(["JobCreator", "Everybody"]);
    const byAdmin = await call(getUserRoles, `/api/users/${member.id}/roles`, { token: adminToken });
    expect(byAdmin.json).toEqual(["JobCreator", "Everybody"]);

    const other = await tenant();
    const foreign = await call(getUserRoles, `/api/users/${member.id}/roles`, { token: other.adminToken });
    expect(foreign.status).toBe(404);
    expect(codes(foreign.json)).toEqual(["UserNotFound"]);
    const bad = await call(getUserRoles, "/api/users/nope/roles", { token: adminToken });
    expect(bad.status).toBe(400);
  });

  it("GET /api/users/systemRoles and /api/users/adminRoles answer the lists of spec §6", async () => {
    const { adminToken } = await tenant();
    const systemRoles = await call(getSystemRoles, "/api/users/systemRoles", { token: adminToken });
    expect(systemRoles.status).toBe(200);
    expect(systemRoles.json).toEqual(SPEC_SYSTEM_ROLES);
    const adminRoles = await call(getAdminRoles, "/api/users/adminRoles", { token: adminToken });
    expect(adminRoles.status).toBe(200);
    expect(adminRoles.json).toEqual(SPEC_ADMIN_ROLES);
    for (const [handler, path] of [
      [getSystemRoles, "/api/users/systemRoles"],
      [getAdminRoles, "/api/users/adminRoles"],
    ] as const) {
      const anonymous = await call(handler, path);
      expect(anonymous.status).toBe(401);
      expect(codes(anonymous.json)).toEqual(["MissingToken"]);
    }
  });
});

describe("PUT /api/users/{id}/language", () => {
  it("saves the language of the user itself and records it in the audit trail", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const token = await tokenOf(system.name, user.name);
    const before = (await auditRows(system.id)).length;

    const res = await call(putLanguage, `/api/users/${user.id}/language`, { method: "PUT", token, body: { language: "de-DE" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ language: "de-DE" });
    const read = await call(getUserRoute, `/api/users/${user.id}`, { token });
    expect(read.json.language).toBe("de-DE");

    const rows = await auditRows(system.id);
    expect(rows).toHaveLength(before + 1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      category: "User",
      operation: "Update",
      systemId: system.id,
      userId: user.id,
      username: user.name,
    });
    expect(row.deputy).toBeNull();
    expect(JSON.parse(row.value)).toEqual({ id: user.id, name: user.name, language: "de-DE" });
    expect(row.value).not.toMatch(/argon2|passwordHash|token/i);

    const back = await call(putLanguage, `/api/users/${user.id}/language`, { method: "PUT", token, body: { language: "en-US" } });
    expect(back.json).toEqual({ language: "en-US" });
    expect((await storedUser(user.id)).language).toBe("en-US");
  });

  it("lets an Administrator of the same system set another user's language", async () => {
    const { member, adminToken, admin } = await tenant();
    const res = await call(putLanguage, `/api/users/${member.id}/language`, {
      method: "PUT",
      token: adminToken,
      body: { language: "de-DE" },
    });
    expect(res.status).toBe(200);
    expect((await storedUser(member.id)).language).toBe("de-DE");
    const [row] = await auditRows(member.systemId);
    expect(row).toMatchObject({ category: "User", operation: "Update", userId: admin.id, username: admin.name });
    expect(JSON.parse(row!.value)).toMatchObject({ id: member.id, language: "de-DE" });
  });

  it("records the deputy when a SystemsAdmin of the Supersystem changes a tenant user's language", async () => {
    const { system, member } = await tenant();
    const sup = await supersystem();
    const deputy = await makeUser({ systemId: sup.id, roles: ["SystemsAdmin"], type: "Super" });
    const res = await call(putLanguage, `/api/users/${member.id}/language`, {
      method: "PUT",
      token: await tokenOf(sup.name, deputy.name),
      body: { language: "de-DE" },
    });
    expect(res.status).toBe(200);
    const [row] = await auditRows(system.id);
    expect(row).toMatchObject({ category: "User", operation: "Update", userId: deputy.id, username: deputy.name });
    // db/schema/audit.ts: deputy is set when an administrator of the Supersystem acts as deputy
    expect(row?.deputy).toBe(system.name);
  });

  it("refuses an unsupported or missing language with 400 InvalidLanguage and changes nothing", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const token = await tokenOf(system.name, user.name);
    const before = (await auditRows(system.id)).length;
    for (const body of [{ language: "fr-FR" }, { language: "de" }, { language: 1 }, {}]) {
      const res = await call(putLanguage, `/api/users/${user.id}/language`, { method: "PUT", token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(codes(res.json)).toEqual(["InvalidLanguage"]);
    }
    expect((await storedUser(user.id)).language).toBe("en-US");
    expect(await auditRows(system.id)).toHaveLength(before);
  });

  it("answers 404 for a user of another system and leaves it unchanged", async () => {
    const victim = await tenant();
    const other = await tenant();
    const res = await call(putLanguage, `/api/users/${victim.member.id}/language`, {
      method: "PUT",
      token: other.adminToken,
      body: { language: "de-DE" },
    });
    expect(res.status).toBe(404);
    expect(codes(res.json)).toEqual(["UserNotFound"]);
    expect((await storedUser(victim.member.id)).language).toBe("en-US");
  });

  it("answers 415 for another content type and 400 InvalidJson for malformed JSON", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const token = await tokenOf(system.name, user.name);
    const path = `/api/users/${user.id}/language`;
    const text = await call(putLanguage, path, {
      method: "PUT",
      token,
      rawBody: "language=de-DE",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect(codes(text.json)).toEqual(["UnsupportedMediaType"]);
    const malformed = await call(putLanguage, path, { method: "PUT", token, rawBody: '{"language": "de-DE"' });
    expect(malformed.status).toBe(400);
    expect(codes(malformed.json)).toEqual(["InvalidJson"]);
    expect((await storedUser(user.id)).language).toBe("en-US");
  });
});

describe("POST /api/users/{id}/password/changeRequired", () => {
  async function mustChange() {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id, requiresPasswordChange: true, roles: ["Administrator"] });
    const holder = await login(system.name, user.name);
    expect(holder.status).toBe(200);
    expect(holder.json.requiresPasswordChange).toBe(true);
    return { system, user, token: holder.json.token as string };
  }

  function change(userId: string, token: string, newPassword: unknown) {
    return call(postChangeRequired, `/api/users/${userId}/password/changeRequired`, {
      method: "POST",
      token,
      body: newPassword === undefined ? {} : { newPassword },
    });
  }

  it("is the only way forward while the flag is set: other bearer calls answer 403 PasswordChangeRequired", async () => {
    const { user, token } = await mustChange();
    const flags = await call(getFeatureFlags, "/api/v3/featureflags", { token });
    expect(flags.status).toBe(403);
    expect(codes(flags.json)).toEqual(["PasswordChangeRequired"]);
    const roles = await call(getSystemRoles, "/api/users/systemRoles", { token });
    expect(roles.status).toBe(403);
    expect(codes(roles.json)).toEqual(["PasswordChangeRequired"]);
    // reading itself stays allowed, so the client can show the form
    const me = await call(getUserRoute, `/api/users/${user.id}`, { token });
    expect(me.status).toBe(200);
    expect(me.json.requiresPasswordChange).toBe(true);
  });

  it("names each failing password rule of spec §5 by its key", async () => {
    const { system, user, token } = await mustChange();
    const cases: [unknown, string[]][] = [
      ["", ["PasswordEmpty"]],
      [undefined, ["PasswordEmpty"]],
      ["Ab1!x", ["TooShort"]],
      ["Abcdef!", ["NoDigits"]],
      ["ABCDE1!", ["NoLowerChars"]],
      ["abcde1!", ["NoUppercaseChars"]],
      ["Abcde12", ["NoNonAlphanumericChars"]],
      ["abc", ["TooShort", "NoDigits", "NoUppercaseChars", "NoNonAlphanumericChars"]],
      ["!!", ["TooShort", "NoDigits", "NoLowerChars", "NoUppercaseChars"]],
    ];
    for (const [password, expected] of cases) {
      const res = await change(user.id, token, password);
      expect(res.status, String(password)).toBe(400);
      expect(codes(res.json).sort(), String(password)).toEqual([...expected].sort());
    }
    const short = await change(user.id, token, "Ab1!");
    const tooShort = short.json.errors.find((e: ErrorItem) => e.code === "TooShort");
    expect(tooShort?.messageParameter).toEqual({ min: 6 });
    expect(tooShort?.message).toBe("The password needs at least 6 characters.");
    // nothing changed: the flag is still set and the token still works
    const stored = await storedUser(user.id);
    expect(stored.requiresPasswordChange).toBe(true);
    expect((await call(getUserRoute, `/api/users/${user.id}`, { token })).status).toBe(200);
    expect((await login(system.name, user.name)).status).toBe(200);
  });

  it("a success clears the flag, ends the session, swaps the password and writes an audit row without it", async () => {
    const { system, user, token } = await mustChange();
    const other = await login(system.name, user.name);
    expect(other.status).toBe(200);
    const before = (await auditRows(system.id)).length;

    const res = await change(user.id, token, NEW_PASSWORD);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");

    const stored = await storedUser(user.id);
    expect(stored.requiresPasswordChange).toBe(false);
    for (const t of [token, other.json.token as string]) {
      const after = await call(getUserRoute, `/api/users/${user.id}`, { token: t });
      expect(after.status).toBe(401);
      expect(codes(after.json)).toEqual(["InvalidToken"]);
      expect(after.headers.get("www-authenticate")).toContain("invalid_token");
    }

    const oldLogin = await login(system.name, user.name, PASSWORD);
    expect(oldLogin.status).toBe(401);
    expect(codes(oldLogin.json)).toEqual(["InvalidCredentials"]);
    const newLogin = await login(system.name, user.name, NEW_PASSWORD);
    expect(newLogin.status).toBe(200);
    expect(newLogin.json.requiresPasswordChange).toBe(false);
    const flags = await call(getFeatureFlags, "/api/v3/featureflags", { token: newLogin.json.token });
    expect(flags.status).toBe(200);

    const rows = await auditRows(system.id);
    expect(rows).toHaveLength(before + 1);
    const row = rows[0]!;
    expect(row).toMatchObject({ category: "User", operation: "Update", userId: user.id, username: user.name });
    expect(row.value).not.toContain(NEW_PASSWORD);
    expect(row.value).not.toContain(PASSWORD);
    expect(row.value).not.toMatch(/argon2/);
    expect(JSON.parse(row.value)).toMatchObject({ id: user.id, requiresPasswordChange: false });
  });

  it("answers 403 for another user's id and changes nothing there", async () => {
    const a = await mustChange();
    const b = await makeUser({ systemId: a.system.id, requiresPasswordChange: true });
    const res = await change(b.id, a.token, NEW_PASSWORD);
    expect(res.status).toBe(403);
    expect(codes(res.json)).toEqual(["AccessDenied"]);
    expect((await storedUser(b.id)).requiresPasswordChange).toBe(true);
    expect((await login(a.system.name, b.name, PASSWORD)).status).toBe(200);
    expect((await login(a.system.name, b.name, NEW_PASSWORD)).status).toBe(401);
  });

  it("answers 400 when the flag is not set", async () => {
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id });
    const token = await tokenOf(system.name, user.name);
    const res = await change(user.id, token, NEW_PASSWORD);
    expect(res.status).toBe(400);
    expect(codes(res.json)).toEqual(["BadRequest"]);
    expect((await login(system.name, user.name, PASSWORD)).status).toBe(200);
    // the token was not revoked
    expect((await call(getUserRoute, `/api/users/${user.id}`, { token })).status).toBe(200);
  });

  it("accepts a crypt:aes-cbc: obfuscated new password", async () => {
    const { system, user, token } = await mustChange();
    const stationId = await getStationId(await getDb());
    const obfuscated = obfuscatePassword(NEW_PASSWORD, stationId, system.name);
    expect(obfuscated.startsWith("crypt:aes-cbc:")).toBe(true);
    const res = await change(user.id, token, obfuscated);
    expect(res.status).toBe(204);
    expect((await login(system.name, user.name, NEW_PASSWORD)).status).toBe(200);
    // the obfuscated text itself is not the password
    expect((await login(system.name, user.name, obfuscated.replace("crypt:aes-cbc:", ""))).status).toBe(401);
  });

  it("applies the password rules to the decoded password", async () => {
    const { system, user, token } = await mustChange();
    const stationId = await getStationId(await getDb());
    const res = await change(user.id, token, obfuscatePassword("abc", stationId, system.name));
    expect(res.status).toBe(400);
    expect(codes(res.json)).toContain("TooShort");
    expect((await storedUser(user.id)).requiresPasswordChange).toBe(true);
  });
});

describe("POST /api/users/register", () => {
  function register(token: string, body: Record<string, unknown>) {
    return call(postRegister, "/api/users/register", { method: "POST", token, body });
  }

  function newUser(systemName: string, overrides: Record<string, unknown> = {}) {
    return {
      systemName,
      name: uniqueName("new"),
      fullName: "New Person",
      emailAddress: `${uniqueName("e")}@example.com`,
      password: PASSWORD,
      roles: ["JobCreator"],
      ...overrides,
    };
  }

  it("an Administrator adds a user to its own system; the answer is the user", async () => {
    const { system, admin, adminToken } = await tenant();
    const body = newUser(system.name, { roles: ["JobCreator", "ReportManager"], language: "de-DE" });
    const before = await usersIn(system.id);
    const res = await register(adminToken, body);
    expect([200, 201]).toContain(res.status);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: body.name,
      systemId: system.id,
      systemName: system.name,
      fullName: "New Person",
      emailAddress: body.emailAddress,
      isActive: true,
      roles: ["JobCreator", "ReportManager", "Everybody"],
      language: "de-DE",
      requiresPasswordChange: true,
      type: "Local",
      isLockedOut: false,
      lockoutEnd: null,
    });
    expect(res.text).not.toContain(PASSWORD);
    expect(res.text).not.toMatch(/argon2/);
    expect(await usersIn(system.id)).toBe(before + 1);

    const stored = await storedUser(res.json.id);
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    const holder = await login(system.name, body.name as string);
    expect(holder.status).toBe(200);
    expect(holder.json.requiresPasswordChange).toBe(true);

    const [row] = await auditRows(system.id);
    expect(row).toMatchObject({ category: "User", operation: "Create", userId: admin.id, username: admin.name, deputy: null });
    expect(row!.value).not.toContain(PASSWORD);
    expect(row!.value).not.toMatch(/argon2/);
    expect(JSON.parse(row!.value)).toMatchObject({ id: res.json.id, name: body.name, roles: ["JobCreator", "ReportManager"] });
  });

  it("refuses admin roles in a tenant system with 400 RoleNotAllowed and stores nothing", async () => {
    const { system, adminToken } = await tenant();
    const before = await usersIn(system.id);
    const audits = (await auditRows(system.id)).length;
    const res = await register(adminToken, newUser(system.name, { roles: ["JobCreator", "SuperAdmin"] }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([
      expect.objectContaining({ code: "RoleNotAllowed", messageParameter: expect.objectContaining({ role: "SuperAdmin" }) }),
    ]);
    expect(await usersIn(system.id)).toBe(before);
    expect(await auditRows(system.id)).toHaveLength(audits);
  });

  it("refuses an Administrator of system A registering into system B with 404 SystemNotFound", async () => {
    const a = await tenant();
    const b = await tenant();
    const before = await usersIn(b.system.id);
    const res = await register(a.adminToken, newUser(b.system.name));
    expect(res.status).toBe(404);
    expect(codes(res.json)).toEqual(["SystemNotFound"]);
    expect(await usersIn(b.system.id)).toBe(before);
    // an unknown system gives the same answer, so existence does not leak
    const unknown = await register(a.adminToken, newUser("NoSuchSystem"));
    expect(unknown.status).toBe(404);
    expect(codes(unknown.json)).toEqual(["SystemNotFound"]);
  });

  it("refuses a JobManager (no ManageUsers) with 403", async () => {
    const system = await makeSystem();
    const manager = await makeUser({ systemId: system.id, roles: ["JobManager"] });
    const before = await usersIn(system.id);
    const res = await register(await tokenOf(system.name, manager.name), newUser(system.name));
    expect(res.status).toBe(403);
    expect(codes(res.json)).toEqual(["AccessDenied"]);
    expect(await usersIn(system.id)).toBe(before);
  });

  it("a SuperAdmin adds admin users to the Supersystem, but not system roles there", async () => {
    const sup = await supersystem();
    const superAdmin = await makeUser({ systemId: sup.id, roles: ["SuperAdmin"], type: "Super" });
    const token = await tokenOf(sup.name, superAdmin.name);
    const ok = await register(token, newUser(sup.name, { roles: ["ReportAdmin", "LicenceAdmin"], type: "Super" }));
    expect([200, 201]).toContain(ok.status);
    expect(ok.json).toMatchObject({ systemId: sup.id, roles: ["ReportAdmin", "LicenceAdmin", "Everybody"], type: "Super" });

    const before = await usersIn(sup.id);
    const bad = await register(token, newUser(sup.name, { roles: ["Administrator"] }));
    expect(bad.status).toBe(400);
    expect(codes(bad.json)).toEqual(["RoleNotAllowed"]);
    expect(await usersIn(sup.id)).toBe(before);
  });

  it("lets a deputy register into a tenant and records the deputy; a SystemsAdmin may not add admin users", async () => {
    const { system } = await tenant();
    const sup = await supersystem();
    const deputy = await makeUser({ systemId: sup.id, roles: ["SystemsAdmin"], type: "Super" });
    const token = await tokenOf(sup.name, deputy.name);
    const res = await register(token, newUser(system.name));
    expect([200, 201]).toContain(res.status);
    expect(res.json.systemId).toBe(system.id);
    const [row] = await auditRows(system.id);
    expect(row).toMatchObject({ operation: "Create", userId: deputy.id, deputy: system.name });

    const intoSuper = await register(token, newUser(sup.name, { roles: ["ReportAdmin"] }));
    expect(intoSuper.status).toBe(403);
    expect(codes(intoSuper.json)).toEqual(["AccessDenied"]);
  });

  it("answers 409 UserAlreadyExists for a taken name; another case is another user", async () => {
    const { system, member, adminToken } = await tenant();
    const before = await usersIn(system.id);
    const dup = await register(adminToken, newUser(system.name, { name: member.name }));
    expect(dup.status).toBe(409);
    expect(dup.json.errors).toEqual([
      {
        code: "UserAlreadyExists",
        message: `A user named ${member.name} already exists.`,
        messageParameter: { name: member.name },
      },
    ]);
    expect(await usersIn(system.id)).toBe(before);

    const upper = member.name.toUpperCase();
    expect(upper).not.toBe(member.name);
    const other = await register(adminToken, newUser(system.name, { name: upper }));
    expect([200, 201]).toContain(other.status);
    expect(other.json.name).toBe(upper);
    expect(other.json.id).not.toBe(member.id);
    expect(await usersIn(system.id)).toBe(before + 1);
    // each signs in under its own name
    expect((await login(system.name, upper)).json.userId).toBe(other.json.id);
    expect((await login(system.name, member.name)).json.userId).toBe(member.id);
  });

  it("refuses names with anything but letters and digits with 400 InvalidUserName", async () => {
    const { system, adminToken } = await tenant();
    const before = await usersIn(system.id);
    for (const name of ["with space", "dash-ed", "under_score", "dot.ted", "at@sign", "semi;colon", "tab\tname"]) {
      const res = await register(adminToken, newUser(system.name, { name }));
      expect(res.status, name).toBe(400);
      expect(codes(res.json), name).toEqual(["InvalidUserName"]);
    }
    const missing = await register(adminToken, newUser(system.name, { name: "" }));
    expect(missing.status).toBe(400);
    expect(codes(missing.json)).toContain("MissingUserName");
    expect(await usersIn(system.id)).toBe(before);
    // letters of any script are letters
    const umlaut = await register(adminToken, newUser(system.name, { name: `Jürgen${uniqueName("")}` }));
    expect([200, 201]).toContain(umlaut.status);
  });

  it("refuses an invalid e-mail with 400 InvalidEmail", async () => {
    const { system, adminToken } = await tenant();
    const before = await usersIn(system.id);
    for (const emailAddress of ["not-an-email", "a@b", "two@@example.com", "sp ace@example.com"]) {
      const res = await register(adminToken, newUser(system.name, { emailAddress }));
      expect(res.status, emailAddress).toBe(400);
      expect(codes(res.json), emailAddress).toEqual(["InvalidEmail"]);
    }
    expect(await usersIn(system.id)).toBe(before);
    // the e-mail is optional
    const none = await register(adminToken, newUser(system.name, { emailAddress: "" }));
    expect([200, 201]).toContain(none.status);
    expect(none.json.emailAddress).toBeNull();
  });

  it("answers 409 EmailInUse for an e-mail already used in that system, whatever its case", async () => {
    const { system, member, adminToken } = await tenant();
    const taken = member.emailAddress!;
    const before = await usersIn(system.id);
    for (const emailAddress of [taken, taken.toUpperCase()]) {
      const res = await register(adminToken, newUser(system.name, { emailAddress }));
      expect(res.status, emailAddress).toBe(409);
      expect(codes(res.json)).toEqual(["EmailInUse"]);
    }
    expect(await usersIn(system.id)).toBe(before);
    // another system may use it
    const other = await tenant();
    const elsewhere = await register(other.adminToken, newUser(other.system.name, { emailAddress: taken }));
    expect([200, 201]).toContain(elsewhere.status);
  });

  it("enforces the password rules for Local users and lists every failure", async () => {
    const { system, adminToken } = await tenant();
    const before = await usersIn(system.id);
    const missing = await register(adminToken, newUser(system.name, { password: undefined }));
    expect(missing.status).toBe(400);
    expect(codes(missing.json)).toEqual(["PasswordEmpty"]);
    const weak = await register(adminToken, newUser(system.name, { password: "abc" }));
    expect(weak.status).toBe(400);
    expect(codes(weak.json).sort()).toEqual(["NoDigits", "NoNonAlphanumericChars", "NoUppercaseChars", "TooShort"]);
    expect(weak.json.errors.find((e: ErrorItem) => e.code === "TooShort").messageParameter).toEqual({ min: 6 });
    expect(await usersIn(system.id)).toBe(before);
  });

  it("a CSB user needs no password and gets no e-mail", async () => {
    const system = await makeSystem({ type: "CSB" });
    const admin = await makeUser({ systemId: system.id, roles: ["Administrator"] });
    const token = await tokenOf(system.name, admin.name);
    const res = await register(
      token,
      newUser(system.name, { type: "CSB", password: undefined, emailAddress: "csb@example.com", roles: [] }),
    );
    expect([200, 201]).toContain(res.status);
    expect(res.json).toMatchObject({ type: "CSB", emailAddress: null, requiresPasswordChange: false, roles: ["Everybody"] });
    const stored = await storedUser(res.json.id);
    expect(stored.passwordHash).toBeNull();
    expect(stored.emailAddress).toBeNull();
    // no password: it cannot sign in locally
    expect((await login(system.name, res.json.name, "")).status).toBe(400);
    expect((await login(system.name, res.json.name, PASSWORD)).status).toBe(401);
  });

  it("stores nothing and writes no audit row when validation fails", async () => {
    const { system, member, adminToken } = await tenant();
    const before = await usersIn(system.id);
    const audits = (await auditRows(system.id)).length;
    const bodies = [
      newUser(system.name, { name: "bad name" }),
      newUser(system.name, { emailAddress: "nope" }),
      newUser(system.name, { password: "short" }),
      newUser(system.name, { roles: ["LicenceAdmin"] }),
      newUser(system.name, { roles: ["NoSuchRole"] }),
      newUser(system.name, { name: member.name }),
      newUser(system.name, { emailAddress: member.emailAddress }),
      newUser(system.name, { language: "xx-XX" }),
    ];
    for (const body of bodies) {
      const res = await register(adminToken, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await usersIn(system.id)).toBe(before);
    expect(await auditRows(system.id)).toHaveLength(audits);
    const db = await getDb();
    const [leaked] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.systemId, system.id), eq(users.name, "badname")));
    expect(leaked?.n).toBe(0);
  });
});
