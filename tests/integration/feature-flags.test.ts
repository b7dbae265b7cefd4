import { desc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as getOpenApi } from "@/app/api/openapi.json/route";
import { GET as getDownload } from "@/app/api/v2/downloads/[id]/download/route";
import { GET as searchDownloads } from "@/app/api/v2/downloads/route";
import { GET as getFlags, PUT as putFlags } from "@/app/api/v3/featureflags/route";
import { auditTrail } from "@/db/schema";
import { getDb } from "@/lib/db";
import { codes, supersystem, tokenOf } from "../helpers/api";
import { makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

const ALL_ON = { Download: true, LearnPortal: true, OpenApi: true };

async function adminToken() {
  const sys = await supersystem();
  const user = await makeUser({ systemId: sys.id, roles: ["SuperAdmin"] });
  return tokenOf(sys.name, user.name);
}

describe("feature flags (DESIGN.md Feature flags)", () => {
  afterAll(async () => {
    await call(putFlags, "/api/v3/featureflags", { method: "PUT", token: await adminToken(), body: ALL_ON });
  });

  it("a new installation offers every feature", async () => {
    const res = await call(getFlags, "/api/v3/featureflags/", { token: await adminToken() });
    expect([res.status, res.json]).toEqual([200, ALL_ON]);
  });

  it("switched off, downloads and the OpenAPI document answer 404 FeatureDisabled; on again, they answer", async () => {
    const admin = await adminToken();
    const off = await call(putFlags, "/api/v3/featureflags", {
      method: "PUT",
      token: admin,
      body: { Download: false, OpenApi: false },
    });
    expect([off.status, off.json]).toEqual([200, { Download: false, LearnPortal: true, OpenApi: false }]);

    const doc = await call(getOpenApi, "/api/openapi.json");
    expect([doc.status, codes(doc.json)]).toEqual([404, ["FeatureDisabled"]]);
    expect(doc.json.errors[0].messageParameter).toEqual({ feature: "OpenApi" });
    const list = await call(searchDownloads, "/api/v2/downloads", { token: admin });
    expect([list.status, codes(list.json)]).toEqual([404, ["FeatureDisabled"]]);
    const one = await call(getDownload, "/api/v2/downloads/5b0c1f7e-4c1e-4c47-9f0c-2d6c2b4f8a11/download", { token: admin });
    expect([one.status, codes(one.json)]).toEqual([404, ["FeatureDisabled"]]);

    // the change is on record: who switched what
    const [row] = await (await getDb()).select().from(auditTrail).orderBy(desc(auditTrail.id)).limit(1);
    expect([row?.category, row?.operation, JSON.parse(row?.value ?? "null")]).toEqual([
      "ServiceConfiguration",
      "Update",
      { Download: { before: true, after: false }, OpenApi: { before: true, after: false } },
    ]);

    const on = await call(putFlags, "/api/v3/featureflags", {
      method: "PUT",
      token: admin,
      body: { Download: true, OpenApi: true },
    });
    expect(on.json).toEqual(ALL_ON);
    expect((await call(getOpenApi, "/api/openapi.json")).status).toBe(200);
    expect((await call(searchDownloads, "/api/v2/downloads", { token: admin })).status).toBe(200);
  });

  it("only ManageConfiguration switches; a bad value is a 400 and changes nothing", async () => {
    const tenant = await makeSystem();
    const user = await makeUser({ systemId: tenant.id, roles: ["Administrator"] });
    const token = await tokenOf(tenant.name, user.name);
    const denied = await call(putFlags, "/api/v3/featureflags", { method: "PUT", token, body: { OpenApi: false } });
    expect([denied.status, codes(denied.json)]).toEqual([403, ["AccessDenied"]]);
    // every signed-in user reads them (the portals ask what to offer)
    expect((await call(getFlags, "/api/v3/featureflags", { token })).json).toEqual(ALL_ON);

    const admin = await adminToken();
    const bad = await call(putFlags, "/api/v3/featureflags", { method: "PUT", token: admin, body: { LearnPortal: "no" } });
    expect(bad.status).toBe(400);
    expect((await call(getFlags, "/api/v3/featureflags", { token: admin })).json).toEqual(ALL_ON);
    const audited = await (await getDb())
      .select({ value: auditTrail.value })
      .from(auditTrail)
      .where(eq(auditTrail.category, "ServiceConfiguration"));
    expect(audited.some((r) => JSON.stringify(r.value).includes('"LearnPortal":"no"'))).toBe(false);
  });
});
