import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "@/db/schema";
import { createSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/setup/bootstrap";
import { makeSystem, makeUser } from "@/tests/helpers/factories";
import { processMaintenance } from "./maintenance";

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
    expect(result.unlocked).toBeGreaterThanOrEqual(1);
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
