import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { licenceAlertNotices, licences } from "@/db/schema";
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { patchServiceConfig } from "@/lib/settings/store";
import { makeLicence, makeSystem, makeUser, uniqueName } from "@/tests/helpers/factories";
import { closedPort, startSmtp, type TestSmtpServer } from "@/tests/helpers/smtp";
import { runTask, supersystemId, taskRun } from "@/tests/helpers/task-run";

const NOW = new Date("2030-06-15T12:00:00Z");
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10);
const BOTH = { notifyViaEventLog: true, notifyViaEmail: true };

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtp();
  await patchServiceConfig(await getDb(), { eMailHost: `127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await smtp?.close();
});

const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

/** A licence used by a new system, with that system's administrator and a plain user, and the Supersystem's licence admin. */
async function licensedSystem(expiration: string) {
  const licence = await makeLicence({ expiration, features: [] });
  if (!licence) throw new Error("no licence");
  const system = await makeSystem({ licenceId: licence.id });
  const admin = await makeUser({
    systemId: system.id,
    roles: ["Administrator"],
    emailAddress: `${uniqueName("adm")}@example.com`,
    language: "de-DE",
  });
  const plain = await makeUser({ systemId: system.id, roles: ["JobManager"], emailAddress: `${uniqueName("usr")}@example.com` });
  return { licence, system, admin, plain };
}

describe("LicenceAlertsNotifier", () => {
  it("notifies each new level once by mail and event log; a worse level notifies again; a renewal resets", async () => {
    const licenceAdmin = await makeUser({
      systemId: await supersystemId(),
      roles: ["LicenceAdmin"],
      emailAddress: `${uniqueName("lic")}@example.com`,
    });
    const { licence, admin, plain } = await licensedSystem(inDays(20));
    const run = await taskRun("LicenceAlertsNotifier", { configuration: BOTH, now: NOW });
    const warn = vi.spyOn(log, "warn");
    try {
      const first = await runTask(run);
      expect(first?.details).toMatchObject({ notified: expect.any(Number) });
      const mail = await smtp.waitFor((m) => m.to.includes(licenceAdmin.emailAddress!) && m.text.includes(licence.id));
      expect(mail.subject).toBe(`Licence ${licence.name}: Warning`);
      expect(mail.text).toContain("Expires in 20 days");
      // the system's administrator, in German; not the system's other users
      const de = await smtp.waitFor((m) => m.to.includes(admin.emailAddress!));
      expect(de.subject).toBe(`Lizenz ${licence.name}: Warnung`);
      expect(de.text).toContain("Läuft in 20 Tagen ab");
      expect(mailsTo(plain.emailAddress!)).toHaveLength(0);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ event: "licenceAlert", licenceId: licence.id, level: "warning", previousLevel: null }),
        expect.any(String),
      );

      // a second run sends nothing more for this licence
      const sent = smtp.messages.length;
      warn.mockClear();
      await runTask({ ...run, now: new Date(NOW.getTime() + 86_400_000) });
      expect(smtp.messages.length).toBe(sent);
      expect(warn).not.toHaveBeenCalledWith(expect.objectContaining({ licenceId: licence.id }), expect.any(String));

      // critical (within 7 days): notified again, once
      const critical = { ...run, now: new Date(NOW.getTime() + 14 * 86_400_000) };
      await runTask(critical);
      const crit = await smtp.waitFor((m) => m.to.includes(licenceAdmin.emailAddress!) && m.subject.endsWith("Critical"));
      expect(crit.text).toContain("Expires in 6 days");
      expect(mailsTo(admin.emailAddress!)).toHaveLength(2);
      await runTask(critical);
      expect(mailsTo(admin.emailAddress!)).toHaveLength(2);

      // renewed: the kept level is reset, and the next worsening notifies again
      const db = await getDb();
      await db
        .update(licences)
        .set({ expiration: inDays(400) })
        .where(eq(licences.id, licence.id));
      await runTask(critical);
      expect(await db.select().from(licenceAlertNotices).where(eq(licenceAlertNotices.licenceId, licence.id))).toHaveLength(0);
      await db
        .update(licences)
        .set({ expiration: inDays(-1) })
        .where(eq(licences.id, licence.id));
      await runTask(run);
      const expired = await smtp.waitFor((m) => m.to.includes(admin.emailAddress!) && m.subject.endsWith("Abgelaufen"));
      expect(expired.text).toContain(licence.id);
      expect(mailsTo(admin.emailAddress!)).toHaveLength(3);
    } finally {
      warn.mockRestore();
    }
  });

  it("a system's task covers that system's licence and mails its administrators only", async () => {
    const mine = await licensedSystem(inDays(3));
    const other = await licensedSystem(inDays(3));
    const superAdmin = await makeUser({
      systemId: await supersystemId(),
      roles: ["SuperAdmin"],
      emailAddress: `${uniqueName("sa")}@example.com`,
    });
    const outcome = await runTask(
      await taskRun("LicenceAlertsNotifier", { systemId: mine.system.id, configuration: { notifyViaEmail: true }, now: NOW }),
    );
    expect(outcome?.details).toMatchObject({ notified: 1, licences: 1 });
    await smtp.waitFor((m) => m.to.includes(mine.admin.emailAddress!));
    expect(mailsTo(other.admin.emailAddress!)).toHaveLength(0);
    expect(mailsTo(superAdmin.emailAddress!)).toHaveLength(0);
  });

  it("with no channel enabled nothing is notified and nothing kept", async () => {
    const { licence, admin } = await licensedSystem(inDays(1));
    const outcome = await runTask(await taskRun("LicenceAlertsNotifier", { now: NOW }));
    expect(outcome?.message).toMatch(/^no notification channel enabled/);
    expect(mailsTo(admin.emailAddress!)).toHaveLength(0);
    const db = await getDb();
    expect(await db.select().from(licenceAlertNotices).where(eq(licenceAlertNotices.licenceId, licence.id))).toHaveLength(0);
  });

  it("a mail that cannot be sent keeps the level unnotified: the run fails, the next one sends", async () => {
    const { licence, admin } = await licensedSystem(inDays(2));
    const db = await getDb();
    const mine = await taskRun("LicenceAlertsNotifier", {
      systemId: admin.systemId,
      configuration: { notifyViaEmail: true },
      now: NOW,
    });
    await patchServiceConfig(db, { eMailHost: `127.0.0.1:${await closedPort()}` });
    try {
      await expect(runTask(mine)).rejects.toThrow(/mail failed for /);
      expect(await db.select().from(licenceAlertNotices).where(eq(licenceAlertNotices.licenceId, licence.id))).toHaveLength(0);
    } finally {
      await patchServiceConfig(db, { eMailHost: `127.0.0.1:${smtp.port}` });
    }
    await runTask(mine);
    await smtp.waitFor((m) => m.to.includes(admin.emailAddress!));
    expect(await db.select().from(licenceAlertNotices).where(eq(licenceAlertNotices.licenceId, licence.id))).toHaveLength(1);
  });
});
