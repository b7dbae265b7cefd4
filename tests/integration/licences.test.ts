import { execFileSync } from "node:child_process";
import { randomUUID, sign } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getLicenceOld } from "@/app/api/licences/[licenceId]/route";
import { POST as uploadOld } from "@/app/api/licences/route";
import { GET as getParentsRoute } from "@/app/api/v3/licences/[licenceId]/parents/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/api/v3/licences/[licenceId]/route";
import { GET as listBasicRoute } from "@/app/api/v3/licences/basic/route";
import { POST as refreshCsbRoute } from "@/app/api/v3/licences/csb/[licenceId]/refresh/route";
import { POST as addCsbRoute } from "@/app/api/v3/licences/csb/route";
import { GET as listRoute, POST as uploadV3 } from "@/app/api/v3/licences/route";
import { POST as virtualRoute } from "@/app/api/v3/licences/virtual/route";
import { auditTrail, licenceChildren, licences, licenceUsage, systems } from "@/db/schema";
import { openSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { canonicalJson, generateKeyPair, type LicenceDocument, privateKeyFrom, utcDay } from "@/lib/licences/file";
import { recordFeatureUsage } from "@/lib/licences/services/record-feature-usage";
import { getStationId } from "@/lib/settings/store";
import { defaultLicenceDocument, makeLicenceFile, TEST_LICENCE_KEYS } from "../fixtures/licence";
import { type ErrorItem, supersystem, tokenOf } from "../helpers/api";
import { makeLicence, makeSystem, makeUser, uniqueName } from "../helpers/factories";
import { call } from "../helpers/http";

// DESIGN.md "Licence file": the trusted issuer keys, read at call time
process.env.LICENCE_PUBLIC_KEYS = TEST_LICENCE_KEYS.publicKey;

const MASK = "********";
const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";
const DAY_MS = 86_400_000;

type Alert = { level: string; code: string; params: Record<string, string | number> };
type FeatureJson = {
  id: string;
  status: string;
  limit: number | null;
  usage: number;
  expiration: string | null;
  isAvailable: boolean;
};
type LicenceJson = {
  id: string;
  name: string;
  customer: string;
  isVirtual: boolean;
  source: string;
  expiration: string | null;
  alerts: Alert[];
  level: string | null;
  system: string | null;
  features: FeatureJson[];
  childLicences: string[];
  alertConfiguration: { dateStage1: number; dateStage2: number; counterStage1: number; counterStage2: number };
  csbUrl: string | null;
  csbCustomer: string | null;
  csbUsername: string | null;
  csbPassword: string | null;
  refreshedAt: string | null;
};

function codes(json: { errors: ErrorItem[] } | undefined): string[] {
  return (json?.errors ?? []).map((e) => e.code);
}

function dayFromNow(days: number): string {
  return utcDay(new Date(Date.now() + days * DAY_MS));
}

// ---------------------------------------------------------------------------------------------------------
// sign-in

/** A signed-in user of the Supersystem with one admin-portal role. */
async function adminToken(role: string) {
  const sup = await supersystem();
  const user = await makeUser({ systemId: sup.id, roles: [role], type: "Super" });
  return { user, token: await tokenOf(sup.name, user.name) };
}

/** A tenant system with a signed-in Administrator and JobManager. */
async function tenant(overrides: Parameters<typeof makeSystem>[0] = {}) {
  const system = await makeSystem(overrides);
  const admin = await makeUser({ systemId: system.id, roles: ["Administrator"] });
  const manager = await makeUser({ systemId: system.id, roles: ["JobManager"] });
  return {
    system,
    adminToken: await tokenOf(system.name, admin.name),
    managerToken: await tokenOf(system.name, manager.name),
  };
}

// ---------------------------------------------------------------------------------------------------------
// licence files

/** a file whose JSON is written by hand but signed properly (to reach the checks behind the signature) */
function signedRaw(raw: Record<string, unknown>, privateKey = TEST_LICENCE_KEYS.privateKey): string {
  const signature = sign(null, Buffer.from(canonicalJson(raw), "utf8"), privateKeyFrom(privateKey)).toString("base64");
  return Buffer.from(JSON.stringify({ ...raw, signature }), "utf8").toString("base64");
}

function b64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

function fileDoc(overrides: Partial<LicenceDocument> = {}): LicenceDocument {
  return { ...defaultLicenceDocument(), id: uniqueName("LIC-"), ...overrides };
}

// ---------------------------------------------------------------------------------------------------------
// database

async function storedLicence(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(licences).where(eq(licences.id, id));
  return row;
}

async function storedSystem(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(systems).where(eq(systems.id, id));
  return row;
}

/** Row counts of everything a licence change writes. */
async function totals() {
  const db = await getDb();
  const [l] = await db.select({ n: count() }).from(licences);
  const [c] = await db.select({ n: count() }).from(licenceChildren);
  const [a] = await db.select({ n: count() }).from(auditTrail).where(eq(auditTrail.category, "Licence"));
  return { licences: l?.n ?? 0, children: c?.n ?? 0, audit: a?.n ?? 0 };
}

/** Licence audit rows about one licence id (newest first). */
async function auditRows(licenceId: string, operation?: "Create" | "Update" | "Delete") {
  const db = await getDb();
  const conditions = [eq(auditTrail.category, "Licence")];
  if (operation) conditions.push(eq(auditTrail.operation, operation));
  const rows = await db
    .select()
    .from(auditTrail)
    .where(and(...conditions))
    .orderBy(desc(auditTrail.id));
  return rows.filter((r) => (JSON.parse(r.value) as { id?: string }).id === licenceId);
}

// ---------------------------------------------------------------------------------------------------------
// calls

function upload(token: string | undefined, body: unknown) {
  return call(uploadV3, "/api/v3/licences", { method: "POST", token, body });
}

function uploadOldPath(token: string | undefined, body: unknown) {
  return call(uploadOld, "/api/licences", { method: "POST", token, body });
}

function read(token: string, id: string) {
  return call(getRoute, `/api/v3/licences/${encodeURIComponent(id)}`, { token });
}

function readOld(token: string, id: string) {
  return call(getLicenceOld, `/api/licences/${encodeURIComponent(id)}`, { token });
}

function list(token: string) {
  return call(listRoute, "/api/v3/licences", { token });
}

function listBasic(token: string) {
  return call(listBasicRoute, "/api/v3/licences/basic", { token });
}

function parents(token: string, id: string) {
  return call(getParentsRoute, `/api/v3/licences/${encodeURIComponent(id)}/parents`, { token });
}

function createVirtual(token: string, body: unknown) {
  return call(virtualRoute, "/api/v3/licences/virtual", { method: "POST", token, body });
}

function patch(token: string, id: string, body: unknown) {
  return call(patchRoute, `/api/v3/licences/${encodeURIComponent(id)}`, { method: "PATCH", token, body });
}

function remove(token: string, id: string) {
  return call(deleteRoute, `/api/v3/licences/${encodeURIComponent(id)}`, { method: "DELETE", token });
}

function addCsb(token: string, body: unknown) {
  return call(addCsbRoute, "/api/v3/licences/csb", { method: "POST", token, body });
}

function refreshCsb(token: string, id: string) {
  return call(refreshCsbRoute, `/api/v3/licences/csb/${encodeURIComponent(id)}/refresh`, { method: "POST", token });
}

/** Uploads a licence file as the SuperAdmin and answers the stored licence. */
async function uploaded(overrides: Partial<LicenceDocument> = {}, systemId?: string): Promise<LicenceJson> {
  const doc = fileDoc(overrides);
  const res = await upload(superAdmin.token, { base64Licence: makeLicenceFile(doc), ...(systemId ? { systemId } : {}) });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as LicenceJson;
}

async function licenceDto(id: string, token = superAdmin.token): Promise<LicenceJson> {
  const res = await read(token, id);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as LicenceJson;
}

async function virtualOf(childIds: string[], name = "Virtual licence"): Promise<LicenceJson> {
  const res = await createVirtual(superAdmin.token, { id: uniqueName("VIRT-"), name, childIds });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as LicenceJson;
}

function usageOf(licence: LicenceJson, feature = "Pages"): number | undefined {
  return licence.features.find((f) => f.id === feature)?.usage;
}

async function usageError(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

let superAdmin: { token: string; user: { id: string; name: string } };
let stationId: string;

beforeAll(async () => {
  superAdmin = await adminToken("SuperAdmin");
  stationId = await getStationId(await getDb());
});

// =========================================================================================================

describe("upload POST /api/v3/licences and POST /api/licences", () => {
  it.each([
    ["SuperAdmin", "v3"],
    ["LicenceAdmin", "v3"],
    ["SuperAdmin", "old"],
    ["LicenceAdmin", "old"],
  ])("a %s uploads a valid file (%s path): the licence with usage 0 and no alerts; stored; audit Create", async (role, which) => {
    const { token, user } = await adminToken(role);
    const doc = fileDoc({
      name: "Main licence",
      customer: "ACME",
      features: [
        { id: "Pages", status: "Limited", limit: 1000, expiration: null },
        { id: "Jobs", status: "Unlimited", limit: null, expiration: null },
        { id: "Documents", status: "LimitedMonth", limit: 50, expiration: dayFromNow(200) },
      ],
    });
    const before = await totals();
    const res =
      which === "v3"
        ? await upload(token, { base64Licence: makeLicenceFile(doc) })
        : await uploadOldPath(token, { base64Licence: makeLicenceFile(doc) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const body = res.json as LicenceJson;
    expect(body).toMatchObject({
      id: doc.id,
      name: "Main licence",
      customer: "ACME",
      isVirtual: false,
      source: "file",
      expiration: doc.expiration,
      alerts: [],
      level: null,
      system: null,
      childLicences: [],
      alertConfiguration: { dateStage1: 30, dateStage2: 7, counterStage1: 80, counterStage2: 95 },
      csbUrl: null,
      csbPassword: null,
    });
    expect(body.features).toEqual([
      { id: "Pages", status: "Limited", limit: 1000, usage: 0, expiration: null, isAvailable: true },
      { id: "Jobs", status: "Unlimited", limit: null, usage: 0, expiration: null, isAvailable: true },
      {
        id: "Documents",
        status: "LimitedMonth",
        limit: 50,
        usage: 0,
        expiration: doc.features[2]?.expiration,
        isAvailable: true,
      },
    ]);

    const row = await storedLicence(doc.id);
    expect(row).toMatchObject({ id: doc.id, name: "Main licence", source: "file", isVirtual: false, expiration: doc.expiration });
    expect(row?.content).toBeTruthy();
    const after = await totals();
    expect(after.licences).toBe(before.licences + 1);

    const audit = await auditRows(doc.id, "Create");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ category: "Licence", operation: "Create", userId: user.id, username: user.name });

    // read back the same
    expect(await licenceDto(doc.id, token)).toEqual(body);
  });

  it("with systemId the licence is assigned to that system (systems.licence_id)", async () => {
    const system = await makeSystem();
    const v3 = await uploaded({}, system.id);
    expect(v3.system).toBe(system.id);
    expect((await storedSystem(system.id))?.licenceId).toBe(v3.id);

    // the older path does the same
    const other = await makeSystem();
    const doc = fileDoc();
    const res = await uploadOldPath(superAdmin.token, { base64Licence: makeLicenceFile(doc), systemId: other.id });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await storedSystem(other.id))?.licenceId).toBe(doc.id);
    const audit = await auditRows(doc.id, "Create");
    expect(audit[0]?.systemId).toBe(other.id);
  });

  it("an unknown systemId stores nothing (404 SystemNotFound)", async () => {
    const before = await totals();
    const doc = fileDoc();
    const res = await upload(superAdmin.token, { base64Licence: makeLicenceFile(doc), systemId: UNKNOWN_UUID });
    expect(res.status).toBe(404);
    expect(codes(res.json)).toEqual(["SystemNotFound"]);
    expect(await storedLicence(doc.id)).toBeUndefined();
    expect(await totals()).toEqual(before);
  });

  it("SystemsAdmin, ReportAdmin and a tenant Administrator get 403; no token 401; nothing stored", async () => {
    const systemsAdmin = await adminToken("SystemsAdmin");
    const reportAdmin = await adminToken("ReportAdmin");
    const t = await tenant();
    const before = await totals();
    for (const [who, token] of [
      ["SystemsAdmin", systemsAdmin.token],
      ["ReportAdmin", reportAdmin.token],
      ["tenant Administrator", t.adminToken],
      ["tenant JobManager", t.managerToken],
    ] as const) {
      const doc = fileDoc();
      for (const send of [upload, uploadOldPath]) {
        const res = await send(token, { base64Licence: makeLicenceFile(doc) });
        expect(res.status, who).toBe(403);
        expect(codes(res.json), who).toEqual(["AccessDenied"]);
      }
      expect(await storedLicence(doc.id), who).toBeUndefined();
    }
    for (const send of [upload, uploadOldPath]) {
      const res = await send(undefined, { base64Licence: makeLicenceFile() });
      expect(res.status).toBe(401);
      expect(codes(res.json)).toEqual(["MissingToken"]);
    }
    expect(await totals()).toEqual(before);
  });
});

describe("upload validation with the trusted keys", () => {
  async function refused(body: unknown, status: number, code: string) {
    const before = await totals();
    const res = await upload(superAdmin.token, body);
    expect(res.status, JSON.stringify(res.json)).toBe(status);
    expect(codes(res.json), JSON.stringify(res.json)).toEqual([code]);
    expect(await totals()).toEqual(before);
    return res;
  }

  it("a missing base64Licence answers licence_error_upload_noFileSelected", async () => {
    await refused({}, 400, "licence_error_upload_noFileSelected");
    await refused({ base64Licence: null }, 400, "licence_error_upload_noFileSelected");
    const old = await uploadOldPath(superAdmin.token, {});
    expect(codes(old.json)).toEqual(["licence_error_upload_noFileSelected"]);
  });

  it("an empty or white-space file answers licence_error_noContent", async () => {
    await refused({ base64Licence: "" }, 400, "licence_error_noContent");
    await refused({ base64Licence: "   \n\t " }, 400, "licence_error_noContent");
  });

  it("garbage, base64 that is not JSON, and JSON that breaks the schema answer LicenceInvalid", async () => {
    await refused({ base64Licence: "this is not a licence!" }, 400, "LicenceInvalid");
    await refused({ base64Licence: b64("just some text") }, 400, "LicenceInvalid");
    await refused({ base64Licence: b64("[1,2,3]") }, 400, "LicenceInvalid");
    await refused({ base64Licence: b64(JSON.stringify({ ...fileDoc() })) }, 400, "LicenceInvalid"); // no signature
    // properly signed but not a licence document: a bad status, a missing name, a bad date
    const base = fileDoc() as unknown as Record<string, unknown>;
    await refused(
      { base64Licence: signedRaw({ ...base, features: [{ id: "Pages", status: "Bogus", limit: 1, expiration: null }] }) },
      400,
      "LicenceInvalid",
    );
    const { name: _name, ...withoutName } = base;
    await refused({ base64Licence: signedRaw(withoutName) }, 400, "LicenceInvalid");
    await refused({ base64Licence: signedRaw({ ...base, expiration: "2030-02-30" }) }, 400, "LicenceInvalid");
  });

  it("a file signed with another key answers LicenceSignatureInvalid", async () => {
    const other = generateKeyPair();
    const doc = fileDoc();
    await refused({ base64Licence: makeLicenceFile(doc, other.privateKey) }, 400, "LicenceSignatureInvalid");
    expect(await storedLicence(doc.id)).toBeUndefined();
  });

  it("a field changed after signing answers LicenceSignatureInvalid", async () => {
    const doc = fileDoc({ features: [{ id: "Pages", status: "Limited", limit: 10, expiration: null }] });
    const decoded = JSON.parse(Buffer.from(makeLicenceFile(doc), "base64").toString("utf8")) as LicenceDocument & {
      signature: string;
    };
    const feature = decoded.features[0];
    if (!feature) throw new Error("no feature");
    feature.limit = 1_000_000;
    await refused({ base64Licence: b64(JSON.stringify(decoded)) }, 400, "LicenceSignatureInvalid");
    const renamed = { ...decoded, features: doc.features, name: "Bigger licence" };
    await refused({ base64Licence: b64(JSON.stringify(renamed)) }, 400, "LicenceSignatureInvalid");
    expect(await storedLicence(doc.id)).toBeUndefined();
  });

  it("station: another uuid answers LicenceStationMismatch; this station's id and * are accepted", async () => {
    const foreign = fileDoc({ station: randomUUID() });
    await refused({ base64Licence: makeLicenceFile(foreign) }, 400, "LicenceStationMismatch");
    expect(await storedLicence(foreign.id)).toBeUndefined();

    const own = await uploaded({ station: stationId });
    expect(own.id).toBeTruthy();
    expect((await storedLicence(own.id))?.station).toBe(stationId);
    const any = await uploaded({ station: "*" });
    expect((await storedLicence(any.id))?.station).toBe("*");
  });

  it("an expiration of yesterday answers LicenceExpired; today is still valid", async () => {
    const expired = fileDoc({ expiration: dayFromNow(-1) });
    await refused({ base64Licence: makeLicenceFile(expired) }, 400, "LicenceExpired");
    expect(await storedLicence(expired.id)).toBeUndefined();
    const today = await uploaded({ expiration: dayFromNow(0) });
    expect(today.expiration).toBe(dayFromNow(0));
  });

  it("a file wrapped over several lines (as a text file holds it) is accepted", async () => {
    const doc = fileDoc();
    const wrapped = `${makeLicenceFile(doc).replace(/(.{76})/g, "$1\r\n")}\n`;
    const res = await upload(superAdmin.token, { base64Licence: wrapped });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.id).toBe(doc.id);
  });

  it("the same licence id twice answers 409 LicenceDuplicate, on either path, and keeps the first", async () => {
    const doc = fileDoc({ name: "First" });
    await uploaded(doc);
    const again = makeLicenceFile({ ...doc, name: "Second" });
    await refused({ base64Licence: again }, 409, "LicenceDuplicate");
    const old = await uploadOldPath(superAdmin.token, { base64Licence: again });
    expect(old.status).toBe(409);
    expect(codes(old.json)).toEqual(["LicenceDuplicate"]);
    expect((await storedLicence(doc.id))?.name).toBe("First");
    expect(await auditRows(doc.id, "Create")).toHaveLength(1);
  });
});

// =========================================================================================================

describe("virtual licences POST /api/v3/licences/virtual", () => {
  it("two children are kept in order; the audit row is Create; parents lists the containing licences", async () => {
    const primary = await uploaded({ name: "Primary" });
    const fallback = await uploaded({ name: "Fallback" });
    const id = uniqueName("VIRT-");
    const res = await createVirtual(superAdmin.token, { id, name: "Combined", childIds: [fallback.id, primary.id] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      id,
      name: "Combined",
      isVirtual: true,
      source: "virtual",
      childLicences: [fallback.id, primary.id],
    });
    expect((await licenceDto(id)).childLicences).toEqual([fallback.id, primary.id]);
    expect(await auditRows(id, "Create")).toHaveLength(1);

    const second = await virtualOf([primary.id]);
    const ofPrimary = await parents(superAdmin.token, primary.id);
    expect(ofPrimary.status).toBe(200);
    expect((ofPrimary.json as LicenceJson[]).map((l) => l.id).sort()).toEqual([id, second.id].sort());
    const ofFallback = await parents(superAdmin.token, fallback.id);
    expect((ofFallback.json as LicenceJson[]).map((l) => l.id)).toEqual([id]);
    const ofVirtual = await parents(superAdmin.token, id);
    expect(ofVirtual.json).toEqual([]);
  });

  it("without an id (or with an empty one) the server chooses one", async () => {
    const child = await uploaded();
    for (const body of [
      { name: "No id", childIds: [child.id] },
      { id: " ", name: "Empty id", childIds: [child.id] },
    ]) {
      const res = await createVirtual(superAdmin.token, body);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(res.json).toMatchObject({ name: body.name, isVirtual: true, childLicences: [child.id] });
      expect(await auditRows(res.json.id, "Create")).toHaveLength(1);
    }
  });

  it("refuses no children, an unknown child and a duplicate id; stores nothing", async () => {
    const child = await uploaded();
    const taken = await virtualOf([child.id]);
    const before = await totals();

    for (const body of [
      { id: uniqueName("VIRT-"), name: "No children", childIds: [] },
      { id: uniqueName("VIRT-"), name: "No children" },
    ]) {
      const res = await createVirtual(superAdmin.token, body);
      expect(res.status).toBe(400);
      expect(codes(res.json)).toEqual(["licence_error_upload_noChildren"]);
    }
    const unknown = await createVirtual(superAdmin.token, {
      id: uniqueName("VIRT-"),
      name: "Unknown",
      childIds: [child.id, "NO-SUCH-LICENCE"],
    });
    expect(codes(unknown.json)).toEqual(["LicenceNotFound"]);
    expect(unknown.status).toBe(404);

    const duplicate = await createVirtual(superAdmin.token, { id: taken.id, name: "Again", childIds: [child.id] });
    expect(duplicate.status).toBe(409);
    expect(codes(duplicate.json)).toEqual(["LicenceDuplicate"]);
    // a physical licence's id is taken too
    const physical = await createVirtual(superAdmin.token, { id: child.id, name: "Again", childIds: [taken.id] });
    expect(physical.status).toBe(409);
    expect(codes(physical.json)).toEqual(["LicenceDuplicate"]);

    const noName = await createVirtual(superAdmin.token, { id: uniqueName("VIRT-"), name: " ", childIds: [child.id] });
    expect(noName.status).toBe(400);
    expect(codes(noName.json)).toEqual(["MissingLicenceName"]);

    expect(await totals()).toEqual(before);
  });

  it("refuses a circular dependency with 400 LicenceCircularDependency and changes nothing", async () => {
    const leaf = await uploaded();
    const b = await virtualOf([leaf.id], "B");
    const a = await virtualOf([b.id], "A");
    const before = await totals();

    const cycle = await patch(superAdmin.token, b.id, { childIds: [leaf.id, a.id] });
    expect(cycle.status, JSON.stringify(cycle.json)).toBe(400);
    expect(codes(cycle.json)).toEqual(["LicenceCircularDependency"]);

    const self = await patch(superAdmin.token, a.id, { childIds: [a.id] });
    expect(self.status).toBe(400);
    expect(codes(self.json)).toEqual(["LicenceCircularDependency"]);

    const selfAndOther = await patch(superAdmin.token, a.id, { childIds: [b.id, a.id] });
    expect(selfAndOther.status).toBe(400);
    expect(codes(selfAndOther.json)).toEqual(["LicenceCircularDependency"]);

    expect((await licenceDto(b.id)).childLicences).toEqual([leaf.id]);
    expect((await licenceDto(a.id)).childLicences).toEqual([b.id]);
    expect(await totals()).toEqual(before);
    expect(await auditRows(a.id, "Update")).toHaveLength(0);
    expect(await auditRows(b.id, "Update")).toHaveLength(0);
  });

  it("SystemsAdmin and a tenant Administrator cannot create one (403)", async () => {
    const child = await uploaded();
    const systemsAdmin = await adminToken("SystemsAdmin");
    const t = await tenant();
    for (const token of [systemsAdmin.token, t.adminToken]) {
      const id = uniqueName("VIRT-");
      const res = await createVirtual(token, { id, name: "Nope", childIds: [child.id] });
      expect(res.status).toBe(403);
      expect(await storedLicence(id)).toBeUndefined();
    }
  });
});

// =========================================================================================================

describe("PATCH /api/v3/licences/{id}", () => {
  it("renames a licence; audit Update", async () => {
    const licence = await uploaded({ name: "Old name" });
    const res = await patch(superAdmin.token, licence.id, { name: "  New name  " });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.name).toBe("New name");
    expect((await storedLicence(licence.id))?.name).toBe("New name");
    const audit = await auditRows(licence.id, "Update");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ category: "Licence", operation: "Update", userId: superAdmin.user.id });
    expect(JSON.parse(audit[0]?.value ?? "{}")).toMatchObject({ id: licence.id, name: "New name" });
  });

  it("an empty name answers MissingLicenceName and changes nothing", async () => {
    const licence = await uploaded({ name: "Keep me" });
    for (const name of ["", "   "]) {
      const res = await patch(superAdmin.token, licence.id, { name });
      expect(res.status).toBe(400);
      expect(codes(res.json)).toEqual(["MissingLicenceName"]);
    }
    expect((await storedLicence(licence.id))?.name).toBe("Keep me");
    expect(await auditRows(licence.id, "Update")).toHaveLength(0);
  });

  it("alert stages: negative or zero days answer licence_error_upload_invalidDays; percent outside 0..100 licence_error_upload_invalidPercent", async () => {
    const licence = await uploaded();
    const valid = { dateStage1: 30, dateStage2: 7, counterStage1: 80, counterStage2: 95 };
    for (const change of [{ dateStage1: -1 }, { dateStage1: 0 }, { dateStage2: 0 }, { dateStage2: -5 }, { dateStage1: 1.5 }]) {
      const res = await patch(superAdmin.token, licence.id, { alertConfiguration: { ...valid, ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(codes(res.json), JSON.stringify(change)).toEqual(["licence_error_upload_invalidDays"]);
    }
    for (const change of [{ counterStage1: 101 }, { counterStage1: -1 }, { counterStage2: 101 }, { counterStage2: -1 }]) {
      const res = await patch(superAdmin.token, licence.id, { alertConfiguration: { ...valid, ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(codes(res.json), JSON.stringify(change)).toEqual(["licence_error_upload_invalidPercent"]);
    }
    const both = await patch(superAdmin.token, licence.id, {
      alertConfiguration: { ...valid, dateStage1: 0, counterStage2: 150 },
    });
    expect(codes(both.json).sort()).toEqual(["licence_error_upload_invalidDays", "licence_error_upload_invalidPercent"]);
    expect((await storedLicence(licence.id))?.alertConfiguration).toEqual(valid);
    expect(await auditRows(licence.id, "Update")).toHaveLength(0);

    // the edges are accepted
    const edges = { dateStage1: 1, dateStage2: 1, counterStage1: 0, counterStage2: 100 };
    const ok = await patch(superAdmin.token, licence.id, { alertConfiguration: edges });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.alertConfiguration).toEqual(edges);
    expect(await auditRows(licence.id, "Update")).toHaveLength(1);
  });

  it("reorders the children (move up / move down), removes one, and keeps at least one", async () => {
    const [a, b, c] = [await uploaded({ name: "A" }), await uploaded({ name: "B" }), await uploaded({ name: "C" })] as [
      LicenceJson,
      LicenceJson,
      LicenceJson,
    ];
    const virtual = await virtualOf([a.id, b.id, c.id]);

    // move A down
    let res = await patch(superAdmin.token, virtual.id, { childIds: [b.id, a.id, c.id] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.childLicences).toEqual([b.id, a.id, c.id]);
    // move C up
    res = await patch(superAdmin.token, virtual.id, { childIds: [b.id, c.id, a.id] });
    expect(res.json.childLicences).toEqual([b.id, c.id, a.id]);
    expect((await licenceDto(virtual.id)).childLicences).toEqual([b.id, c.id, a.id]);
    // remove B
    res = await patch(superAdmin.token, virtual.id, { childIds: [c.id, a.id] });
    expect(res.json.childLicences).toEqual([c.id, a.id]);
    expect((await parents(superAdmin.token, b.id)).json).toEqual([]);
    // remove all: refused, unchanged
    res = await patch(superAdmin.token, virtual.id, { childIds: [] });
    expect(res.status).toBe(400);
    expect(codes(res.json)).toEqual(["licence_error_upload_noChildren"]);
    expect((await licenceDto(virtual.id)).childLicences).toEqual([c.id, a.id]);
    // a child twice or an unknown one: refused
    res = await patch(superAdmin.token, virtual.id, { childIds: [a.id, a.id] });
    expect(res.status).toBe(409);
    res = await patch(superAdmin.token, virtual.id, { childIds: [a.id, "NO-SUCH-LICENCE"] });
    expect(codes(res.json)).toEqual(["LicenceNotFound"]);
    expect((await licenceDto(virtual.id)).childLicences).toEqual([c.id, a.id]);

    expect(await auditRows(virtual.id, "Update")).toHaveLength(3);
  });

  it("children of a physical licence are refused; an unknown licence answers 404; non-managers 403", async () => {
    const physical = await uploaded();
    const other = await uploaded();
    const res = await patch(superAdmin.token, physical.id, { childIds: [other.id] });
    expect(res.status).toBe(400);
    expect(await licenceDto(physical.id)).toMatchObject({ childLicences: [] });

    const unknown = await patch(superAdmin.token, "NO-SUCH-LICENCE", { name: "x" });
    expect(unknown.status).toBe(404);
    expect(codes(unknown.json)).toEqual(["LicenceNotFound"]);

    const systemsAdmin = await adminToken("SystemsAdmin");
    const denied = await patch(systemsAdmin.token, physical.id, { name: "Taken over" });
    expect(denied.status).toBe(403);
    const licenceAdmin = await adminToken("LicenceAdmin");
    const allowed = await patch(licenceAdmin.token, physical.id, { name: "By LicenceAdmin" });
    expect(allowed.status).toBe(200);
    expect((await storedLicence(physical.id))?.name).toBe("By LicenceAdmin");
  });
});

// =========================================================================================================

describe("DELETE /api/v3/licences/{id}", () => {
  it("refuses a licence a system uses with 409 LicenceInUse", async () => {
    const system = await makeSystem();
    const licence = await uploaded({}, system.id);
    const res = await remove(superAdmin.token, licence.id);
    expect(res.status).toBe(409);
    expect(codes(res.json)).toEqual(["LicenceInUse"]);
    expect(await storedLicence(licence.id)).toBeDefined();

    // a system assigned afterwards counts too
    const later = await uploaded();
    await makeSystem({ licenceId: later.id });
    const again = await remove(superAdmin.token, later.id);
    expect(again.status).toBe(409);
    expect(codes(again.json)).toEqual(["LicenceInUse"]);
    expect(await auditRows(later.id, "Delete")).toHaveLength(0);
  });

  it("refuses a child of a virtual licence with 409 LicenceInUse", async () => {
    const child = await uploaded();
    const virtual = await virtualOf([child.id]);
    const res = await remove(superAdmin.token, child.id);
    expect(res.status).toBe(409);
    expect(codes(res.json)).toEqual(["LicenceInUse"]);
    expect(await storedLicence(child.id)).toBeDefined();

    // the virtual licence itself can go, then the child too
    expect((await remove(superAdmin.token, virtual.id)).status).toBe(204);
    expect(await storedLicence(virtual.id)).toBeUndefined();
    expect((await remove(superAdmin.token, child.id)).status).toBe(204);
  });

  it("deletes a licence that has counted usage once no system uses it any more", async () => {
    const db = await getDb();
    const licence = await uploaded({ features: [{ id: "Pages", status: "Limited", limit: 10, expiration: null }] });
    const system = await makeSystem({ licenceId: licence.id });
    await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 3 });
    await db.update(systems).set({ licenceId: null }).where(eq(systems.id, system.id));
    const res = await remove(superAdmin.token, licence.id);
    expect(res.status, res.text).toBe(204);
    expect(await db.select().from(licenceUsage).where(eq(licenceUsage.licenceId, licence.id))).toEqual([]);
  });

  it("deletes an unused licence: 204, gone, audit Delete; then 404", async () => {
    const licenceAdmin = await adminToken("LicenceAdmin");
    const licence = await uploaded();
    const res = await remove(licenceAdmin.token, licence.id);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe("");
    expect(await storedLicence(licence.id)).toBeUndefined();
    const gone = await read(superAdmin.token, licence.id);
    expect(gone.status).toBe(404);
    expect(codes(gone.json)).toEqual(["LicenceNotFound"]);
    const audit = await auditRows(licence.id, "Delete");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ category: "Licence", operation: "Delete", userId: licenceAdmin.user.id });

    const again = await remove(superAdmin.token, licence.id);
    expect(again.status).toBe(404);
    expect(codes(again.json)).toEqual(["LicenceNotFound"]);
    // the id is free again
    expect((await upload(superAdmin.token, { base64Licence: makeLicenceFile(fileDoc({ id: licence.id })) })).status).toBe(200);
  });

  it("answers 404 LicenceNotFound for an unknown id and 403 for non-managers", async () => {
    const unknown = await remove(superAdmin.token, "NO-SUCH-LICENCE");
    expect(unknown.status).toBe(404);
    expect(codes(unknown.json)).toEqual(["LicenceNotFound"]);
    const licence = await uploaded();
    const systemsAdmin = await adminToken("SystemsAdmin");
    const denied = await remove(systemsAdmin.token, licence.id);
    expect(denied.status).toBe(403);
    expect(await storedLicence(licence.id)).toBeDefined();
  });
});

// =========================================================================================================

describe("reads", () => {
  let own: LicenceJson;
  let foreign: LicenceJson;
  let t: Awaited<ReturnType<typeof tenant>>;

  beforeAll(async () => {
    own = await uploaded({ name: "Tenant licence" });
    foreign = await uploaded({ name: "Someone else's licence" });
    t = await tenant({ licenceId: own.id });
  });

  it.each(["SuperAdmin", "LicenceAdmin", "SystemsAdmin"])("a %s reads every licence on every read path", async (role) => {
    const { token } = await adminToken(role);
    const full = await list(token);
    expect(full.status).toBe(200);
    const ids = (full.json as LicenceJson[]).map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining([own.id, foreign.id]));
    const entry = (full.json as LicenceJson[]).find((l) => l.id === own.id);
    expect(entry).toMatchObject({ id: own.id, features: expect.any(Array), childLicences: [], alerts: [] });

    const basic = await listBasic(token);
    expect(basic.status).toBe(200);
    expect((basic.json as LicenceJson[]).map((l) => l.id)).toEqual(expect.arrayContaining([own.id, foreign.id]));
    expect((basic.json as LicenceJson[]).find((l) => l.id === own.id)).toMatchObject({
      id: own.id,
      name: "Tenant licence",
      isVirtual: false,
      source: "file",
      expiration: own.expiration,
      alerts: [],
      level: null,
    });

    for (const id of [own.id, foreign.id]) {
      const v3 = await read(token, id);
      expect(v3.status).toBe(200);
      expect(v3.json.id).toBe(id);
      const old = await readOld(token, id);
      expect(old.status).toBe(200);
      expect(old.json).toEqual(v3.json);
    }
  });

  it("a tenant Administrator reads only the licence its system uses; others answer 404 LicenceNotFound", async () => {
    for (const get of [read, readOld]) {
      const mine = await get(t.adminToken, own.id);
      expect(mine.status, JSON.stringify(mine.json)).toBe(200);
      expect(mine.json.id).toBe(own.id);
      const theirs = await get(t.adminToken, foreign.id);
      expect(theirs.status).toBe(404);
      expect(codes(theirs.json)).toEqual(["LicenceNotFound"]);
      expect(theirs.text).not.toContain(foreign.name);
      const unknown = await get(t.adminToken, "NO-SUCH-LICENCE");
      expect(unknown.status).toBe(404);
    }
    // the lists are the licence administrators' (403), so they never show another system's licence
    for (const get of [list, listBasic]) {
      const res = await get(t.adminToken);
      expect([res.status, codes(res.json)]).toEqual([403, ["AccessDenied"]]);
    }
    const ofOwn = await parents(t.adminToken, own.id);
    expect([ofOwn.status, codes(ofOwn.json)]).toEqual([403, ["AccessDenied"]]);
  });

  it("a JobManager reads not even its own system's licence (403); a ReportAdmin of the Supersystem none (403)", async () => {
    const reportAdmin = await adminToken("ReportAdmin");
    for (const token of [t.managerToken, reportAdmin.token]) {
      for (const get of [read, readOld]) {
        const res = await get(token, own.id);
        expect([res.status, codes(res.json)]).toEqual([403, ["AccessDenied"]]);
        expect(res.text).not.toContain("Tenant licence");
      }
      // a licence its system does not use is 404 to the tenant's JobManager, as an unknown one
      if (token === t.managerToken) {
        const theirs = await read(token, foreign.id);
        expect([theirs.status, codes(theirs.json)]).toEqual([404, ["LicenceNotFound"]]);
      }
      for (const get of [list, listBasic]) {
        const res = await get(token);
        expect(res.status).toBe(403);
      }
    }
  });

  it("answers 401 without a token", async () => {
    expect((await call(listRoute, "/api/v3/licences")).status).toBe(401);
    expect((await call(listBasicRoute, "/api/v3/licences/basic")).status).toBe(401);
    expect((await call(getRoute, `/api/v3/licences/${own.id}`)).status).toBe(401);
    expect((await call(getLicenceOld, `/api/licences/${own.id}`)).status).toBe(401);
  });
});

// =========================================================================================================

describe("alerts through the API", () => {
  it("an expiration in 5 days is critical LicenceExpiresSoon {days: 5}; in 20 days warning", async () => {
    const soon = await uploaded({ expiration: dayFromNow(5) });
    expect(soon.alerts).toEqual([{ level: "critical", code: "LicenceExpiresSoon", params: { days: 5 } }]);
    expect(soon.level).toBe("critical");
    const later = await uploaded({ expiration: dayFromNow(20) });
    expect(later.alerts).toEqual([{ level: "warning", code: "LicenceExpiresSoon", params: { days: 20 } }]);
    expect(later.level).toBe("warning");

    const basic = (await listBasic(superAdmin.token)).json as LicenceJson[];
    expect(basic.find((l) => l.id === soon.id)).toMatchObject({ level: "critical", alerts: soon.alerts });
    expect(basic.find((l) => l.id === later.id)).toMatchObject({ level: "warning", alerts: later.alerts });
  });

  it("feature usage: 80 % warning, 95 % critical FeatureLimitNearlyReached, 100 % expired FeatureLimitReached", async () => {
    const db = await getDb();
    const licence = await uploaded({ features: [{ id: "Pages", status: "Limited", limit: 100, expiration: null }] });
    const system = await makeSystem({ licenceId: licence.id });

    await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 79 });
    expect((await licenceDto(licence.id)).alerts).toEqual([]);
    await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 1 });
    let dto = await licenceDto(licence.id);
    expect(usageOf(dto)).toBe(80);
    expect(dto.alerts).toEqual([
      { level: "warning", code: "FeatureLimitNearlyReached", params: { feature: "Pages", percent: 80 } },
    ]);
    expect(dto.level).toBe("warning");

    await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 15 });
    dto = await licenceDto(licence.id);
    expect(dto.alerts).toEqual([
      { level: "critical", code: "FeatureLimitNearlyReached", params: { feature: "Pages", percent: 95 } },
    ]);

    await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 5 });
    dto = await licenceDto(licence.id);
    expect(usageOf(dto)).toBe(100);
    expect(dto.features[0]?.isAvailable).toBe(false);
    expect(dto.alerts).toEqual([{ level: "expired", code: "FeatureLimitReached", params: { feature: "Pages" } }]);
    expect(dto.level).toBe("expired");
    const basic = (await listBasic(superAdmin.token)).json as LicenceJson[];
    expect(basic.find((l) => l.id === licence.id)?.level).toBe("expired");
  });

  it("a custom alertConfiguration changes the outcome", async () => {
    const db = await getDb();
    const licence = await uploaded({
      expiration: dayFromNow(20),
      features: [{ id: "Pages", status: "Limited", limit: 10, expiration: null }],
    });
    const system = await makeSystem({ licenceId: licence.id });
    await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 8 });
    expect((await licenceDto(licence.id)).alerts).toEqual([
      { level: "warning", code: "LicenceExpiresSoon", params: { days: 20 } },
      { level: "warning", code: "FeatureLimitNearlyReached", params: { feature: "Pages", percent: 80 } },
    ]);

    // later stages: nothing to say
    let res = await patch(superAdmin.token, licence.id, {
      alertConfiguration: { dateStage1: 10, dateStage2: 5, counterStage1: 90, counterStage2: 95 },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.alerts).toEqual([]);
    expect(res.json.level).toBeNull();
    expect((await licenceDto(licence.id)).alerts).toEqual([]);

    // earlier stages: critical
    res = await patch(superAdmin.token, licence.id, {
      alertConfiguration: { dateStage1: 60, dateStage2: 25, counterStage1: 50, counterStage2: 75 },
    });
    expect(res.status).toBe(200);
    expect(res.json.alerts).toEqual([
      { level: "critical", code: "LicenceExpiresSoon", params: { days: 20 } },
      { level: "critical", code: "FeatureLimitNearlyReached", params: { feature: "Pages", percent: 80 } },
    ]);
    expect(res.json.level).toBe("critical");
    const basic = (await listBasic(superAdmin.token)).json as LicenceJson[];
    expect(basic.find((l) => l.id === licence.id)?.level).toBe("critical");
  });
});

// =========================================================================================================

describe("usage recordFeatureUsage", () => {
  it("a system without a licence is not limited", async () => {
    const db = await getDb();
    const system = await makeSystem();
    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 1_000_000 })).toEqual({
      licenceId: null,
    });
    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 1_000_000 })).toEqual({
      licenceId: null,
    });
  });

  it("Limited 10 pages: 6 then 4 are counted, 1 more is refused with LicenceLimitReached", async () => {
    const db = await getDb();
    const licence = await uploaded({ features: [{ id: "Pages", status: "Limited", limit: 10, expiration: null }] });
    const system = await makeSystem({ licenceId: licence.id });
    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 6 })).toEqual({
      licenceId: licence.id,
    });
    // a job beyond what is left is refused whole and counts nothing
    const beyond = await usageError(recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 5 }));
    expect(beyond.code).toBe("LicenceLimitReached");
    expect(usageOf(await licenceDto(licence.id))).toBe(6);
    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 4 })).toEqual({
      licenceId: licence.id,
    });
    expect(usageOf(await licenceDto(licence.id))).toBe(10);

    const error = await usageError(recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 1 }));
    expect(error.code).toBe("LicenceLimitReached");
    expect(error.status).toBe(403);
    expect(usageOf(await licenceDto(licence.id))).toBe(10);

    // a feature the licence does not have is not granted either
    const missing = await usageError(recordFeatureUsage(db, { systemId: system.id, featureId: "LearnDocuments", amount: 1 }));
    expect(missing.code).toBe("LicenceLimitReached");
  });

  it("an Unlimited feature is counted but never refused", async () => {
    const db = await getDb();
    const licence = await uploaded({ features: [{ id: "Jobs", status: "Unlimited", limit: null, expiration: null }] });
    const system = await makeSystem({ licenceId: licence.id });
    for (let i = 0; i < 3; i++) {
      expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Jobs", amount: 1_000 })).toEqual({
        licenceId: licence.id,
      });
    }
    const jobs = (await licenceDto(licence.id)).features.find((f) => f.id === "Jobs");
    expect(jobs).toMatchObject({ usage: 3_000, isAvailable: true });
  });

  it("LimitedMonth starts again in the next month", async () => {
    const db = await getDb();
    const licence = await makeLicence({
      id: uniqueName("MONTH-"),
      expiration: "2099-12-31",
      features: [{ id: "Pages", status: "LimitedMonth", limit: 10, expiration: null }],
    });
    if (!licence) throw new Error("no licence");
    const system = await makeSystem({ licenceId: licence.id });
    const january = new Date("2031-01-31T23:00:00Z");
    const february = new Date("2031-02-01T00:30:00Z");
    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 10, now: january })).toEqual({
      licenceId: licence.id,
    });
    expect(
      (await usageError(recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 1, now: january }))).code,
    ).toBe("LicenceLimitReached");
    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 10, now: february })).toEqual({
      licenceId: licence.id,
    });
    expect(
      (await usageError(recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 1, now: february }))).code,
    ).toBe("LicenceLimitReached");
    const rows = await db.select().from(licenceUsage).where(eq(licenceUsage.licenceId, licence.id));
    expect(rows.map((r) => [r.period, r.count]).sort()).toEqual([
      ["2031-01", 10],
      ["2031-02", 10],
    ]);
  });

  it("a virtual licence [primary 5 pages, fallback 100 pages]: the first 5 go to the primary, the next to the fallback", async () => {
    const db = await getDb();
    const primary = await uploaded({
      name: "Primary",
      features: [{ id: "Pages", status: "Limited", limit: 5, expiration: null }],
    });
    const fallback = await uploaded({
      name: "Fallback",
      features: [{ id: "Pages", status: "Limited", limit: 100, expiration: null }],
    });
    const virtual = await virtualOf([primary.id, fallback.id]);
    const system = await makeSystem({ licenceId: virtual.id });

    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 3 })).toEqual({
      licenceId: primary.id,
    });
    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 2 })).toEqual({
      licenceId: primary.id,
    });
    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 1 })).toEqual({
      licenceId: fallback.id,
    });
    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 10 })).toEqual({
      licenceId: fallback.id,
    });

    const p = await licenceDto(primary.id);
    expect(usageOf(p)).toBe(5);
    expect(p.features[0]?.isAvailable).toBe(false);
    expect(p.alerts).toEqual([{ level: "expired", code: "FeatureLimitReached", params: { feature: "Pages" } }]);
    const f = await licenceDto(fallback.id);
    expect(usageOf(f)).toBe(11);
    expect(f.features[0]?.isAvailable).toBe(true);
  });

  it("a virtual licence: a job larger than what is left of the primary is served by the fallback, not refused", async () => {
    const db = await getDb();
    const primary = await uploaded({ features: [{ id: "Pages", status: "Limited", limit: 5, expiration: null }] });
    const fallback = await uploaded({ features: [{ id: "Pages", status: "Limited", limit: 100, expiration: null }] });
    const virtual = await virtualOf([primary.id, fallback.id]);
    const system = await makeSystem({ licenceId: virtual.id });

    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 3 })).toEqual({
      licenceId: primary.id,
    });
    // 2 pages left on the primary, 100 on the fallback: a 3-page job fits the virtual licence
    await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 3 });
    const used = (usageOf(await licenceDto(primary.id)) ?? 0) + (usageOf(await licenceDto(fallback.id)) ?? 0);
    expect(used).toBe(6);
    expect(usageOf(await licenceDto(primary.id))).toBeLessThanOrEqual(5);
  });

  it("concurrent jobs never take more than the limit together", async () => {
    const db = await getDb();
    const licence = await uploaded({ features: [{ id: "Pages", status: "Limited", limit: 10, expiration: null }] });
    const system = await makeSystem({ licenceId: licence.id });
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, () => recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 1 })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as AppError).code).toBe("LicenceLimitReached");
    }
    expect(usageOf(await licenceDto(licence.id))).toBe(10);
  });

  it("a virtual licence skips an expired child and a child without the feature", async () => {
    const db = await getDb();
    const expired = await makeLicence({
      id: uniqueName("EXPIRED-"),
      expiration: dayFromNow(-1),
      features: [{ id: "Pages", status: "Limited", limit: 100, expiration: null }],
    });
    const noPages = await uploaded({ features: [{ id: "Jobs", status: "Unlimited", limit: null, expiration: null }] });
    const featureExpired = await makeLicence({
      id: uniqueName("FEXP-"),
      expiration: "2099-12-31",
      features: [{ id: "Pages", status: "Limited", limit: 100, expiration: dayFromNow(-1) }],
    });
    const fallback = await uploaded({ features: [{ id: "Pages", status: "Limited", limit: 100, expiration: null }] });
    if (!expired || !featureExpired) throw new Error("no licence");
    const virtual = await virtualOf([expired.id, noPages.id, featureExpired.id, fallback.id]);
    const system = await makeSystem({ licenceId: virtual.id });

    expect(await recordFeatureUsage(db, { systemId: system.id, featureId: "Pages", amount: 4 })).toEqual({
      licenceId: fallback.id,
    });
    expect(usageOf(await licenceDto(fallback.id))).toBe(4);
    expect(usageOf(await licenceDto(expired.id))).toBe(0);
    expect((await licenceDto(expired.id)).alerts).toEqual([{ level: "expired", code: "LicenceExpired", params: {} }]);

    // only expired children: refused
    const onlyExpired = await virtualOf([expired.id]);
    const other = await makeSystem({ licenceId: onlyExpired.id });
    expect((await usageError(recordFeatureUsage(db, { systemId: other.id, featureId: "Pages", amount: 1 }))).code).toBe(
      "LicenceLimitReached",
    );
  });
});

// =========================================================================================================

describe("cloud-service licences POST /api/v3/licences/csb and refresh", () => {
  const CSB_USER = "user";
  const CSB_SECRET = "secret";
  const source = new Map<string, string>();
  const received: { method?: string; url?: string; authorization?: string }[] = [];
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    const expected = `Basic ${Buffer.from(`${CSB_USER}:${CSB_SECRET}`).toString("base64")}`;
    server = createServer((req, res) => {
      received.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
      const match = /^\/api\/licences\/([^/?]+)$/.exec(req.url ?? "");
      if (req.method !== "GET" || !match?.[1]) {
        res.writeHead(404).end();
        return;
      }
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "unauthorized" }));
        return;
      }
      const content = source.get(decodeURIComponent(match[1]));
      if (content === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": "text/plain" }).end(content);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
  });

  function body(customer: string, overrides: Record<string, unknown> = {}) {
    return { csbUrl: baseUrl, csbSystem: customer, csbUser: CSB_USER, csbPassword: CSB_SECRET, ...overrides };
  }

  it("adds the licence of the source and keeps the source; the password is sealed and masked", async () => {
    const customer = uniqueName("cust");
    const doc = fileDoc({ name: "Cloud licence" });
    source.set(customer, makeLicenceFile(doc));
    const licenceAdmin = await adminToken("LicenceAdmin");

    const res = await addCsb(licenceAdmin.token, body(customer));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(received).toEqual([
      {
        method: "GET",
        url: `/api/licences/${customer}`,
        authorization: `Basic ${Buffer.from(`${CSB_USER}:${CSB_SECRET}`).toString("base64")}`,
      },
    ]);
    expect(res.json).toMatchObject({
      id: doc.id,
      name: "Cloud licence",
      source: "csb",
      isVirtual: false,
      csbUrl: baseUrl,
      csbCustomer: customer,
      csbUsername: CSB_USER,
      csbPassword: MASK,
    });
    expect(res.json.refreshedAt).toEqual(expect.any(String));

    const back = await read(superAdmin.token, doc.id);
    expect(back.json).toMatchObject({ csbUrl: baseUrl, csbCustomer: customer, csbUsername: CSB_USER, csbPassword: MASK });
    for (const text of [res.text, back.text, (await list(superAdmin.token)).text, (await listBasic(superAdmin.token)).text]) {
      expect(text).not.toContain(`"${CSB_SECRET}"`);
    }

    const row = await storedLicence(doc.id);
    expect(row?.csbPasswordEnc).toBeTruthy();
    expect(row?.csbPasswordEnc).not.toBe(CSB_SECRET);
    expect(row?.csbPasswordEnc).not.toContain(CSB_SECRET);
    expect(openSecret(row?.csbPasswordEnc ?? "")).toBe(CSB_SECRET);

    const audit = await auditRows(doc.id, "Create");
    expect(audit).toHaveLength(1);
    expect(audit[0]?.value).not.toContain(CSB_SECRET);
    expect(audit[0]?.value).not.toContain(row?.csbPasswordEnc ?? "-");
  });

  it("with systemId the cloud licence is assigned to that system", async () => {
    const customer = uniqueName("cust");
    const doc = fileDoc();
    source.set(customer, makeLicenceFile(doc));
    const system = await makeSystem();
    const res = await addCsb(superAdmin.token, body(customer, { systemId: system.id }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await storedSystem(system.id))?.licenceId).toBe(doc.id);
  });

  it("each missing or blank field has its own key; nothing is fetched or stored", async () => {
    const customer = uniqueName("cust");
    source.set(customer, makeLicenceFile(fileDoc()));
    const before = await totals();
    const cases: [string, string][] = [
      ["csbUrl", "licence_error_csb_missingUrl"],
      ["csbSystem", "licence_error_csb_missingSystem"],
      ["csbUser", "licence_error_csb_missingUser"],
      ["csbPassword", "licence_error_csb_missingPassword"],
    ];
    for (const [field, code] of cases) {
      // a white-space password has its own test below
      for (const value of field === "csbPassword" ? [undefined, ""] : [undefined, "", "   "]) {
        const sent = body(customer, { [field]: value });
        if (value === undefined) delete (sent as Record<string, unknown>)[field];
        const res = await addCsb(superAdmin.token, sent);
        expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(codes(res.json), `${field}=${JSON.stringify(value)}`).toEqual([code]);
      }
    }
    const none = await addCsb(superAdmin.token, {});
    expect(codes(none.json).sort()).toEqual(cases.map(([, code]) => code).sort());
    expect(received).toEqual([]);
    expect(await totals()).toEqual(before);
  });

  it("a white-space password is blank too: licence_error_csb_missingPassword, the source is not contacted", async () => {
    const customer = uniqueName("cust");
    source.set(customer, makeLicenceFile(fileDoc()));
    const before = await totals();
    const res = await addCsb(superAdmin.token, body(customer, { csbPassword: "   " }));
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(codes(res.json)).toEqual(["licence_error_csb_missingPassword"]);
    expect(received).toEqual([]);
    expect(await totals()).toEqual(before);
  });

  it("a 401 from the source answers 502 LicenceSourceRefused; a closed port 502 LicenceSourceUnreachable; a bad file LicenceInvalid", async () => {
    const customer = uniqueName("cust");
    const doc = fileDoc();
    source.set(customer, makeLicenceFile(doc));
    const before = await totals();

    const wrong = await addCsb(superAdmin.token, body(customer, { csbPassword: "Wrong-Secret" }));
    expect(wrong.status).toBe(502);
    expect(codes(wrong.json)).toEqual(["LicenceSourceRefused"]);
    expect(wrong.text).not.toContain("Wrong-Secret");
    expect(received).toHaveLength(1);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await addCsb(superAdmin.token, body(customer, { csbUrl: `http://127.0.0.1:${closedPort}` }));
    expect(unreachable.status).toBe(502);
    expect(codes(unreachable.json)).toEqual(["LicenceSourceUnreachable"]);

    const badCustomer = uniqueName("bad");
    source.set(badCustomer, "this is not a licence file");
    const bad = await addCsb(superAdmin.token, body(badCustomer));
    expect(bad.status).toBe(400);
    expect(codes(bad.json)).toEqual(["LicenceInvalid"]);

    const otherKey = uniqueName("foreign");
    source.set(otherKey, makeLicenceFile(fileDoc(), generateKeyPair().privateKey));
    const untrusted = await addCsb(superAdmin.token, body(otherKey));
    expect(codes(untrusted.json)).toEqual(["LicenceSignatureInvalid"]);

    expect(await storedLicence(doc.id)).toBeUndefined();
    expect(await totals()).toEqual(before);

    // non-managers are refused before anything is fetched
    received.length = 0;
    const systemsAdmin = await adminToken("SystemsAdmin");
    const denied = await addCsb(systemsAdmin.token, body(customer));
    expect(denied.status).toBe(403);
    expect(received).toEqual([]);
  });

  it("refresh takes the new expiration from the source; audit Update", async () => {
    const customer = uniqueName("cust");
    const doc = fileDoc({ expiration: dayFromNow(20) });
    source.set(customer, makeLicenceFile(doc));
    const added = await addCsb(superAdmin.token, body(customer));
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(added.json.level).toBe("warning");

    const newExpiration = dayFromNow(400);
    source.set(
      customer,
      makeLicenceFile({
        ...doc,
        expiration: newExpiration,
        features: [{ id: "Pages", status: "Limited", limit: 5000, expiration: null }],
      }),
    );
    received.length = 0;
    const licenceAdmin = await adminToken("LicenceAdmin");
    const res = await refreshCsb(licenceAdmin.token, doc.id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(received).toHaveLength(1);
    expect(res.json).toMatchObject({ id: doc.id, expiration: newExpiration, alerts: [], level: null, csbPassword: MASK });
    expect(res.json.features[0]).toMatchObject({ id: "Pages", limit: 5000 });
    expect((await storedLicence(doc.id))?.expiration).toBe(newExpiration);
    expect((await licenceDto(doc.id)).expiration).toBe(newExpiration);
    const audit = await auditRows(doc.id, "Update");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ category: "Licence", operation: "Update", userId: licenceAdmin.user.id });
    expect(audit[0]?.value).not.toContain(CSB_SECRET);

    // a source that now refuses changes nothing
    source.set(customer, makeLicenceFile({ ...doc, expiration: dayFromNow(-1) }));
    const expired = await refreshCsb(superAdmin.token, doc.id);
    expect(expired.status).toBe(400);
    expect(codes(expired.json)).toEqual(["LicenceExpired"]);
    expect((await storedLicence(doc.id))?.expiration).toBe(newExpiration);
  });

  it("PATCH of a cloud licence: url, system and user required; the placeholder keeps the password, a new one is sealed", async () => {
    const customer = uniqueName("cust");
    const doc = fileDoc();
    source.set(customer, makeLicenceFile(doc));
    expect((await addCsb(superAdmin.token, body(customer))).status).toBe(200);
    const sealed = (await storedLicence(doc.id))?.csbPasswordEnc;

    for (const [field, code] of [
      ["csbUrl", "licence_error_csb_missingUrl"],
      ["csbSystem", "licence_error_csb_missingSystem"],
      ["csbUser", "licence_error_csb_missingUser"],
    ] as const) {
      const res = await patch(superAdmin.token, doc.id, { [field]: "" });
      expect(res.status, field).toBe(400);
      expect(codes(res.json), field).toEqual([code]);
    }

    const kept = await patch(superAdmin.token, doc.id, { name: "Renamed cloud licence", csbPassword: MASK });
    expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    expect(kept.json).toMatchObject({ name: "Renamed cloud licence", csbPassword: MASK });
    expect((await storedLicence(doc.id))?.csbPasswordEnc).toBe(sealed);
    expect((await refreshCsb(superAdmin.token, doc.id)).status).toBe(200);

    const changed = await patch(superAdmin.token, doc.id, { csbPassword: "Another-Secret" });
    expect(changed.status).toBe(200);
    expect(changed.text).not.toContain("Another-Secret");
    const row = await storedLicence(doc.id);
    expect(openSecret(row?.csbPasswordEnc ?? "")).toBe("Another-Secret");
    for (const entry of await auditRows(doc.id, "Update")) expect(entry.value).not.toContain("Another-Secret");
    // the source does not know that password
    const refused = await refreshCsb(superAdmin.token, doc.id);
    expect(refused.status).toBe(502);
    expect(codes(refused.json)).toEqual(["LicenceSourceRefused"]);
  });

  it("refresh refuses a source that now delivers another licence id (LicenceInvalid) and changes nothing", async () => {
    const customer = uniqueName("cust");
    const doc = fileDoc({ expiration: dayFromNow(100) });
    source.set(customer, makeLicenceFile(doc));
    expect((await addCsb(superAdmin.token, body(customer))).status).toBe(200);
    const other = fileDoc({ expiration: dayFromNow(300) });
    source.set(customer, makeLicenceFile(other));
    const res = await refreshCsb(superAdmin.token, doc.id);
    expect(res.status).toBe(400);
    expect(codes(res.json)).toEqual(["LicenceInvalid"]);
    expect((await storedLicence(doc.id))?.expiration).toBe(doc.expiration);
    expect(await storedLicence(other.id)).toBeUndefined();
  });

  it("refresh of a file licence answers 400 LicenceNotFromSource; unknown 404; non-managers 403", async () => {
    const file = await uploaded();
    const res = await refreshCsb(superAdmin.token, file.id);
    expect(res.status).toBe(400);
    expect(codes(res.json)).toEqual(["LicenceNotFromSource"]);
    const virtual = await virtualOf([file.id]);
    expect(codes((await refreshCsb(superAdmin.token, virtual.id)).json)).toEqual(["LicenceNotFromSource"]);
    const unknown = await refreshCsb(superAdmin.token, "NO-SUCH-LICENCE");
    expect(unknown.status).toBe(404);
    expect(codes(unknown.json)).toEqual(["LicenceNotFound"]);
    const systemsAdmin = await adminToken("SystemsAdmin");
    expect((await refreshCsb(systemsAdmin.token, file.id)).status).toBe(403);
    expect(await auditRows(file.id, "Update")).toHaveLength(0);
  });
});

// =========================================================================================================

describe("npm run licence:issue (scripts/licence-issue.ts)", () => {
  const TSX = path.join(process.cwd(), "node_modules/.bin/tsx");
  const SCRIPT = "scripts/licence-issue.ts";
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "licence-issue-"));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function run(args: string[]): { status: number; stdout: string; stderr: string } {
    try {
      const stdout = execFileSync(TSX, [SCRIPT, ...args], {
        cwd: process.cwd(),
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 60_000,
      });
      return { status: 0, stdout, stderr: "" };
    } catch (error) {
      const failed = error as { status?: number | null; stdout?: string; stderr?: string };
      return { status: failed.status ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
    }
  }

  it("signs a description with the test key; its output uploads", async () => {
    const keyFile = path.join(dir, "test.key");
    writeFileSync(keyFile, TEST_LICENCE_KEYS.privateKey);
    const doc = fileDoc({ name: "Issued by the script", station: stationId });
    const descFile = path.join(dir, "description.json");
    writeFileSync(descFile, JSON.stringify(doc, null, 2));

    const out = run(["--key", keyFile, "--in", descFile]);
    expect(out.status, out.stderr).toBe(0);
    const res = await upload(superAdmin.token, { base64Licence: out.stdout });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ id: doc.id, name: "Issued by the script", expiration: doc.expiration });
  }, 90_000);

  it("without --key it exits non-zero with a clear message", () => {
    const descFile = path.join(dir, "description2.json");
    writeFileSync(descFile, JSON.stringify(fileDoc()));
    const out = run(["--in", descFile]);
    expect(out.status).not.toBe(0);
    expect(out.stdout).toBe("");
    expect(out.stderr).toContain("Missing --key");

    const missingFile = run(["--key", path.join(dir, "no-such.key"), "--in", descFile]);
    expect(missingFile.status).not.toBe(0);
    expect(missingFile.stderr).toContain("Cannot read the private key file");
  }, 90_000);
});
