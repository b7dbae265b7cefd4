import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getSystem } from "@/app/api/systems/[systemId]/route";
import { PUT as putSystem } from "@/app/api/systems/route";
import { auditTrail, systems } from "@/db/schema";
import { callerFromToken } from "@/lib/auth/sessions";
import { openSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { updateSystemConfig } from "@/lib/systems/services/update-system-config";
import { codes, tokenOf } from "../helpers/api";
import { makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

async function stored(id: string) {
  const [row] = await (await getDb()).select().from(systems).where(eq(systems.id, id));
  return row?.ccsApiKeyEnc ? openSecret(row.ccsApiKeyEnc) : null;
}

describe("system configuration (ccsApiKey)", () => {
  it("PUT systems: ManageSystemConfig sets its own system's key; GET shows it masked; 403 without, 404 foreign", async () => {
    const own = await makeSystem();
    const foreign = await makeSystem();
    const admin = await makeUser({ systemId: own.id, roles: ["Administrator"] });
    const jobManager = await makeUser({ systemId: own.id, roles: ["JobManager"] });
    const token = await tokenOf(own.name, admin.name);

    const put = await call(putSystem, "/api/systems", {
      method: "PUT",
      token,
      body: { id: own.id, name: own.name, ccsApiKey: "cc-Key-42" },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.json.ccsApiKey).toBe("********");
    expect(await stored(own.id)).toBe("cc-Key-42");
    const got = await call(getSystem, `/api/systems/${own.id}`, { token });
    expect([got.status, got.json.ccsApiKey]).toEqual([200, "********"]);
    expect(got.text).not.toContain("cc-Key-42");

    const refused = await call(putSystem, "/api/systems", {
      method: "PUT",
      token: await tokenOf(own.name, jobManager.name),
      body: { id: own.id, name: own.name, ccsApiKey: "other" },
    });
    expect([refused.status, codes(refused.json)]).toEqual([403, ["AccessDenied"]]);
    // permission first: a partial or empty body of a caller who may change no system is 403 too, not 400
    for (const body of [{ id: own.id, ccsApiKey: "other" }, {}, { name: "" }]) {
      const partial = await call(putSystem, "/api/systems", {
        method: "PUT",
        token: await tokenOf(own.name, jobManager.name),
        body,
      });
      expect([partial.status, codes(partial.json)], JSON.stringify(body)).toEqual([403, ["AccessDenied"]]);
    }
    // who may, is told what the body lacks
    const unnamed = await call(putSystem, "/api/systems", { method: "PUT", token, body: { id: own.id, ccsApiKey: "other" } });
    expect([unnamed.status, codes(unnamed.json)]).toEqual([400, ["MissingSystemName"]]);
    const elsewhere = await call(putSystem, "/api/systems", {
      method: "PUT",
      token,
      body: { id: foreign.id, name: foreign.name, ccsApiKey: "x" },
    });
    expect(elsewhere.status).toBe(404);
    expect(await stored(own.id)).toBe("cc-Key-42");
    expect(await stored(foreign.id)).toBeNull();
  });

  it("the page's service: only the key changes; the placeholder or nothing keeps it, empty clears it", async () => {
    const db = await getDb();
    const own = await makeSystem({ description: "kept" });
    const caller = {
      sessionId: "s",
      userId: (await makeUser({ systemId: own.id, roles: ["Administrator"] })).id,
      userName: "a",
      fullName: "",
      systemId: own.id,
      systemName: own.name,
      roles: ["Administrator" as const],
      language: "en-US" as const,
      requiresPasswordChange: false,
    };
    expect(await updateSystemConfig(db, { caller, input: { systemId: own.id, ccsApiKey: "k1" } })).toEqual({
      ccsApiKeySet: true,
    });
    expect(await updateSystemConfig(db, { caller, input: { systemId: own.id } })).toEqual({ ccsApiKeySet: true });
    expect(await updateSystemConfig(db, { caller, input: { systemId: own.id, ccsApiKey: "********" } })).toEqual({
      ccsApiKeySet: true,
    });
    expect(await stored(own.id)).toBe("k1");
    expect(await updateSystemConfig(db, { caller, input: { systemId: own.id, ccsApiKey: "" } })).toEqual({ ccsApiKeySet: false });
    expect(await stored(own.id)).toBeNull();
    const [row] = await db.select().from(systems).where(eq(systems.id, own.id));
    expect(row?.description).toBe("kept");
    const foreign = await makeSystem();
    await expect(updateSystemConfig(db, { caller, input: { systemId: foreign.id, ccsApiKey: "x" } })).rejects.toMatchObject({
      code: "SystemNotFound",
    });
    await expect(
      updateSystemConfig(db, {
        caller: { ...caller, roles: ["JobManager"] as never },
        input: { systemId: own.id, ccsApiKey: "x" },
      }),
    ).rejects.toMatchObject({ code: "AccessDenied" });
  });

  it("a save audits the key only when it changed: the same key again, or clearing none, writes no row", async () => {
    const db = await getDb();
    const own = await makeSystem();
    const admin = await makeUser({ systemId: own.id, roles: ["Administrator"] });
    const token = await tokenOf(own.name, admin.name);
    const rows = () =>
      db
        .select({ value: auditTrail.value })
        .from(auditTrail)
        .where(and(eq(auditTrail.category, "System"), eq(auditTrail.systemId, own.id)))
        .orderBy(desc(auditTrail.id));
    const caller = await callerFromToken(db, token);
    await updateSystemConfig(db, { caller, input: { systemId: own.id, ccsApiKey: "" } });
    expect(await rows()).toHaveLength(0);
    await updateSystemConfig(db, { caller, input: { systemId: own.id, ccsApiKey: "k1" } });
    await updateSystemConfig(db, { caller, input: { systemId: own.id, ccsApiKey: "k1" } });
    const put = await call(putSystem, "/api/systems", {
      method: "PUT",
      token,
      body: { id: own.id, name: own.name, ccsApiKey: "k1" },
    });
    expect(put.status, put.text).toBe(200);
    expect((await rows()).map((r) => JSON.parse(r.value).ccsApiKey)).toEqual(["changed"]);
    await updateSystemConfig(db, { caller, input: { systemId: own.id, ccsApiKey: "" } });
    expect((await rows()).map((r) => JSON.parse(r.value).ccsApiKey)).toEqual(["cleared", "changed"]);
  });
});
