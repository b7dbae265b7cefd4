import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as loginPost } from "@/app/api/auth/login/route";
import { GET as getConfig, PUT as putConfig } from "@/app/api/v3/config/service/route";
import { auditTrail } from "@/db/schema";
import { getServiceConfig } from "@/lib/config/service-config";
import { openSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/setup/bootstrap";
import { findSystemByName } from "@/lib/systems/queries";
import { makeSystem, makeUser, PASSWORD } from "../helpers/factories";
import { call } from "../helpers/http";

async function tokenFor(roles: string[], system = "Supersystem") {
  const db = await getDb();
  const sys = system === "Supersystem" ? await findSystemByName(db, { name: system }) : await makeSystem();
  if (!sys) throw new Error("no system");
  const user = await makeUser({ systemId: sys.id, roles });
  const res = await call(loginPost, "/api/auth/login", {
    method: "POST",
    body: { systemName: sys.name, userName: user.name, password: PASSWORD },
  });
  return res.json.token as string;
}

describe("v3/config/service", () => {
  it("SuperAdmin reads it with secrets masked and changes only the fields sent", async () => {
    const token = await tokenFor(["SuperAdmin"]);
    const put = await call(putConfig, "/api/v3/config/service", {
      method: "PUT",
      token,
      body: { eMailHost: "127.0.0.1:2525", eMailUser: "mailer", eMailPassword: "s3cret!", tokenExpirationMinutes: 30 },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      eMailHost: "127.0.0.1:2525",
      eMailUser: "mailer",
      eMailPassword: "********",
      tokenExpirationMinutes: 30,
      maxFailedAccessAttempts: 3,
    });
    const stored = await getServiceConfig(await getDb());
    expect(stored.eMailPasswordSealed && openSecret(stored.eMailPasswordSealed)).toBe("s3cret!");
    expect(JSON.stringify(stored)).not.toContain("s3cret!");

    // the placeholder keeps the secret, and the audit row never holds it
    await call(putConfig, "/api/v3/config/service", { method: "PUT", token, body: { eMailPassword: "********", deleteNew: 5 } });
    const again = await getServiceConfig(await getDb());
    expect(again.eMailPasswordSealed && openSecret(again.eMailPasswordSealed)).toBe("s3cret!");
    expect(again.deleteNew).toBe(5);
    const db = await getDb();
    const rows = await db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.category, "ServiceConfiguration")))
      .orderBy(desc(auditTrail.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) expect(r.value).not.toContain("s3cret!");
    const got = await call(getConfig, "/api/v3/config/service", { token });
    expect(got.json.eMailPassword).toBe("********");
    expect(got.json).not.toHaveProperty("eMailPasswordSealed");
  });

  it("validates with the keys of spec operations §5 and stores nothing on failure", async () => {
    const token = await tokenFor(["SuperAdmin"]);
    await call(putConfig, "/api/v3/config/service", { method: "PUT", token, body: { eMailHost: "" } });
    const before = await getServiceConfig(await getDb());
    const low = await call(putConfig, "/api/v3/config/service", { method: "PUT", token, body: { tokenExpirationMinutes: 5 } });
    expect(low.status).toBe(400);
    expect(low.json.errors[0].code).toBe("configuration_error_tokenExpirationTooLow");
    const host = await call(putConfig, "/api/v3/config/service", {
      method: "PUT",
      token,
      body: { isEmailConfirmationActive: true },
    });
    expect(host.status).toBe(400);
    expect(host.json.errors[0].code).toBe("configuration_error_missingEMailHost");
    const types = await call(putConfig, "/api/v3/config/service", { method: "PUT", token, body: { deleteNew: "ten" } });
    expect(types.status).toBe(400);
    expect(await getServiceConfig(await getDb())).toEqual(before);
  });

  it("is refused to everybody without ManageConfiguration", async () => {
    for (const [roles, system] of [
      [["SystemsAdmin"], "Supersystem"],
      [["ReportAdmin"], "Supersystem"],
      [["Administrator"], "tenant"],
    ] as const) {
      const token = await tokenFor([...roles], system);
      expect((await call(getConfig, "/api/v3/config/service", { token })).status).toBe(403);
      expect((await call(putConfig, "/api/v3/config/service", { method: "PUT", token, body: { deleteNew: 1 } })).status).toBe(
        403,
      );
    }
    expect((await call(getConfig, "/api/v3/config/service")).status).toBe(401);
  });
});
