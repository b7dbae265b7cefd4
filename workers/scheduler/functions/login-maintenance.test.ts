import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "@/db/schema";
import { createSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { makeSystem, makeUser } from "@/tests/helpers/factories";
import { runTask, taskRun } from "@/tests/helpers/task-run";

describe("LoginMaintenance", () => {
  it("clears locks that ran out, keeps running ones, purges long-expired sessions; a second run changes nothing", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const now = new Date();
    const expired = await makeUser({ systemId: system.id, lockoutEnd: new Date(now.getTime() - 60_000), failedAccessCount: 3 });
    const running = await makeUser({ systemId: system.id, lockoutEnd: new Date(now.getTime() + 60_000), failedAccessCount: 3 });
    const old = await createSession(db, {
      userId: running.id,
      kind: "api",
      tokenExpirationMinutes: 10,
      now: new Date(now.getTime() - 3 * 86_400_000),
    });
    const fresh = await createSession(db, { userId: running.id, kind: "api", tokenExpirationMinutes: 10 });

    const outcome = await runTask(await taskRun("LoginMaintenance", { now }));
    expect(outcome?.details).toMatchObject({ unlocked: 1, purgedSessions: 1 });
    expect(outcome?.message).toBe("1 lock(s) cleared, 1 session(s) purged");
    const [e] = await db.select().from(users).where(eq(users.id, expired.id));
    const [r] = await db.select().from(users).where(eq(users.id, running.id));
    expect(e).toMatchObject({ lockoutEnd: null, failedAccessCount: 0 });
    expect(r?.lockoutEnd).not.toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.id, old.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.id, fresh.id))).toHaveLength(1);

    const again = await runTask(await taskRun("LoginMaintenance", { now }));
    expect(again?.details).toMatchObject({ unlocked: 0, purgedSessions: 0 });
  });

  it("a system's run unlocks only that system's users", async () => {
    const a = await makeSystem();
    const b = await makeSystem();
    const past = new Date(Date.now() - 60_000);
    const userA = await makeUser({ systemId: a.id, lockoutEnd: past });
    const userB = await makeUser({ systemId: b.id, lockoutEnd: past });
    await runTask(await taskRun("LoginMaintenance", { systemId: a.id }));
    const db = await getDb();
    expect((await db.select().from(users).where(eq(users.id, userA.id)))[0]?.lockoutEnd).toBeNull();
    expect((await db.select().from(users).where(eq(users.id, userB.id)))[0]?.lockoutEnd).not.toBeNull();
  });
});
