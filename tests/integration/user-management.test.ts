import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getUserNames } from "@/app/api/systems/[systemId]/userNames/route";
import { GET as getSystemUsers } from "@/app/api/systems/[systemId]/users/route";
import { POST as postResetLink } from "@/app/api/users/[userId]/password/reset/route";
import { DELETE as deleteUserRoute, GET as getUserRoute } from "@/app/api/users/[userId]/route";
import { PUT as putUser } from "@/app/api/users/route";
import { auditTrail, sessions, type User, users } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { ZUser } from "@/lib/users/schemas";
import { deleteUser } from "@/lib/users/services/delete-user";
import { updateUser } from "@/lib/users/services/update-user";
import { codes, type ErrorItem, login, supersystem, tokenOf } from "../helpers/api";
import { makeSystem, makeUser, PASSWORD, uniqueName } from "../helpers/factories";
import { call } from "../helpers/http";

const NEW_PASSWORD = "Fresh-Passw0rd";
const WRONG_PASSWORD = "Wrong-Passw0rd";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** A user of the Supersystem (type Super) with the given admin roles, and its token. */
async function superUser(roles: User["roles"]) {
  const sup = await supersystem();
  const user = await makeUser({ systemId: sup.id, roles, type: "Super" });
  return { sup, user, token: await tokenOf(sup.name, user.name) };
}

/** A system with an Administrator (signed in) and a plain user with an e-mail address. */
async function tenant() {
  const system = await makeSystem();
  const admin = await makeUser({ systemId: system.id, roles: ["Administrator"] });
  const member = await makeUser({
    systemId: system.id,
    roles: ["JobCreator"],
    fullName: "Member Person",
    emailAddress: `${uniqueName("m")}@example.com`,
  });
  const adminToken = await tokenOf(system.name, admin.name);
  return { system, admin, member, adminToken };
}

async function findStored(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

async function storedUser(id: string) {
  const row = await findStored(id);
  if (!row) throw new Error(`user ${id} missing`);
  return row;
}

async function auditRows(systemId: string) {
  const db = await getDb();
  return db.select().from(auditTrail).where(eq(auditTrail.systemId, systemId)).orderBy(desc(auditTrail.id));
}

async function sessionsOf(userId: string) {
  const db = await getDb();
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** The body of the user form for a stored user, with changes. */
function editBody(user: User, overrides: Record<string, unknown> = {}) {
  return {
    id: user.id,
    name: user.name,
    fullName: user.fullName,
    emailAddress: user.emailAddress,
    roles: user.roles,
    language: user.language,
    isActive: user.isActive,
    requiresPasswordChange: user.requiresPasswordChange,
    ...overrides,
  };
}

function put(token: string, body: Record<string, unknown>) {
  return call(putUser, "/api/users", { method: "PUT", token, body });
}

function remove(token: string, id: string) {
  return call(deleteUserRoute, `/api/users/${id}`, { method: "DELETE", token });
}

async function lockOut(systemName: string, userName: string) {
  for (let i = 0; i < 3; i++) await login(systemName, userName, WRONG_PASSWORD);
  const locked = await login(systemName, userName);
  expect(locked.status).toBe(403);
  expect(codes(locked.json)).toEqual(["UserLockedOut"]);
}

/** Active SuperAdmins of the Supersystem other than the given ones are deactivated until `restore()`. */
async function onlyTheseSuperAdmins(keep: string[]) {
  const db = await getDb();
  const sup = await supersystem();
  const others = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.systemId, sup.id), eq(users.isActive, true), sql`'SuperAdmin' = any(${users.roles})`));
  const ids = others.map((o) => o.id).filter((id) => !keep.includes(id));
  for (const id of ids) await db.update(users).set({ isActive: false }).where(eq(users.id, id));
  return {
    async restore() {
      for (const id of ids) await db.update(users).set({ isActive: true }).where(eq(users.id, id));
    },
  };
}

async function activeSuperAdmins(): Promise<string[]> {
  const db = await getDb();
  const sup = await supersystem();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.systemId, sup.id), eq(users.isActive, true), sql`'SuperAdmin' = any(${users.roles})`));
  return rows.map((r) => r.id);
}

/** The caller a request carries once its token is checked (lib/auth/sessions.ts toCaller). */
function callerFor(user: User, system: { id: string; name: string }, roles: Caller["roles"]): Caller {
  return {
    sessionId: UNKNOWN_ID,
    userId: user.id,
    userName: user.name,
    fullName: user.fullName,
    systemId: system.id,
    systemName: system.name,
    roles,
    language: user.language,
    requiresPasswordChange: false,
  };
}

describe("PUT /api/users", () => {
  it("an Administrator changes every field of a user of its own system and reads it back", async () => {
    const { system, admin, member, adminToken } = await tenant();
    const newName = uniqueName("renamed");
    const newEmail = `${uniqueName("new")}@example.com`;
    const body = editBody(member, {
      name: newName,
      fullName: "Erika Mustermann",
      emailAddress: newEmail,
      roles: ["JobManager", "MonitorUser"],
      language: "de-DE",
      isActive: true,
      requiresPasswordChange: true,
    });
    const before = (await auditRows(system.id)).length;

    const res = await put(adminToken, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const expected = {
      id: member.id,
      name: newName,
      systemId: system.id,
      systemName: system.name,
      fullName: "Erika Mustermann",
      emailAddress: newEmail,
      isActive: true,
      roles: ["JobManager", "MonitorUser", "Everybody"],
      language: "de-DE",
      requiresPasswordChange: true,
      type: "Local",
      isLockedOut: false,
      lockoutEnd: null,
    };
    expect(res.json).toEqual(expected);
    expect(ZUser.safeParse(res.json).success).toBe(true);
    expect(res.text).not.toMatch(/argon2|passwordHash/i);

    const read = await call(getUserRoute, `/api/users/${member.id}`, { token: adminToken });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(expected);

    // the password was not given, so it stays: the user signs in under its new name and must change it
    const holder = await login(system.name, newName);
    expect(holder.status).toBe(200);
    expect(holder.json.requiresPasswordChange).toBe(true);
    expect((await login(system.name, member.name)).status).toBe(401);

    const rows = await auditRows(system.id);
    expect(rows).toHaveLength(before + 1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      category: "User",
      operation: "Update",
      systemId: system.id,
      userId: admin.id,
      username: admin.name,
      deputy: null,
    });
    expect(JSON.parse(row.value)).toMatchObject({
      id: member.id,
      name: newName,
      fullName: "Erika Mustermann",
      emailAddress: newEmail,
      roles: ["JobManager", "MonitorUser"],
      language: "de-DE",
      isActive: true,
    });
    expect(row.value).not.toContain(PASSWORD);
    expect(row.value).not.toMatch(/argon2/);
  });

  it("records the must-change-password flag of an edit in the audit trail as it was set", async () => {
    const { system, member, adminToken } = await tenant();
    const res = await put(adminToken, editBody(member, { requiresPasswordChange: true }));
    expect(res.status).toBe(200);
    const [row] = await auditRows(system.id);
    // the flag is no secret; the audit trail must say what the administrator set
    expect(JSON.parse(row!.value).requiresPasswordChange).toBe(true);
  });

  it("refuses the caller's own user with 403 OwnUserNotEditable and changes nothing", async () => {
    const { system, admin, adminToken } = await tenant();
    const before = (await auditRows(system.id)).length;
    const res = await put(adminToken, editBody(admin, { fullName: "Myself", roles: ["Administrator", "JobManager"] }));
    expect(res.status).toBe(403);
    expect(codes(res.json)).toEqual(["OwnUserNotEditable"]);
    const stored = await storedUser(admin.id);
    expect(stored.fullName).toBe(admin.fullName);
    expect(stored.roles).toEqual(["Administrator"]);
    expect(await auditRows(system.id)).toHaveLength(before);
  });

  it("answers 404 UserNotFound to another tenant's Administrator, like an unknown id, and changes nothing", async () => {
    const victim = await tenant();
    const other = await tenant();
    const before = (await auditRows(victim.system.id)).length;
    const res = await put(
      other.adminToken,
      editBody(victim.member, { fullName: "Hijacked", roles: ["Administrator"], isActive: false, password: NEW_PASSWORD }),
    );
    expect(res.status).toBe(404);
    expect(res.json.errors).toEqual([{ code: "UserNotFound", message: "The user was not found.", messageParameter: null }]);
    expect(res.text).not.toContain(victim.member.name);

    const stored = await storedUser(victim.member.id);
    expect(stored).toMatchObject({ fullName: victim.member.fullName, roles: ["JobCreator"], isActive: true });
    expect(stored.passwordHash).toBe(victim.member.passwordHash);
    expect(await auditRows(victim.system.id)).toHaveLength(before);
    expect((await login(victim.system.name, victim.member.name)).status).toBe(200);

    const unknown = await put(other.adminToken, editBody(victim.member, { id: UNKNOWN_ID }));
    expect(unknown.status).toBe(404);
    expect(codes(unknown.json)).toEqual(["UserNotFound"]);
  });

  it("refuses a type change with 400 UserTypeNotChangeable; the same type is fine", async () => {
    const { member, adminToken } = await tenant();
    for (const type of ["CSB", "Super", "DesignerTest"]) {
      const res = await put(adminToken, editBody(member, { type, fullName: "Changed" }));
      expect(res.status, type).toBe(400);
      expect(codes(res.json), type).toEqual(["UserTypeNotChangeable"]);
    }
    const stored = await storedUser(member.id);
    expect(stored.type).toBe("Local");
    expect(stored.fullName).toBe(member.fullName);
    const same = await put(adminToken, editBody(member, { type: "Local", fullName: "Changed" }));
    expect(same.status).toBe(200);
    expect(same.json).toMatchObject({ type: "Local", fullName: "Changed" });
  });

  it("refuses an admin-portal role for a tenant user with 400 RoleNotAllowed naming the role", async () => {
    const { system, member, adminToken } = await tenant();
    const before = (await auditRows(system.id)).length;
    const res = await put(adminToken, editBody(member, { roles: ["JobManager", "SuperAdmin"] }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([
      { code: "RoleNotAllowed", message: "The role SuperAdmin cannot be given here.", messageParameter: { role: "SuperAdmin" } },
    ]);
    const unknown = await put(adminToken, editBody(member, { roles: ["NoSuchRole"] }));
    expect(unknown.status).toBe(400);
    expect(codes(unknown.json)).toEqual(["RoleNotAllowed"]);
    expect((await storedUser(member.id)).roles).toEqual(["JobCreator"]);
    expect(await auditRows(system.id)).toHaveLength(before);
  });

  it("refuses a system-portal role for an admin user of the Supersystem", async () => {
    const { token } = await superUser(["SuperAdmin"]);
    const sup = await supersystem();
    const target = await makeUser({ systemId: sup.id, roles: ["ReportAdmin"], type: "Super" });
    const res = await put(token, editBody(target, { roles: ["ReportAdmin", "Administrator"] }));
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({ code: "RoleNotAllowed", messageParameter: { role: "Administrator" } });
    const ok = await put(token, editBody(target, { roles: ["ReportAdmin", "LicenceAdmin"] }));
    expect(ok.status).toBe(200);
    expect(ok.json.roles).toEqual(["ReportAdmin", "LicenceAdmin", "Everybody"]);
  });

  it("keeps the password when none is given, and checks a given one against every rule", async () => {
    const { system, member, adminToken } = await tenant();
    const memberToken = await tokenOf(system.name, member.name);
    for (const password of [undefined, null, ""]) {
      const res = await put(adminToken, editBody(member, { password, fullName: `No password ${String(password)}` }));
      expect(res.status, String(password)).toBe(200);
    }
    expect((await storedUser(member.id)).passwordHash).toBe(member.passwordHash);
    expect((await login(system.name, member.name)).status).toBe(200);
    // no new password: the member's session goes on
    expect((await call(getUserRoute, `/api/users/${member.id}`, { token: memberToken })).status).toBe(200);

    const cases: [string, string[]][] = [
      ["abc", ["TooShort", "NoDigits", "NoUppercaseChars", "NoNonAlphanumericChars"]],
      ["Abcdef!", ["NoDigits"]],
      ["ABCDE1!", ["NoLowerChars"]],
      ["abcde1!", ["NoUppercaseChars"]],
      ["Abcde12", ["NoNonAlphanumericChars"]],
      ["Ab1!", ["TooShort"]],
    ];
    for (const [password, expected] of cases) {
      const res = await put(adminToken, editBody(member, { password, fullName: "Should not be stored" }));
      expect(res.status, password).toBe(400);
      expect(codes(res.json).sort(), password).toEqual([...expected].sort());
    }
    const stored = await storedUser(member.id);
    expect(stored.passwordHash).toBe(member.passwordHash);
    expect(stored.fullName).toBe("No password ");
    expect((await call(getUserRoute, `/api/users/${member.id}`, { token: memberToken })).status).toBe(200);
  });

  it("a new password ends every session of the user and replaces the old one; the audit row holds no password", async () => {
    const { system, admin, member, adminToken } = await tenant();
    const first = await tokenOf(system.name, member.name);
    const second = await tokenOf(system.name, member.name);
    const res = await put(adminToken, editBody(member, { password: NEW_PASSWORD }));
    expect(res.status).toBe(200);
    for (const token of [first, second]) {
      const after = await call(getUserRoute, `/api/users/${member.id}`, { token });
      expect(after.status).toBe(401);
      expect(codes(after.json)).toEqual(["InvalidToken"]);
      expect(after.headers.get("www-authenticate")).toContain("invalid_token");
    }
    expect((await sessionsOf(member.id)).every((s) => s.revokedAt !== null)).toBe(true);
    const old = await login(system.name, member.name);
    expect(old.status).toBe(401);
    expect(codes(old.json)).toEqual(["InvalidCredentials"]);
    expect((await login(system.name, member.name, NEW_PASSWORD)).status).toBe(200);
    // the administrator's own session is untouched
    expect((await call(getUserRoute, `/api/users/${admin.id}`, { token: adminToken })).status).toBe(200);

    const [row] = await auditRows(system.id);
    expect(row).toMatchObject({ category: "User", operation: "Update", userId: admin.id });
    expect(row!.value).not.toContain(NEW_PASSWORD);
    expect(row!.value).not.toMatch(/argon2/);
  });

  it("deactivating ends the user's sessions and its login answers UserDisabled; reactivating lets it in again", async () => {
    const { system, member, adminToken } = await tenant();
    const memberToken = await tokenOf(system.name, member.name);
    const res = await put(adminToken, editBody(member, { isActive: false }));
    expect(res.status).toBe(200);
    expect(res.json.isActive).toBe(false);
    const after = await call(getUserRoute, `/api/users/${member.id}`, { token: memberToken });
    expect(after.status).toBe(401);
    expect(codes(after.json)).toEqual(["InvalidToken"]);
    const rows = await sessionsOf(member.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((s) => s.revokedAt !== null)).toBe(true);
    const disabled = await login(system.name, member.name);
    expect(disabled.status).toBe(403);
    expect(codes(disabled.json)).toEqual(["UserDisabled"]);

    const back = await put(adminToken, editBody(await storedUser(member.id), { isActive: true }));
    expect(back.status).toBe(200);
    expect((await login(system.name, member.name)).status).toBe(200);
    // the old session stays ended
    expect((await call(getUserRoute, `/api/users/${member.id}`, { token: memberToken })).status).toBe(401);
  });

  it("unlock: true lifts a lockout; an edit without it leaves the lock", async () => {
    const { system, member, adminToken } = await tenant();
    await lockOut(system.name, member.name);
    const read = await call(getUserRoute, `/api/users/${member.id}`, { token: adminToken });
    expect(read.json.isLockedOut).toBe(true);
    expect(read.json.lockoutEnd).not.toBeNull();

    const without = await put(adminToken, editBody(member, { fullName: "Still locked" }));
    expect(without.status).toBe(200);
    expect(without.json.isLockedOut).toBe(true);
    expect(codes((await login(system.name, member.name)).json)).toEqual(["UserLockedOut"]);

    const res = await put(adminToken, editBody(member, { unlock: true }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ isLockedOut: false, lockoutEnd: null });
    const stored = await storedUser(member.id);
    expect(stored.lockoutEnd).toBeNull();
    expect(stored.failedAccessCount).toBe(0);
    expect((await login(system.name, member.name)).status).toBe(200);
    const [row] = await auditRows(system.id);
    expect(JSON.parse(row!.value)).toMatchObject({ id: member.id, unlocked: true });
  });

  it("refuses an e-mail or a password for a CSB user with 400 InvalidCsbUserOperation", async () => {
    const { system, adminToken } = await tenant();
    const csb = await makeUser({ systemId: system.id, type: "CSB", roles: ["JobCreator"], emailAddress: null });
    const before = (await auditRows(system.id)).length;
    for (const overrides of [
      { emailAddress: "csb@example.com" },
      { password: NEW_PASSWORD },
      { emailAddress: "csb@example.com", password: NEW_PASSWORD },
    ]) {
      const res = await put(adminToken, editBody(csb, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(codes(res.json), JSON.stringify(overrides)).toEqual(["InvalidCsbUserOperation"]);
    }
    const stored = await storedUser(csb.id);
    expect(stored.emailAddress).toBeNull();
    expect(stored.passwordHash).toBe(csb.passwordHash);
    expect(await auditRows(system.id)).toHaveLength(before);

    const ok = await put(adminToken, editBody(csb, { fullName: "Content User", roles: ["JobManager"], emailAddress: "" }));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      type: "CSB",
      fullName: "Content User",
      emailAddress: null,
      roles: ["JobManager", "Everybody"],
    });
  });

  it("answers 409 UserAlreadyExists for a name taken in the system; other systems and the own name are fine", async () => {
    const { system, member, adminToken } = await tenant();
    const peer = await makeUser({ systemId: system.id });
    const res = await put(adminToken, editBody(member, { name: peer.name }));
    expect(res.status).toBe(409);
    expect(res.json.errors).toEqual([
      { code: "UserAlreadyExists", message: `A user named ${peer.name} already exists.`, messageParameter: { name: peer.name } },
    ]);
    expect((await storedUser(member.id)).name).toBe(member.name);

    const other = await tenant();
    const elsewhere = await put(adminToken, editBody(member, { name: other.member.name }));
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.json.name).toBe(other.member.name);
    const same = await put(adminToken, editBody(await storedUser(member.id), { fullName: "Same name" }));
    expect(same.status).toBe(200);
  });

  it("answers 409 EmailInUse for an address used by another user of the system, whatever its case", async () => {
    const { system, member, adminToken } = await tenant();
    const peer = await makeUser({ systemId: system.id, emailAddress: `${uniqueName("peer")}@example.com` });
    for (const emailAddress of [peer.emailAddress!, peer.emailAddress!.toUpperCase()]) {
      const res = await put(adminToken, editBody(member, { emailAddress }));
      expect(res.status, emailAddress).toBe(409);
      expect(codes(res.json)).toEqual(["EmailInUse"]);
    }
    expect((await storedUser(member.id)).emailAddress).toBe(member.emailAddress);
    // its own address, in another case, and an address used only in another system are free
    const own = await put(adminToken, editBody(member, { emailAddress: member.emailAddress!.toUpperCase() }));
    expect(own.status).toBe(200);
    const other = await tenant();
    const elsewhere = await put(adminToken, editBody(member, { emailAddress: other.member.emailAddress }));
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.json.emailAddress).toBe(other.member.emailAddress);
  });

  it("refuses an invalid e-mail, name or language with 400 and its key", async () => {
    const { member, adminToken } = await tenant();
    const cases: [Record<string, unknown>, string][] = [
      [{ emailAddress: "not-an-email" }, "InvalidEmail"],
      [{ name: "bad name" }, "InvalidUserName"],
      [{ name: "" }, "MissingUserName"],
      [{ language: "fr-FR" }, "InvalidLanguage"],
      [{ id: "not-a-uuid" }, "InvalidId"],
    ];
    for (const [overrides, code] of cases) {
      const res = await put(adminToken, editBody(member, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(codes(res.json), JSON.stringify(overrides)).toContain(code);
    }
    expect(await storedUser(member.id)).toMatchObject({
      name: member.name,
      emailAddress: member.emailAddress,
      language: "en-US",
    });
  });

  it("records the deputy when a SystemsAdmin of the Supersystem edits a tenant user", async () => {
    const { system, member } = await tenant();
    const { user: deputy, token } = await superUser(["SystemsAdmin"]);
    const res = await put(token, editBody(member, { fullName: "Edited by deputy", roles: ["ReportManager"] }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ fullName: "Edited by deputy", roles: ["ReportManager", "Everybody"] });
    const [row] = await auditRows(system.id);
    expect(row).toMatchObject({
      category: "User",
      operation: "Update",
      systemId: system.id,
      userId: deputy.id,
      username: deputy.name,
      deputy: system.name,
    });
    expect(JSON.parse(row!.value)).toMatchObject({ id: member.id, fullName: "Edited by deputy" });
  });

  it("a SystemsAdmin may not edit admin users of the Supersystem, its own system (403)", async () => {
    const { token } = await superUser(["SystemsAdmin"]);
    const sup = await supersystem();
    const target = await makeUser({ systemId: sup.id, roles: ["ReportAdmin"], type: "Super" });
    const res = await put(token, editBody(target, { roles: ["ReportAdmin", "SuperAdmin"] }));
    expect(res.status).toBe(403);
    expect(codes(res.json)).toEqual(["AccessDenied"]);
    expect((await storedUser(target.id)).roles).toEqual(["ReportAdmin"]);
  });
});

describe("the last active SuperAdmin", () => {
  it("the seeded admin counts: a SuperAdmin may demote and deactivate other SuperAdmins while active ones remain", async () => {
    const sup = await supersystem();
    const [seeded] = await getDb().then((db) =>
      db
        .select()
        .from(users)
        .where(and(eq(users.systemId, sup.id), eq(users.name, "admin"))),
    );
    expect(seeded).toMatchObject({ isActive: true, roles: ["SuperAdmin"] });
    const { user: caller, token } = await superUser(["SuperAdmin"]);
    const a = await makeUser({ systemId: sup.id, roles: ["SuperAdmin"], type: "Super" });
    const b = await makeUser({ systemId: sup.id, roles: ["SuperAdmin"], type: "Super" });
    // SuperAdmins of earlier tests are set aside, so the count below is exact
    const guard = await onlyTheseSuperAdmins([seeded!.id, caller.id, a.id, b.id]);
    try {
      const demoted = await put(token, editBody(a, { roles: ["ReportAdmin"] }));
      expect(demoted.status).toBe(200);
      expect(demoted.json.roles).toEqual(["ReportAdmin", "Everybody"]);
      const deactivated = await put(token, editBody(b, { isActive: false }));
      expect(deactivated.status).toBe(200);
      expect(deactivated.json.isActive).toBe(false);
      // the seeded admin itself may go too, the caller stays
      const seededDemoted = await put(token, editBody(seeded!, { roles: ["ReportAdmin"] }));
      expect(seededDemoted.status).toBe(200);
      expect(await activeSuperAdmins()).toEqual([caller.id]);
      // restore the seeded admin for the other tests
      const restored = await put(token, editBody(await storedUser(seeded!.id), { roles: ["SuperAdmin"] }));
      expect(restored.status).toBe(200);
    } finally {
      await guard.restore();
    }
  });

  it("cannot be demoted, deactivated or deleted by a caller whose own SuperAdmin role went meanwhile (409 LastSuperAdmin)", async () => {
    // The service checks the rule inside the change; here the caller is the one a request carried
    // after its token was checked, while its user lost the role before the change ran.
    const db = await getDb();
    const sup = await supersystem();
    const last = await makeUser({ systemId: sup.id, roles: ["SuperAdmin"], type: "Super" });
    const former = await makeUser({ systemId: sup.id, roles: ["ReportAdmin"], type: "Super" });
    const guard = await onlyTheseSuperAdmins([last.id]);
    try {
      expect(await activeSuperAdmins()).toEqual([last.id]);
      const caller = callerFor(former, sup, ["SuperAdmin", "Everybody"]);
      for (const overrides of [{ roles: ["ReportAdmin"] }, { isActive: false }, { roles: [] }]) {
        const error = await updateUser(db, { caller, input: editBody(last, overrides) }).catch((e: unknown) => e);
        expect(error, JSON.stringify(overrides)).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe("LastSuperAdmin");
        expect((error as AppError).status).toBe(409);
      }
      const deleted = await deleteUser(db, { caller, userId: last.id }).catch((e: unknown) => e);
      expect(deleted).toBeInstanceOf(AppError);
      expect((deleted as AppError).code).toBe("LastSuperAdmin");
      expect(await storedUser(last.id)).toMatchObject({ isActive: true, roles: ["SuperAdmin"] });
      // other changes to the last SuperAdmin stay possible
      const renamed = await updateUser(db, { caller, input: editBody(last, { fullName: "Keeper" }) });
      expect(renamed.fullName).toBe("Keeper");
    } finally {
      await guard.restore();
    }
  });

  // Two SuperAdmins, the only active ones, remove each other at the same moment. Exactly one change
  // may win; the other request answers 409 LastSuperAdmin, or, when it started only after the winner's change,
  // 403 AccessDenied (its caller lost the role: its own system), 404 UserNotFound (its target was deleted) or
  // 401 (its caller was deleted or deactivated). Several rounds, since the requests must overlap to matter.
  const RACES: { label: string; first: "demote" | "deactivate" | "delete"; second: "demote" | "deactivate" | "delete" }[] = [
    { label: "demoting each other", first: "demote", second: "demote" },
    { label: "deleting and deactivating each other", first: "delete", second: "deactivate" },
    { label: "deleting each other", first: "delete", second: "delete" },
  ];

  it.each(RACES)("two SuperAdmins $label at once leave one active SuperAdmin", async ({ first, second }) => {
    const act = (kind: "demote" | "deactivate" | "delete", token: string, target: User) =>
      kind === "delete"
        ? remove(token, target.id)
        : put(token, editBody(target, kind === "demote" ? { roles: ["ReportAdmin"] } : { isActive: false }));
    for (let round = 0; round < 6; round++) {
      const a = await superUser(["SuperAdmin"]);
      const b = await superUser(["SuperAdmin"]);
      const guard = await onlyTheseSuperAdmins([a.user.id, b.user.id]);
      try {
        const answers = await Promise.all([act(first, a.token, b.user), act(second, b.token, a.user)]);
        const detail = `round ${round}: ${JSON.stringify(answers.map((r) => [r.status, r.json?.errors?.[0]?.code]))}`;
        expect(
          answers.filter((r) => r.status === 200 || r.status === 204),
          detail,
        ).toHaveLength(1);
        const refused = answers.find((r) => r.status >= 400)!;
        const expected: Record<number, string> = {
          409: "LastSuperAdmin",
          403: "AccessDenied",
          404: "UserNotFound",
          401: "InvalidToken",
        };
        expect(Object.keys(expected).map(Number), detail).toContain(refused.status);
        if (refused.status !== 401) expect(refused.json.errors[0].code, detail).toBe(expected[refused.status]);
        if (refused.status === 409) {
          expect(refused.json.errors, detail).toEqual([
            { code: "LastSuperAdmin", message: "The last active super administrator cannot be removed.", messageParameter: null },
          ]);
        }
        expect(await activeSuperAdmins(), detail).toHaveLength(1);
      } finally {
        await guard.restore();
      }
    }
  });
});

describe("DELETE /api/users/{id}", () => {
  it("an Administrator deletes a user of its system: gone, sessions end, audit row Delete", async () => {
    const { system, admin, member, adminToken } = await tenant();
    const memberToken = await tokenOf(system.name, member.name);
    const before = (await auditRows(system.id)).length;
    const res = await remove(adminToken, member.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");

    expect(await findStored(member.id)).toBeUndefined();
    const read = await call(getUserRoute, `/api/users/${member.id}`, { token: adminToken });
    expect(read.status).toBe(404);
    expect(codes(read.json)).toEqual(["UserNotFound"]);
    const session = await call(getUserRoute, `/api/users/${member.id}`, { token: memberToken });
    expect(session.status).toBe(401);
    expect(session.headers.get("www-authenticate")).toContain("invalid_token");
    expect(await sessionsOf(member.id)).toHaveLength(0);
    expect(codes((await login(system.name, member.name)).json)).toEqual(["InvalidCredentials"]);

    const rows = await auditRows(system.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({
      category: "User",
      operation: "Delete",
      systemId: system.id,
      userId: admin.id,
      username: admin.name,
      deputy: null,
    });
    expect(JSON.parse(rows[0]!.value)).toEqual({ id: member.id, name: member.name });

    const again = await remove(adminToken, member.id);
    expect(again.status).toBe(404);
    expect(codes(again.json)).toEqual(["UserNotFound"]);
  });

  it("refuses the caller's own user with 403 OwnUserNotEditable", async () => {
    const { system, admin, adminToken } = await tenant();
    const res = await remove(adminToken, admin.id);
    expect(res.status).toBe(403);
    expect(codes(res.json)).toEqual(["OwnUserNotEditable"]);
    expect(await findStored(admin.id)).toBeDefined();
    expect((await call(getUserRoute, `/api/users/${admin.id}`, { token: adminToken })).status).toBe(200);
    const own = await superUser(["SuperAdmin"]);
    const self = await remove(own.token, own.user.id);
    expect(self.status).toBe(403);
    expect(codes(self.json)).toEqual(["OwnUserNotEditable"]);
    expect((await auditRows(system.id)).some((r) => r.operation === "Delete")).toBe(false);
  });

  it("answers 404 to another tenant's Administrator, 403 to a JobManager of the system, and deletes nothing", async () => {
    const { system, member } = await tenant();
    const other = await tenant();
    const jobManager = await makeUser({ systemId: system.id, roles: ["JobManager"] });
    const jmToken = await tokenOf(system.name, jobManager.name);
    const foreign = await remove(other.adminToken, member.id);
    expect([foreign.status, codes(foreign.json)]).toEqual([404, ["UserNotFound"]]);
    const own = await remove(jmToken, member.id);
    expect([own.status, codes(own.json)]).toEqual([403, ["AccessDenied"]]);
    expect(await findStored(member.id)).toBeDefined();
    expect((await auditRows(system.id)).some((r) => r.operation === "Delete")).toBe(false);
  });

  it("answers 404 for an unknown id and 400 InvalidId for a malformed one", async () => {
    const { adminToken } = await tenant();
    const unknown = await remove(adminToken, UNKNOWN_ID);
    expect(unknown.status).toBe(404);
    expect(codes(unknown.json)).toEqual(["UserNotFound"]);
    const malformed = await remove(adminToken, "not-a-uuid");
    expect(malformed.status).toBe(400);
    expect(codes(malformed.json)).toEqual(["InvalidId"]);
    const anonymous = await call(deleteUserRoute, `/api/users/${UNKNOWN_ID}`, { method: "DELETE" });
    expect(anonymous.status).toBe(401);
  });

  it("records the deputy when a SuperAdmin of the Supersystem deletes a tenant user", async () => {
    const { system, member } = await tenant();
    const { user: deputy, token } = await superUser(["SuperAdmin"]);
    const res = await remove(token, member.id);
    expect(res.status).toBe(204);
    const [row] = await auditRows(system.id);
    expect(row).toMatchObject({ operation: "Delete", userId: deputy.id, username: deputy.name, deputy: system.name });
  });

  it("a SuperAdmin deletes another SuperAdmin while active ones remain", async () => {
    const sup = await supersystem();
    const { token } = await superUser(["SuperAdmin"]);
    const target = await makeUser({ systemId: sup.id, roles: ["SuperAdmin"], type: "Super" });
    const res = await remove(token, target.id);
    expect(res.status).toBe(204);
    expect(await findStored(target.id)).toBeUndefined();
  });
});

describe("GET /api/systems/{id}/users and /userNames", () => {
  it("an Administrator lists every user of its system, and only those, without password data", async () => {
    const { system, admin, member, adminToken } = await tenant();
    const extra = await makeUser({ systemId: system.id, roles: ["MonitorUser", "ReportManager"], language: "de-DE" });
    const other = await tenant();
    const res = await call(getSystemUsers, `/api/systems/${system.id}/users`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    const names = res.json.map((u: { name: string }) => u.name);
    expect(names).toEqual([admin.name, extra.name, member.name].sort());
    expect(names).not.toContain(other.member.name);
    for (const user of res.json) expect(ZUser.safeParse(user).success, JSON.stringify(user)).toBe(true);
    expect(res.json.find((u: { id: string }) => u.id === member.id)).toEqual({
      id: member.id,
      name: member.name,
      systemId: system.id,
      systemName: system.name,
      fullName: "Member Person",
      emailAddress: member.emailAddress,
      isActive: true,
      roles: ["JobCreator", "Everybody"],
      language: "en-US",
      requiresPasswordChange: false,
      type: "Local",
      isLockedOut: false,
      lockoutEnd: null,
    });
    expect(res.json.find((u: { id: string }) => u.id === extra.id).roles).toEqual(["MonitorUser", "ReportManager", "Everybody"]);
    expect(res.text).not.toMatch(/argon2|passwordHash/i);
  });

  it("shows the lock of a locked-out user in the list", async () => {
    const { system, member, adminToken } = await tenant();
    await lockOut(system.name, member.name);
    const res = await call(getSystemUsers, `/api/systems/${system.id}/users`, { token: adminToken });
    const row = res.json.find((u: { id: string }) => u.id === member.id);
    expect(row.isLockedOut).toBe(true);
    expect(Date.parse(row.lockoutEnd)).toBeGreaterThan(Date.now());
  });

  it("userNames answers the sorted names to anyone working in the system", async () => {
    const { system, admin, member, adminToken } = await tenant();
    const monitor = await makeUser({ systemId: system.id, roles: ["MonitorUser"] });
    const expected = [admin.name, member.name, monitor.name].sort();
    for (const token of [adminToken, await tokenOf(system.name, monitor.name), await tokenOf(system.name, member.name)]) {
      const res = await call(getUserNames, `/api/systems/${system.id}/userNames`, { token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual(expected);
    }
  });

  it("answers 404 SystemNotFound to another tenant's Administrator and for an unknown id, 400 for a malformed id", async () => {
    const { system, adminToken } = await tenant();
    const other = await tenant();
    for (const handler of [getSystemUsers, getUserNames]) {
      const suffix = handler === getSystemUsers ? "users" : "userNames";
      const foreign = await call(handler, `/api/systems/${system.id}/${suffix}`, { token: other.adminToken });
      expect(foreign.status, suffix).toBe(404);
      expect(foreign.json.errors, suffix).toEqual([
        { code: "SystemNotFound", message: "The system was not found.", messageParameter: null },
      ]);
      const unknown = await call(handler, `/api/systems/${UNKNOWN_ID}/${suffix}`, { token: adminToken });
      expect(unknown.status, suffix).toBe(404);
      expect(codes(unknown.json), suffix).toEqual(["SystemNotFound"]);
      for (const id of ["not-a-uuid", "1", "00000000-0000-4000-8000-00000000000Z"]) {
        const malformed = await call(handler, `/api/systems/${id}/${suffix}`, { token: adminToken });
        expect(malformed.status, `${suffix} ${id}`).toBe(400);
        expect(codes(malformed.json), `${suffix} ${id}`).toEqual(["InvalidId"]);
      }
      const anonymous = await call(handler, `/api/systems/${system.id}/${suffix}`);
      expect(anonymous.status, suffix).toBe(401);
      expect(codes(anonymous.json), suffix).toEqual(["MissingToken"]);
    }
  });

  it("the users of a tenant are not listed to its JobManager or MonitorUser (403 AccessDenied: their own system)", async () => {
    const { system } = await tenant();
    for (const role of ["JobManager", "MonitorUser"] as const) {
      const user = await makeUser({ systemId: system.id, roles: [role] });
      const res = await call(getSystemUsers, `/api/systems/${system.id}/users`, { token: await tokenOf(system.name, user.name) });
      expect(res.status, role).toBe(403);
      expect(codes(res.json), role).toEqual(["AccessDenied"]);
    }
  });

  it("the Supersystem's users are listed to a SuperAdmin only (its SystemsAdmin 403); a tenant Administrator gets 404", async () => {
    const sup = await supersystem();
    const { token } = await superUser(["SuperAdmin"]);
    const res = await call(getSystemUsers, `/api/systems/${sup.id}/users`, { token });
    expect(res.status).toBe(200);
    expect(res.json.map((u: { name: string }) => u.name)).toContain("admin");
    const systemsAdmin = await superUser(["SystemsAdmin"]);
    const denied = await call(getSystemUsers, `/api/systems/${sup.id}/users`, { token: systemsAdmin.token });
    expect(denied.status).toBe(403);
    expect(codes(denied.json)).toEqual(["AccessDenied"]);
    const { adminToken } = await tenant();
    for (const handler of [getSystemUsers, getUserNames]) {
      const path = `/api/systems/${sup.id}/${handler === getSystemUsers ? "users" : "userNames"}`;
      const foreign = await call(handler, path, { token: adminToken });
      expect(foreign.status, path).toBe(404);
      expect(codes(foreign.json), path).toEqual(["SystemNotFound"]);
    }
  });
});

describe("permission matrix for a tenant user", () => {
  type Row = {
    label: string;
    /** where the caller lives: the Supersystem, the tenant of the target, or another tenant */
    home: "super" | "tenant" | "other";
    roles: User["roles"];
    /** may read, change, delete and send reset links to the tenant's users, and list them */
    manages: boolean;
    /** may read the tenant's user names */
    names: boolean;
  };
  const MATRIX: Row[] = [
    { label: "SuperAdmin (Supersystem)", home: "super", roles: ["SuperAdmin"], manages: true, names: true },
    { label: "SystemsAdmin (Supersystem)", home: "super", roles: ["SystemsAdmin"], manages: true, names: true },
    { label: "Administrator", home: "tenant", roles: ["Administrator"], manages: true, names: true },
    { label: "JobManager", home: "tenant", roles: ["JobManager"], manages: false, names: true },
    { label: "MonitorUser", home: "tenant", roles: ["MonitorUser"], manages: false, names: true },
    { label: "ReportAdmin (Supersystem)", home: "super", roles: ["ReportAdmin"], manages: false, names: false },
    { label: "Administrator of another tenant", home: "other", roles: ["Administrator"], manages: false, names: false },
  ];

  /** Within the caller's own system a refusal is 403; anywhere else the target's 404, as if it did not exist. */
  function expectRefused(res: { status: number; json: { errors: ErrorItem[] } }, row: Row, notFound: string) {
    const expected = row.home === "tenant" ? [403, ["AccessDenied"]] : [404, [notFound]];
    expect([res.status, codes(res.json)], row.label).toEqual(expected);
  }

  it.each(MATRIX)("$label", async (row) => {
    const system = await makeSystem();
    const sup = await supersystem();
    const otherSystem = row.home === "other" ? await makeSystem() : undefined;
    const home = row.home === "super" ? sup : row.home === "tenant" ? system : otherSystem!;
    const callerUser = await makeUser({ systemId: home.id, roles: row.roles, type: row.home === "super" ? "Super" : "Local" });
    const token = await tokenOf(home.name, callerUser.name);
    const target = await makeUser({ systemId: system.id, roles: ["JobCreator"], emailAddress: `${uniqueName("t")}@example.com` });
    const deputy = row.home === "super" ? system.name : null;

    // GET /api/users/{id}
    const read = await call(getUserRoute, `/api/users/${target.id}`, { token });
    if (row.manages) {
      expect(read.status).toBe(200);
      expect(read.json.id).toBe(target.id);
    } else {
      expectRefused(read, row, "UserNotFound");
    }

    // PUT /api/users
    const edited = await put(token, editBody(target, { fullName: "Matrix edit", roles: ["JobManager"] }));
    if (row.manages) {
      expect(edited.status).toBe(200);
      expect(edited.json).toMatchObject({ fullName: "Matrix edit", roles: ["JobManager", "Everybody"] });
      const [audit] = await auditRows(system.id);
      expect(audit).toMatchObject({ operation: "Update", userId: callerUser.id, deputy });
    } else {
      expectRefused(edited, row, "UserNotFound");
      expect(await storedUser(target.id)).toMatchObject({ fullName: target.fullName, roles: ["JobCreator"] });
    }

    // POST /api/users/{id}/password/reset (send a reset link; no SMTP host here, the mail is logged)
    const link = await call(postResetLink, `/api/users/${target.id}/password/reset`, { method: "POST", token });
    if (row.manages) {
      expect(link.status).toBe(204);
    } else {
      expectRefused(link, row, "UserNotFound");
    }

    // GET /api/systems/{id}/users
    const list = await call(getSystemUsers, `/api/systems/${system.id}/users`, { token });
    if (row.manages) {
      expect(list.status).toBe(200);
      expect(list.json.map((u: { id: string }) => u.id)).toContain(target.id);
    } else {
      expectRefused(list, row, "SystemNotFound");
    }

    // GET /api/systems/{id}/userNames
    const names = await call(getUserNames, `/api/systems/${system.id}/userNames`, { token });
    if (row.names) {
      expect(names.status).toBe(200);
      expect(names.json).toContain(target.name);
    } else {
      expectRefused(names, row, "SystemNotFound");
    }

    // DELETE /api/users/{id}
    const removed = await remove(token, target.id);
    if (row.manages) {
      expect(removed.status).toBe(204);
      expect(await findStored(target.id)).toBeUndefined();
      const [audit] = await auditRows(system.id);
      expect(audit).toMatchObject({ operation: "Delete", userId: callerUser.id, deputy });
    } else {
      expectRefused(removed, row, "UserNotFound");
      expect(await findStored(target.id)).toBeDefined();
    }
  });
});
