import { and, desc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getResetByName } from "@/app/api/users/[userId]/[userName]/password/reset/route";
import { POST as postEmailChange } from "@/app/api/users/[userId]/email/change/route";
import { POST as postEmailViaLink } from "@/app/api/users/[userId]/email/changeViaLink/route";
import { POST as postPasswordChange } from "@/app/api/users/[userId]/password/change/route";
import { POST as postPasswordViaLink } from "@/app/api/users/[userId]/password/changeViaLink/route";
import { GET as getResetById, POST as postReset } from "@/app/api/users/[userId]/password/reset/route";
import { GET as getUserRoute } from "@/app/api/users/[userId]/route";
import { auditTrail, type User, users, userTokens } from "@/db/schema";
import { sealSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { patchServiceConfig } from "@/lib/settings/store";
import de from "@/messages/de-DE.json";
import en from "@/messages/en-US.json";
import { codes, login, tokenOf } from "../helpers/api";
import { makeSystem, makeUser, PASSWORD, uniqueName } from "../helpers/factories";
import { call } from "../helpers/http";
import { closedPort, firstLink, type ReceivedMail, startSmtp, type TestSmtpServer } from "../helpers/smtp";

const NEW_PASSWORD = "Fresh-Passw0rd";
const OTHER_PASSWORD = "Other-Passw0rd";
const WRONG_PASSWORD = "Wrong-Passw0rd";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
/** how long to wait before concluding that no mail comes */
const QUIET_MS = 500;

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtp();
  await patchServiceConfig(await getDb(), { eMailHost: `127.0.0.1:${smtp.port}`, serviceUrl: "" });
});

afterAll(async () => {
  await smtp?.close();
});

function uniqueEmail(prefix = "mail"): string {
  return `${uniqueName(prefix)}@example.com`;
}

/** A system with a signed-in Administrator and a user with an e-mail address. */
async function tenant(member: Partial<User> = {}) {
  const system = await makeSystem();
  const admin = await makeUser({ systemId: system.id, roles: ["Administrator"] });
  const user = await makeUser({ systemId: system.id, roles: ["JobCreator"], emailAddress: uniqueEmail(), ...member });
  const adminToken = await tokenOf(system.name, admin.name);
  return { system, admin, user, adminToken };
}

async function storedUser(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`user ${id} missing`);
  return row;
}

async function tokensOf(userId: string) {
  const db = await getDb();
  return db.select().from(userTokens).where(eq(userTokens.userId, userId));
}

async function unusedTokensOf(userId: string) {
  const db = await getDb();
  return db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt)));
}

async function auditRows(systemId: string) {
  const db = await getDb();
  return db.select().from(auditTrail).where(eq(auditTrail.systemId, systemId)).orderBy(desc(auditTrail.id));
}

function mailTo(address: string): Promise<ReceivedMail> {
  return smtp.waitFor((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

function mailsTo(address: string): ReceivedMail[] {
  return smtp.messages.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

function quiet(ms = QUIET_MS): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** userName and token of a reset link: http://localhost/reset/{userName}/{token} */
function resetLink(mail: ReceivedMail): { userName: string; token: string; link: string } {
  const link = firstLink(mail.text);
  const match = /^http:\/\/localhost\/reset\/([^/]+)\/([A-Za-z0-9_-]+)$/.exec(link);
  if (!match) throw new Error(`not a reset link: ${link}`);
  return { userName: decodeURIComponent(match[1]!), token: match[2]!, link };
}

function sendResetLink(token: string, userId: string) {
  return call(postReset, `/api/users/${userId}/password/reset`, { method: "POST", token });
}

function resetWithToken(userName: string, body: Record<string, unknown>) {
  return call(postReset, `/api/users/${encodeURIComponent(userName)}/password/reset`, { method: "POST", body });
}

function forgotByName(systemName: string, userName: string, email?: string) {
  const query = email === undefined ? "" : `?email=${encodeURIComponent(email)}`;
  return call(
    getResetByName,
    `/api/users/${encodeURIComponent(systemName)}/${encodeURIComponent(userName)}/password/reset${query}`,
  );
}

async function withConfig<T>(
  patch: Parameters<typeof patchServiceConfig>[1],
  restore: Parameters<typeof patchServiceConfig>[1],
  body: () => Promise<T>,
) {
  const db = await getDb();
  await patchServiceConfig(db, patch);
  try {
    return await body();
  } finally {
    await patchServiceConfig(db, restore);
  }
}

describe("the test SMTP server", () => {
  it("authenticates with the configured user and the sealed password; the sender is that user", async () => {
    const { user, adminToken } = await tenant();
    await withConfig(
      { eMailUser: "mailer@example.com", eMailPasswordSealed: sealSecret("smtp-Secret1") },
      { eMailUser: "", eMailPasswordSealed: null },
      async () => {
        const res = await sendResetLink(adminToken, user.id);
        expect(res.status).toBe(204);
        const mail = await mailTo(user.emailAddress!);
        expect(mail.user).toBe("mailer@example.com");
        expect(smtp.auths).toContainEqual({ method: "PLAIN", username: "mailer@example.com" });
        expect(mail.from).toBe("mailer@example.com");
        expect(mail.headers.from).toContain("mailer@example.com");
      },
    );
  });
});

describe("an administrator sends a reset link (POST /api/users/{id}/password/reset)", () => {
  it("mails the link to the user's address, in English for an en-US user", async () => {
    const { system, admin, user, adminToken } = await tenant({ fullName: "Anna Example" });
    const res = await sendResetLink(adminToken, user.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const mail = await mailTo(user.emailAddress!);
    expect(mail.to).toEqual([user.emailAddress]);
    expect(mail.subject).toBe(en.mail.resetPasswordSubject);
    expect(mail.text).toContain("Hello Anna Example");
    expect(mail.text).toContain(system.name);
    const { userName, token } = resetLink(mail);
    expect(userName).toBe(user.name);
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const [row] = await auditRows(system.id);
    expect(row).toMatchObject({ category: "User", operation: "Update", userId: admin.id, username: admin.name });
    expect(JSON.parse(row!.value)).toMatchObject({ id: user.id, name: user.name });
    expect(row!.value).not.toContain(token);
  });

  it("records in the audit trail that a reset link was issued (with its token, before the mail goes out)", async () => {
    const { system, user, adminToken } = await tenant();
    expect((await sendResetLink(adminToken, user.id)).status).toBe(204);
    const [row] = await auditRows(system.id);
    // a flag, not a secret: the trail must say what happened
    expect(JSON.parse(row!.value)).toEqual({ id: user.id, name: user.name, passwordResetLink: "issued" });
  });

  it("writes in German to a de-DE user (messages/de-DE.json, namespace mail)", async () => {
    const { user, adminToken } = await tenant({ language: "de-DE", fullName: "Jürgen Müller" });
    expect((await sendResetLink(adminToken, user.id)).status).toBe(204);
    const mail = await mailTo(user.emailAddress!);
    expect(de.mail.resetPasswordSubject).not.toBe(en.mail.resetPasswordSubject);
    expect(mail.subject).toBe(de.mail.resetPasswordSubject);
    expect(mail.text).toContain("Hallo Jürgen Müller");
    expect(mail.text).toContain("Der Link funktioniert einmal");
    expect(resetLink(mail).userName).toBe(user.name);
  });

  it("the link sets the password once, lifts a lockout and the must-change flag, and ends the user's sessions", async () => {
    const { system, user, adminToken } = await tenant({ requiresPasswordChange: true });
    const session = await tokenOf(system.name, user.name);
    for (let i = 0; i < 3; i++) await login(system.name, user.name, WRONG_PASSWORD);
    expect(codes((await login(system.name, user.name)).json)).toEqual(["UserLockedOut"]);

    expect((await sendResetLink(adminToken, user.id)).status).toBe(204);
    const { userName, token } = resetLink(await mailTo(user.emailAddress!));
    const res = await resetWithToken(userName, { token, newPassword: NEW_PASSWORD });
    expect(res.status, JSON.stringify(res.json)).toBe(204);

    const stored = await storedUser(user.id);
    expect(stored.lockoutEnd).toBeNull();
    expect(stored.failedAccessCount).toBe(0);
    expect(stored.requiresPasswordChange).toBe(false);
    const fresh = await login(system.name, user.name, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect(fresh.json.requiresPasswordChange).toBe(false);
    const old = await login(system.name, user.name);
    expect(old.status).toBe(401);
    expect(codes(old.json)).toEqual(["InvalidCredentials"]);
    expect((await call(getUserRoute, `/api/users/${user.id}`, { token: session })).status).toBe(401);

    const again = await resetWithToken(userName, { token, newPassword: OTHER_PASSWORD });
    expect(again.status).toBe(400);
    expect(again.json.errors).toEqual([
      { code: "LinkInvalid", message: "The link is invalid, already used or expired.", messageParameter: null },
    ]);
    expect((await login(system.name, user.name, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers 400 LinkInvalid for the token under another user name; it still works for its own", async () => {
    const { system, user, adminToken } = await tenant();
    const other = await makeUser({ systemId: system.id, emailAddress: uniqueEmail() });
    expect((await sendResetLink(adminToken, user.id)).status).toBe(204);
    const { token } = resetLink(await mailTo(user.emailAddress!));
    for (const name of [other.name, "nobody", user.name.toUpperCase()]) {
      const res = await resetWithToken(name, { token, newPassword: NEW_PASSWORD });
      expect(res.status, name).toBe(400);
      expect(codes(res.json), name).toEqual(["LinkInvalid"]);
    }
    expect((await login(system.name, other.name)).status).toBe(200);
    expect((await resetWithToken(user.name, { token, newPassword: NEW_PASSWORD })).status).toBe(204);
  });

  it("answers 400 LinkInvalid for an expired token and for a made-up one", async () => {
    const { system, user, adminToken } = await tenant();
    expect((await sendResetLink(adminToken, user.id)).status).toBe(204);
    const { token } = resetLink(await mailTo(user.emailAddress!));
    const db = await getDb();
    await db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user.id));
    const expired = await resetWithToken(user.name, { token, newPassword: NEW_PASSWORD });
    expect(expired.status).toBe(400);
    expect(codes(expired.json)).toEqual(["LinkInvalid"]);
    const madeUp = await resetWithToken(user.name, { token: "A".repeat(43), newPassword: NEW_PASSWORD });
    expect(madeUp.status).toBe(400);
    expect(codes(madeUp.json)).toEqual(["LinkInvalid"]);
    expect((await login(system.name, user.name)).status).toBe(200);
  });

  it("answers the rule keys for an invalid new password and does not use up the token", async () => {
    const { system, user, adminToken } = await tenant();
    expect((await sendResetLink(adminToken, user.id)).status).toBe(204);
    const { token } = resetLink(await mailTo(user.emailAddress!));
    const weak = await resetWithToken(user.name, { token, newPassword: "abc" });
    expect(weak.status).toBe(400);
    expect(codes(weak.json).sort()).toEqual(["NoDigits", "NoNonAlphanumericChars", "NoUppercaseChars", "TooShort"]);
    const empty = await resetWithToken(user.name, { token, newPassword: "" });
    expect(empty.status).toBe(400);
    expect(codes(empty.json)).toEqual(["PasswordEmpty"]);
    expect((await login(system.name, user.name)).status).toBe(200);
    const res = await resetWithToken(user.name, { token, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(204);
    expect((await login(system.name, user.name, NEW_PASSWORD)).status).toBe(200);
  });

  it("a newer link replaces the older one", async () => {
    const { user, adminToken } = await tenant();
    expect((await sendResetLink(adminToken, user.id)).status).toBe(204);
    const first = resetLink(await mailTo(user.emailAddress!)).token;
    expect((await sendResetLink(adminToken, user.id)).status).toBe(204);
    await smtp.waitFor(() => mailsTo(user.emailAddress!).length === 2);
    const second = resetLink(mailsTo(user.emailAddress!)[1]!).token;
    expect(second).not.toBe(first);
    expect(codes((await resetWithToken(user.name, { token: first, newPassword: NEW_PASSWORD })).json)).toEqual(["LinkInvalid"]);
    expect((await resetWithToken(user.name, { token: second, newPassword: NEW_PASSWORD })).status).toBe(204);
  });

  it("refuses a user without an address (UserHasNoEmail), a CSB user, and anybody without the right to manage users", async () => {
    const { system, adminToken } = await tenant();
    const noMail = await makeUser({ systemId: system.id, emailAddress: null });
    const res = await sendResetLink(adminToken, noMail.id);
    expect(res.status).toBe(400);
    expect(codes(res.json)).toEqual(["UserHasNoEmail"]);
    const csb = await makeUser({ systemId: system.id, type: "CSB", emailAddress: uniqueEmail("csb") });
    const csbRes = await sendResetLink(adminToken, csb.id);
    expect(csbRes.status).toBe(400);
    expect(codes(csbRes.json)).toEqual(["InvalidCsbUserOperation"]);
    const peer = await makeUser({ systemId: system.id, roles: ["JobManager"], emailAddress: uniqueEmail() });
    const target = await makeUser({ systemId: system.id, emailAddress: uniqueEmail() });
    // a JobManager of the same system: 403; an Administrator of another: 404, as for an unknown user
    const denied = await sendResetLink(await tokenOf(system.name, peer.name), target.id);
    expect(denied.status).toBe(403);
    expect(codes(denied.json)).toEqual(["AccessDenied"]);
    const other = await tenant();
    const foreign = await sendResetLink(other.adminToken, target.id);
    expect([foreign.status, codes(foreign.json)]).toEqual([404, ["UserNotFound"]]);
    const malformed = await sendResetLink(adminToken, "not-a-uuid");
    expect(malformed.status).toBe(400);
    expect(codes(malformed.json)).toEqual(["InvalidId"]);
    await quiet();
    for (const address of [csb.emailAddress!, target.emailAddress!]) expect(mailsTo(address)).toHaveLength(0);
  });

  it("links point at the configured service URL when there is one", async () => {
    const { user, adminToken } = await tenant();
    await withConfig({ serviceUrl: "https://portal.example.com/" }, { serviceUrl: "" }, async () => {
      expect((await sendResetLink(adminToken, user.id)).status).toBe(204);
      const link = firstLink((await mailTo(user.emailAddress!)).text);
      expect(link).toMatch(new RegExp(`^https://portal\\.example\\.com/reset/${user.name}/[A-Za-z0-9_-]+$`));
    });
  });
});

describe("forgot password", () => {
  it("by system name, user name and e-mail (any case): 204 and a working reset link", async () => {
    const { system, user } = await tenant({ language: "de-DE" });
    const res = await forgotByName(system.name.toLowerCase(), user.name, user.emailAddress!.toUpperCase());
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const mail = await mailTo(user.emailAddress!);
    expect(mail.to).toEqual([user.emailAddress]);
    expect(mail.subject).toBe(de.mail.resetPasswordSubject);
    const { userName, token } = resetLink(mail);
    expect(userName).toBe(user.name);
    expect((await resetWithToken(userName, { token, newPassword: NEW_PASSWORD })).status).toBe(204);
    expect((await login(system.name, user.name, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers 204 and sends nothing when the e-mail does not match or the user is unknown or inactive", async () => {
    const { system, user } = await tenant();
    const inactive = await makeUser({ systemId: system.id, emailAddress: uniqueEmail(), isActive: false });
    const before = smtp.messages.length;
    const cases: [string, string, string][] = [
      [system.name, user.name, uniqueEmail("other")],
      [system.name, "nobody", user.emailAddress!],
      ["NoSuchSystem", user.name, user.emailAddress!],
      [system.name, user.name.toUpperCase(), user.emailAddress!],
      [system.name, inactive.name, inactive.emailAddress!],
    ];
    for (const [systemName, userName, email] of cases) {
      const res = await forgotByName(systemName, userName, email);
      expect(res.status, `${systemName}/${userName}/${email}`).toBe(204);
      expect(res.text).toBe("");
    }
    await quiet();
    expect(smtp.messages.length).toBe(before);
    expect(await tokensOf(user.id)).toHaveLength(0);
  });

  it("answers 400 MissingEmail without an e-mail", async () => {
    const { system, user } = await tenant();
    for (const email of [undefined, "", "   "]) {
      const res = await forgotByName(system.name, user.name, email);
      expect(res.status, String(email)).toBe(400);
      expect(codes(res.json), String(email)).toEqual(["MissingEmail"]);
    }
    await quiet(100);
    expect(mailsTo(user.emailAddress!)).toHaveLength(0);
  });

  it("by user id: 204 and a mail; an unknown id 204 and nothing; a malformed id 400", async () => {
    const { system, user } = await tenant();
    const res = await call(getResetById, `/api/users/${user.id}/password/reset`);
    expect(res.status).toBe(204);
    const { token } = resetLink(await mailTo(user.emailAddress!));
    expect((await resetWithToken(user.name, { token, newPassword: NEW_PASSWORD })).status).toBe(204);
    expect((await login(system.name, user.name, NEW_PASSWORD)).status).toBe(200);

    const before = smtp.messages.length;
    const unknown = await call(getResetById, `/api/users/${UNKNOWN_ID}/password/reset`);
    expect(unknown.status).toBe(204);
    const malformed = await call(getResetById, "/api/users/not-a-uuid/password/reset");
    expect(malformed.status).toBe(400);
    expect(codes(malformed.json)).toEqual(["MissingUserId"]);
    await quiet();
    expect(smtp.messages.length).toBe(before);
  });
});

describe("account password change (POST /api/users/{id}/password/change)", () => {
  function change(userId: string, token: string, body: Record<string, unknown>) {
    return call(postPasswordChange, `/api/users/${userId}/password/change`, { method: "POST", token, body });
  }

  function viaLink(userId: string, body: Record<string, unknown>) {
    return call(postPasswordViaLink, `/api/users/${userId}/password/changeViaLink`, { method: "POST", body });
  }

  it("without e-mail confirmation: changes at once and ends the sessions", async () => {
    const { system, user } = await tenant();
    const token = await tokenOf(system.name, user.name);
    const other = await tokenOf(system.name, user.name);
    const res = await change(user.id, token, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ result: "changed" });
    for (const t of [token, other]) expect((await call(getUserRoute, `/api/users/${user.id}`, { token: t })).status).toBe(401);
    expect((await login(system.name, user.name)).status).toBe(401);
    expect((await login(system.name, user.name, NEW_PASSWORD)).status).toBe(200);
    const [row] = await auditRows(system.id);
    expect(row).toMatchObject({ category: "User", operation: "Update", userId: user.id });
    expect(row!.value).not.toContain(NEW_PASSWORD);
    await quiet(100);
    expect(mailsTo(user.emailAddress!)).toHaveLength(0);
  });

  it("refuses a wrong or missing old password, a weak new one, and another user's id", async () => {
    const { system, user } = await tenant();
    const token = await tokenOf(system.name, user.name);
    const wrong = await change(user.id, token, { oldPassword: WRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(codes(wrong.json)).toEqual(["WrongOldPassword"]);
    for (const body of [{ newPassword: NEW_PASSWORD }, { oldPassword: "", newPassword: NEW_PASSWORD }]) {
      const missing = await change(user.id, token, body);
      expect(missing.status, JSON.stringify(body)).toBe(400);
      expect(codes(missing.json), JSON.stringify(body)).toEqual(["missingOldPassword"]);
    }
    const weak = await change(user.id, token, { oldPassword: PASSWORD, newPassword: "abc" });
    expect(weak.status).toBe(400);
    expect(codes(weak.json)).toContain("TooShort");

    const peer = await makeUser({ systemId: system.id, emailAddress: uniqueEmail() });
    const foreign = await change(peer.id, token, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(foreign.status).toBe(403);
    expect(codes(foreign.json)).toEqual(["AccessDenied"]);
    // a user of another system is 404, as an unknown one
    const stranger = await makeUser({ systemId: (await makeSystem()).id, emailAddress: uniqueEmail() });
    const elsewhere = await change(stranger.id, token, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect([elsewhere.status, codes(elsewhere.json)]).toEqual([404, ["UserNotFound"]]);
    expect((await login(system.name, peer.name)).status).toBe(200);
    expect((await login(system.name, user.name)).status).toBe(200);
    expect((await call(getUserRoute, `/api/users/${user.id}`, { token })).status).toBe(200);
  });

  it("with e-mail confirmation: only the old password, a mailed link sets the new one once", async () => {
    await withConfig({ isEmailConfirmationActive: true }, { isEmailConfirmationActive: false }, async () => {
      const { system, user } = await tenant({ language: "de-DE" });
      const token = await tokenOf(system.name, user.name);
      const res = await change(user.id, token, { oldPassword: PASSWORD });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toEqual({ result: "linkSent" });
      const mail = await mailTo(user.emailAddress!);
      expect(mail.subject).toBe(de.mail.changePasswordSubject);
      const link = firstLink(mail.text);
      const match = new RegExp(`^http://localhost/account/changePassword/${user.id}/([A-Za-z0-9_-]+)$`).exec(link);
      expect(match, link).not.toBeNull();
      const linkToken = match![1]!;
      // nothing changed yet
      expect((await login(system.name, user.name)).status).toBe(200);
      expect((await call(getUserRoute, `/api/users/${user.id}`, { token })).status).toBe(200);

      const weak = await viaLink(user.id, { token: linkToken, newPassword: "abc" });
      expect(weak.status).toBe(400);
      expect(codes(weak.json)).toContain("TooShort");
      const otherUser = await makeUser({ systemId: system.id });
      const wrongUser = await viaLink(otherUser.id, { token: linkToken, newPassword: NEW_PASSWORD });
      expect(wrongUser.status).toBe(400);
      expect(codes(wrongUser.json)).toEqual(["LinkInvalid"]);
      const unknownUser = await viaLink(UNKNOWN_ID, { token: linkToken, newPassword: NEW_PASSWORD });
      expect(codes(unknownUser.json)).toEqual(["LinkInvalid"]);

      const set = await viaLink(user.id, { token: linkToken, newPassword: NEW_PASSWORD });
      expect(set.status, JSON.stringify(set.json)).toBe(204);
      expect((await login(system.name, user.name, NEW_PASSWORD)).status).toBe(200);
      expect((await login(system.name, user.name)).status).toBe(401);
      expect((await call(getUserRoute, `/api/users/${user.id}`, { token })).status).toBe(401);
      const again = await viaLink(user.id, { token: linkToken, newPassword: OTHER_PASSWORD });
      expect(again.status).toBe(400);
      expect(codes(again.json)).toEqual(["LinkInvalid"]);
      expect((await login(system.name, user.name, NEW_PASSWORD)).status).toBe(200);
    });
  });

  it("with e-mail confirmation: a wrong old password sends nothing; a user without an address changes at once", async () => {
    await withConfig({ isEmailConfirmationActive: true }, { isEmailConfirmationActive: false }, async () => {
      const { system, user } = await tenant();
      const token = await tokenOf(system.name, user.name);
      const wrong = await change(user.id, token, { oldPassword: WRONG_PASSWORD });
      expect(wrong.status).toBe(400);
      expect(codes(wrong.json)).toEqual(["WrongOldPassword"]);
      await quiet();
      expect(mailsTo(user.emailAddress!)).toHaveLength(0);
      expect(await tokensOf(user.id)).toHaveLength(0);

      const noMail = await makeUser({ systemId: system.id, emailAddress: null });
      const noMailToken = await tokenOf(system.name, noMail.name);
      const res = await change(noMail.id, noMailToken, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ result: "changed" });
      expect((await login(system.name, noMail.name, NEW_PASSWORD)).status).toBe(200);
    });
  });

  it("a reset link's token does not work as a change-password link", async () => {
    const { user, adminToken } = await tenant();
    expect((await sendResetLink(adminToken, user.id)).status).toBe(204);
    const { token } = resetLink(await mailTo(user.emailAddress!));
    const res = await viaLink(user.id, { token, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(codes(res.json)).toEqual(["LinkInvalid"]);
    // and it still works where it belongs
    expect((await resetWithToken(user.name, { token, newPassword: NEW_PASSWORD })).status).toBe(204);
  });
});

describe("e-mail change", () => {
  function request(userId: string, token: string, body: Record<string, unknown>) {
    return call(postEmailChange, `/api/users/${userId}/email/change`, { method: "POST", token, body });
  }

  function confirm(userId: string, body: Record<string, unknown>) {
    return call(postEmailViaLink, `/api/users/${userId}/email/changeViaLink`, { method: "POST", body });
  }

  /** token of a confirmation link: /account/changeEmail/{userId}/{token}/{encoded e-mail} */
  function confirmationLink(mail: ReceivedMail, userId: string, email: string): string {
    const link = firstLink(mail.text);
    const match = /^http:\/\/localhost\/account\/changeEmail\/([^/]+)\/([A-Za-z0-9_-]+)\/([^/]+)$/.exec(link);
    expect(match, link).not.toBeNull();
    expect(match![1]).toBe(userId);
    expect(decodeURIComponent(match![3]!)).toBe(email);
    expect(match![3]).toBe(encodeURIComponent(email));
    return match![2]!;
  }

  it("mails a link to the new address; the address changes only when the link is used, once", async () => {
    const { system, user } = await tenant({ fullName: "Eve Example" });
    const token = await tokenOf(system.name, user.name);
    const newEmail = `${uniqueName("new")}+tag@example.com`;
    const res = await request(user.id, token, { password: PASSWORD, newEmail });
    expect(res.status, JSON.stringify(res.json)).toBe(204);
    const mail = await mailTo(newEmail);
    expect(mail.to).toEqual([newEmail]);
    expect(mail.subject).toBe(en.mail.changeEmailSubject);
    expect(mail.text).toContain(newEmail);
    const linkToken = confirmationLink(mail, user.id, newEmail);
    await quiet(100);
    expect(mailsTo(user.emailAddress!)).toHaveLength(0);
    expect((await storedUser(user.id)).emailAddress).toBe(user.emailAddress);

    const before = (await auditRows(system.id)).length;
    const done = await confirm(user.id, { token: linkToken, newEmail });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toEqual({ emailAddress: newEmail });
    expect((await storedUser(user.id)).emailAddress).toBe(newEmail);
    const read = await call(getUserRoute, `/api/users/${user.id}`, { token });
    expect(read.json.emailAddress).toBe(newEmail);
    const rows = await auditRows(system.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({ category: "User", operation: "Update", userId: user.id, username: user.name });
    expect(JSON.parse(rows[0]!.value)).toMatchObject({ id: user.id, emailAddress: newEmail });
    expect(rows[0]!.value).not.toContain(linkToken);

    const again = await confirm(user.id, { token: linkToken, newEmail });
    expect(again.status).toBe(400);
    expect(codes(again.json)).toEqual(["LinkInvalid"]);
  });

  it("answers 400 LinkInvalid for an address other than the one the link was issued for; the link still works", async () => {
    const { system, user } = await tenant();
    const token = await tokenOf(system.name, user.name);
    const newEmail = uniqueEmail("new");
    expect((await request(user.id, token, { password: PASSWORD, newEmail })).status).toBe(204);
    const linkToken = confirmationLink(await mailTo(newEmail), user.id, newEmail);
    const other = await confirm(user.id, { token: linkToken, newEmail: uniqueEmail("sneaky") });
    expect(other.status).toBe(400);
    expect(codes(other.json)).toEqual(["LinkInvalid"]);
    const wrongUser = await confirm(UNKNOWN_ID, { token: linkToken, newEmail });
    expect(codes(wrongUser.json)).toEqual(["LinkInvalid"]);
    expect((await storedUser(user.id)).emailAddress).toBe(user.emailAddress);
    const ok = await confirm(user.id, { token: linkToken, newEmail: newEmail.toUpperCase() });
    expect(ok.status).toBe(200);
  });

  it("refuses a wrong password (WrongPassword) and missing fields (MissingPassword / MissingEmail), sending nothing", async () => {
    const { system, user } = await tenant();
    const token = await tokenOf(system.name, user.name);
    const newEmail = uniqueEmail("new");
    const wrong = await request(user.id, token, { password: WRONG_PASSWORD, newEmail });
    expect(wrong.status).toBe(400);
    expect(codes(wrong.json)).toEqual(["WrongPassword"]);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ newEmail }, ["MissingPassword"]],
      [{ password: "", newEmail }, ["MissingPassword"]],
      [{ password: PASSWORD }, ["MissingEmail"]],
      [{ password: PASSWORD, newEmail: "" }, ["MissingEmail"]],
      [{}, ["MissingEmail", "MissingPassword"]],
      [{ password: PASSWORD, newEmail: "not-an-email" }, ["InvalidEmail"]],
    ];
    for (const [body, expected] of cases) {
      const res = await request(user.id, token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(codes(res.json).sort(), JSON.stringify(body)).toEqual(expected);
    }
    await quiet();
    expect(mailsTo(newEmail)).toHaveLength(0);
    expect(await tokensOf(user.id)).toHaveLength(0);
  });

  it("answers 409 EmailInUse for an address of another user of the system, at request and at confirmation", async () => {
    const { system, user } = await tenant();
    const peer = await makeUser({ systemId: system.id, emailAddress: uniqueEmail("peer") });
    const token = await tokenOf(system.name, user.name);
    for (const newEmail of [peer.emailAddress!, peer.emailAddress!.toUpperCase()]) {
      const res = await request(user.id, token, { password: PASSWORD, newEmail });
      expect(res.status, newEmail).toBe(409);
      expect(codes(res.json)).toEqual(["EmailInUse"]);
    }
    await quiet();
    expect(mailsTo(peer.emailAddress!)).toHaveLength(0);

    // the address is free when asked for, taken before the link is used
    const wanted = uniqueEmail("wanted");
    expect((await request(user.id, token, { password: PASSWORD, newEmail: wanted })).status).toBe(204);
    const linkToken = confirmationLink(await mailTo(wanted), user.id, wanted);
    const db = await getDb();
    await db.update(users).set({ emailAddress: wanted }).where(eq(users.id, peer.id));
    const taken = await confirm(user.id, { token: linkToken, newEmail: wanted });
    expect(taken.status).toBe(409);
    expect(codes(taken.json)).toEqual(["EmailInUse"]);
    expect((await storedUser(user.id)).emailAddress).toBe(user.emailAddress);
  });

  it("answers 403 for another user's id in the caller's system, 404 for one of another system", async () => {
    const { system, user } = await tenant();
    const peer = await makeUser({ systemId: system.id, emailAddress: uniqueEmail() });
    const token = await tokenOf(system.name, user.name);
    const newEmail = uniqueEmail("new");
    const res = await request(peer.id, token, { password: PASSWORD, newEmail });
    expect(res.status).toBe(403);
    expect(codes(res.json)).toEqual(["AccessDenied"]);
    const stranger = await makeUser({ systemId: (await makeSystem()).id, emailAddress: uniqueEmail() });
    const elsewhere = await request(stranger.id, token, { password: PASSWORD, newEmail });
    expect([elsewhere.status, codes(elsewhere.json)]).toEqual([404, ["UserNotFound"]]);
    await quiet();
    expect(mailsTo(newEmail)).toHaveLength(0);
  });
});

describe("link tokens", () => {
  it("are stored only as hashes", async () => {
    const { system, user, adminToken } = await tenant();
    const token = await tokenOf(system.name, user.name);
    expect((await sendResetLink(adminToken, user.id)).status).toBe(204);
    const reset = resetLink(await mailTo(user.emailAddress!)).token;
    const newEmail = uniqueEmail("hash");
    expect(
      (
        await call(postEmailChange, `/api/users/${user.id}/email/change`, {
          method: "POST",
          token,
          body: { password: PASSWORD, newEmail },
        })
      ).status,
    ).toBe(204);
    const emailToken = /changeEmail\/[^/]+\/([A-Za-z0-9_-]+)\//.exec(firstLink((await mailTo(newEmail)).text))![1]!;

    const rows = await tokensOf(user.id);
    expect(rows.map((r) => r.purpose).sort()).toEqual(["changeEmail", "resetPassword"]);
    const stored = JSON.stringify(rows);
    for (const plain of [reset, emailToken]) {
      expect(stored).not.toContain(plain);
      for (const row of rows) expect(row.tokenHash).not.toBe(plain);
    }
    for (const row of rows) expect(Date.parse(String(row.expiresAt)) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
  });
});

describe("without an SMTP host", () => {
  it("the request succeeds, no mail reaches the server, and the link goes to the server log", async () => {
    const { user, adminToken } = await tenant();
    const warn = vi.spyOn(log, "warn");
    try {
      await withConfig({ eMailHost: "" }, { eMailHost: `127.0.0.1:${smtp.port}` }, async () => {
        const before = smtp.messages.length;
        const res = await sendResetLink(adminToken, user.id);
        expect(res.status).toBe(204);
        const forgot = await call(getResetById, `/api/users/${user.id}/password/reset`);
        expect(forgot.status).toBe(204);
        await quiet();
        expect(smtp.messages.length).toBe(before);
      });
      const logged = warn.mock.calls
        .map(([entry]) => entry as unknown)
        .filter((entry): entry is { to: string; text: string } => typeof entry === "object" && entry !== null && "text" in entry)
        .filter((entry) => entry.to === user.emailAddress);
      expect(logged).toHaveLength(2);
      const token = /\/reset\/[^/]+\/([A-Za-z0-9_-]+)/.exec(logged[1]!.text)?.[1];
      expect(token).toBeTruthy();
      // the logged link is the real one
      expect((await resetWithToken(user.name, { token, newPassword: NEW_PASSWORD })).status).toBe(204);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("SMTP server unreachable", () => {
  it("answers 502 MailFailed and withdraws the issued token", async () => {
    const { system, user, adminToken } = await tenant();
    const port = await closedPort();
    await withConfig({ eMailHost: `127.0.0.1:${port}` }, { eMailHost: `127.0.0.1:${smtp.port}` }, async () => {
      const res = await sendResetLink(adminToken, user.id);
      expect(res.status).toBe(502);
      expect(res.json.errors).toEqual([
        { code: "MailFailed", message: "The e-mail could not be sent. Please check the server logs.", messageParameter: null },
      ]);
      expect(await tokensOf(user.id)).toHaveLength(1);
      expect(await unusedTokensOf(user.id)).toHaveLength(0);

      // the anonymous forgot-password answer stays 204, so it never tells that the user exists
      const forgot = await call(getResetById, `/api/users/${user.id}/password/reset`);
      expect(forgot.status).toBe(204);
      expect(await unusedTokensOf(user.id)).toHaveLength(0);

      const token = await tokenOf(system.name, user.name);
      const email = await call(postEmailChange, `/api/users/${user.id}/email/change`, {
        method: "POST",
        token,
        body: { password: PASSWORD, newEmail: uniqueEmail("lost") },
      });
      expect(email.status).toBe(502);
      expect(codes(email.json)).toEqual(["MailFailed"]);
      expect(await unusedTokensOf(user.id)).toHaveLength(0);
    });
    // nothing was changed on the way
    expect((await login(system.name, user.name)).status).toBe(200);
    expect((await storedUser(user.id)).emailAddress).toBe(user.emailAddress);
  });
});
