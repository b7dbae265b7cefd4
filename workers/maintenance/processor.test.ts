import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "@/db/schema";
import { createSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/setup/bootstrap";
import { makeSystem, makeUser } from "@/tests/helpers/factories";
import { processMaintenance } from "./processor";

describe("LoginMaintenance", () => {
  it("clears locks that ran out, keeps running ones, purges long-expired sessions", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const expired = await makeUser({ systemId: system.id, lockoutEnd: new Date(Date.now() - 60_000), failedAccessCount: 0 });
    const running = await makeUser({ systemId: system.id, lockoutEnd: new Date(Date.now() + 60_000) });
    const old = await createSession(db, {
      userId: running.id,
      kind: "api",
      tokenExpirationMinutes: 10,
      now: new Date(Date.now() - 3 * 86_400_000),
    });
    const fresh = await createSession(db, { userId: running.id, kind: "api", tokenExpirationMinutes: 10 });

    const result = await processMaintenance(db, { task: "LoginMaintenance" });
    expect((result as { unlocked: number }).unlocked).toBeGreaterThanOrEqual(1);
    const [e] = await db.select().from(users).where(eq(users.id, expired.id));
    const [r] = await db.select().from(users).where(eq(users.id, running.id));
    expect(e?.lockoutEnd).toBeNull();
    expect(r?.lockoutEnd).not.toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.id, old.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.id, fresh.id))).toHaveLength(1);
  });

  it("refuses an unknown payload", async () => {
    await expect(processMaintenance(await getDb(), { task: "Nope" })).rejects.toThrow();
  });
});

describe("CsbLicenceUpdater", () => {
  it("refreshes every cloud licence from its source and survives a failing one", async () => {
    const { createServer } = await import("node:http");
    const { makeLicenceFile, TEST_LICENCE_KEYS } = await import("@/tests/fixtures/licence");
    const { addCsbLicence } = await import("@/lib/licences/services/add-csb-licence");
    const { licences } = await import("@/db/schema");
    process.env.LICENCE_PUBLIC_KEYS = TEST_LICENCE_KEYS.publicKey;
    const db = await getDb();
    const id = `CSB-${Date.now()}`;
    let expiration = "2030-01-01";
    const server = createServer((_req, res) => res.end(makeLicenceFile({ id, expiration })));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const caller = {
      sessionId: "s",
      userId: "00000000-0000-4000-8000-000000000000",
      userName: "test",
      fullName: "",
      systemId: "00000000-0000-4000-8000-000000000000",
      systemName: "Supersystem",
      roles: ["SuperAdmin" as const],
      language: "en-US" as const,
      requiresPasswordChange: false,
    };
    try {
      await addCsbLicence(db, {
        caller,
        input: { csbUrl: `http://127.0.0.1:${port}`, csbSystem: "acme", csbUser: "u", csbPassword: "p" },
      });
      expiration = "2031-06-30";
      const result = await processMaintenance(db, { task: "CsbLicenceUpdater" });
      expect(result).toMatchObject({ refreshed: 1, failed: 0 });
      const [row] = await db.select().from(licences).where(eq(licences.id, id));
      expect(row?.expiration).toBe("2031-06-30");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // the source is gone now: the task reports the failure and does not throw
    const again = await processMaintenance(db, { task: "CsbLicenceUpdater" });
    expect(again).toMatchObject({ refreshed: 0, failed: 1 });
  });
});
