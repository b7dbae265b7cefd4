import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteSystemRoute, GET as getSystemRoute } from "@/app/api/systems/[systemId]/route";
import { GET as getSystemByName } from "@/app/api/systems/name/[systemName]/route";
import { GET as findSystemByName } from "@/app/api/systems/name/route";
import { GET as listSystemsRoute, POST as postSystem, PUT as putSystem } from "@/app/api/systems/route";
import { POST as postCsbTest } from "@/app/api/systems/test/route";
import { GET as getUserRoute } from "@/app/api/users/[userId]/route";
import { GET as getSystemIds } from "@/app/api/v2/systems/ids/route";
import { auditTrail, schedulers, schedulerTasks, sessions, systems, users } from "@/db/schema";
import { SUPERSYSTEM } from "@/lib/auth/permissions";
import { openSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { systemFilesDir } from "@/lib/systems/services/delete-system";
import { codes, login, supersystem, tokenOf } from "../helpers/api";
import { makeLicence, makeSystem, makeUser, uniqueName } from "../helpers/factories";
import { call } from "../helpers/http";

const MASK = "********";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
// spec foundation §8 "Systems": the CSB login error
const CSB_LOGIN_ERROR = "Error when logging on to the content-services backend";

type SystemJson = Record<string, unknown> & { id: string; name: string };

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
    admin,
    manager,
    adminToken: await tokenOf(system.name, admin.name),
    managerToken: await tokenOf(system.name, manager.name),
  };
}

async function storedSystem(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(systems).where(eq(systems.id, id));
  return row;
}

async function mustStoredSystem(id: string) {
  const row = await storedSystem(id);
  if (!row) throw new Error(`system ${id} missing`);
  return row;
}

/** Row counts of everything a system save writes. */
async function totals() {
  const db = await getDb();
  const [s] = await db.select({ n: count() }).from(systems);
  const [sch] = await db.select({ n: count() }).from(schedulers);
  const [a] = await db.select({ n: count() }).from(auditTrail);
  return { systems: s?.n ?? 0, schedulers: sch?.n ?? 0, audit: a?.n ?? 0 };
}

async function auditRows(systemId: string, operation?: "Create" | "Update" | "Delete") {
  const db = await getDb();
  const conditions = [eq(auditTrail.systemId, systemId), eq(auditTrail.category, "System")];
  if (operation) conditions.push(eq(auditTrail.operation, operation));
  return db
    .select()
    .from(auditTrail)
    .where(and(...conditions))
    .orderBy(desc(auditTrail.id));
}

function create(token: string, body: unknown) {
  return call(postSystem, "/api/systems", { method: "POST", token, body });
}

function update(token: string, body: unknown) {
  return call(putSystem, "/api/systems", { method: "PUT", token, body });
}

function remove(token: string, id: string) {
  return call(deleteSystemRoute, `/api/systems/${id}`, { method: "DELETE", token });
}

function read(token: string, id: string) {
  return call(getSystemRoute, `/api/systems/${id}`, { token });
}

/** GET systems/name/{name}, the spec's path; its documented form systems/name?name= must answer the same. */
async function readByName(token: string, name: string) {
  const spec = await call(getSystemByName, `/api/systems/name/${encodeURIComponent(name)}`, { token });
  const documented = await call(findSystemByName, `/api/systems/name?name=${encodeURIComponent(name)}`, { token });
  expect([documented.status, documented.json]).toEqual([spec.status, spec.json]);
  return spec;
}

/** The system as the API answers it, the body a form sends back on PUT. */
async function dtoOf(token: string, id: string): Promise<SystemJson> {
  const res = await read(token, id);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as SystemJson;
}

function csbBody(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    name: uniqueName("Csb"),
    description: "A cloud tenant",
    type: "CSB",
    isActive: true,
    canReadGlobalResources: true,
    activationCode: "ACT-1",
    licenceId: "LIC-CSB",
    derpcsUrl: "https://erp.example.com/derpcs",
    ccsApiKey: "ccs-Key-0123456789",
    csbUrl: "https://csb.example.com",
    csbUser: "svc",
    csbPassword: "Csb-Secret-1!",
    csbSystem: "customer1",
    ...overrides,
  };
}

let superAdmin: { token: string; user: { id: string; name: string } };

beforeAll(async () => {
  superAdmin = await adminToken("SuperAdmin");
});

beforeAll(async () => {
  for (const id of ["LIC-CSB", "LIC-OWN", "LIC-STOLEN"]) await makeLicence({ id });
});

describe("POST /api/systems", () => {
  it.each(["SuperAdmin", "SystemsAdmin"])(
    "a %s creates a CSB system; secrets are sealed at rest and masked in the answer",
    async (role) => {
      const { token, user } = await adminToken(role);
      const body = csbBody();
      const before = await totals();

      const res = await create(token, body);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toEqual({
        id: body.id,
        name: body.name,
        description: "A cloud tenant",
        type: "CSB",
        isActive: true,
        canReadGlobalResources: true,
        activationCode: "ACT-1",
        licenceId: "LIC-CSB",
        derpcsUrl: "https://erp.example.com/derpcs",
        ccsApiKey: MASK,
        csbUrl: "https://csb.example.com",
        csbUser: "svc",
        csbPassword: MASK,
        csbSystem: "customer1",
      });
      expect(res.text).not.toContain(body.csbPassword);
      expect(res.text).not.toContain(body.ccsApiKey);

      // the client-generated id is kept; the row holds the secrets sealed, not in clear
      const row = await mustStoredSystem(body.id);
      expect(row.name).toBe(body.name);
      expect(row.ccsApiKeyEnc).toBeTruthy();
      expect(row.csbPasswordEnc).toBeTruthy();
      expect(row.ccsApiKeyEnc).not.toBe(body.ccsApiKey);
      expect(row.csbPasswordEnc).not.toBe(body.csbPassword);
      expect(row.ccsApiKeyEnc).not.toContain(body.ccsApiKey);
      expect(row.csbPasswordEnc).not.toContain(body.csbPassword);
      expect(openSecret(row.ccsApiKeyEnc!)).toBe(body.ccsApiKey);
      expect(openSecret(row.csbPasswordEnc!)).toBe(body.csbPassword);

      // its scheduler, without the Supersystem's internal tasks (docs/decisions.md "Data")
      const db = await getDb();
      const sch = await db.select().from(schedulers).where(eq(schedulers.systemId, body.id));
      expect(sch).toHaveLength(1);
      const tasks = await db.select().from(schedulerTasks).where(eq(schedulerTasks.systemId, body.id));
      expect(tasks).toHaveLength(0);

      const after = await totals();
      expect(after.systems).toBe(before.systems + 1);
      expect(after.schedulers).toBe(before.schedulers + 1);

      const audit = await auditRows(body.id, "Create");
      expect(audit).toHaveLength(1);
      const entry = audit[0]!;
      expect(entry).toMatchObject({
        category: "System",
        operation: "Create",
        systemId: body.id,
        userId: user.id,
        username: user.name,
      });
      expect(entry.value).not.toContain(body.csbPassword);
      expect(entry.value).not.toContain(body.ccsApiKey);
      expect(entry.value).not.toContain(row.csbPasswordEnc!);
      expect(entry.value).not.toContain(row.ccsApiKeyEnc!);
      expect(JSON.parse(entry.value)).toMatchObject({ id: body.id, name: body.name, type: "CSB", csbUser: "svc" });

      // reading it back masks the secrets too
      const back = await read(token, body.id);
      expect(back.json).toEqual(res.json);
    },
  );

  it("a Local system without secrets reads them as empty; an id is generated when none is sent", async () => {
    const name = uniqueName("Local");
    const res = await create(superAdmin.token, { name });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name,
      description: "",
      type: "Local",
      isActive: true,
      canReadGlobalResources: false,
      ccsApiKey: "",
      csbPassword: "",
      csbUrl: "",
      csbUser: "",
      csbSystem: "",
    });
    const row = await mustStoredSystem(res.json.id);
    expect(row.ccsApiKeyEnc).toBeNull();
    expect(row.csbPasswordEnc).toBeNull();
    // a CSB password sent for a Local system is not kept
    const local = await create(superAdmin.token, { name: uniqueName("Local"), csbPassword: "unused-Secret1", ccsApiKey: "k-1" });
    expect(local.status).toBe(200);
    expect(local.json).toMatchObject({ type: "Local", csbPassword: "", ccsApiKey: MASK });
    const localRow = await mustStoredSystem(local.json.id);
    expect(localRow.csbPasswordEnc).toBeNull();
    expect(openSecret(localRow.ccsApiKeyEnc!)).toBe("k-1");
  });

  it("names each failing rule of spec §5 by its key and stores nothing", async () => {
    const before = await totals();
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ["MissingSystemName"]],
      [{ name: "" }, ["MissingSystemName"]],
      [{ name: "   " }, ["MissingSystemName"]],
      [{ name: "Acme Corp" }, ["InvalidSystemName"]],
      [{ name: "a-b" }, ["InvalidSystemName"]],
      [{ name: "under_score" }, ["InvalidSystemName"]],
      // each rule its own reason: too long is TooLong {max}, not "letters and digits only"
      [{ name: "a".repeat(101) }, ["TooLong"]],
      [{ name: "a b".repeat(50) }, ["TooLong", "InvalidSystemName"]],
      [{ name: "Supersystem" }, ["SystemNameReserved"]],
      [{ name: "SUPERSYSTEM" }, ["SystemNameReserved"]],
      [{ name: "supersystem" }, ["SystemNameReserved"]],
      [{ name: uniqueName("T"), type: "Super" }, ["WrongSystemType"]],
      [{ name: uniqueName("T"), type: "Standalone" }, ["WrongSystemType"]],
      [{ name: uniqueName("C"), type: "CSB" }, ["MissingCsbUrl", "MissingCsbCustomer", "MissingCsbUser", "MissingCsbPassword"]],
      [
        { name: uniqueName("C"), type: "CSB", csbUrl: "", csbSystem: "", csbUser: "", csbPassword: "" },
        ["MissingCsbUrl", "MissingCsbCustomer", "MissingCsbUser", "MissingCsbPassword"],
      ],
      [
        { name: uniqueName("C"), type: "CSB", csbUrl: "https://csb.example.com" },
        ["MissingCsbCustomer", "MissingCsbUser", "MissingCsbPassword"],
      ],
      [csbBody({ csbSystem: "" }), ["MissingCsbCustomer"]],
      [csbBody({ csbUser: "" }), ["MissingCsbUser"]],
      [csbBody({ csbPassword: undefined }), ["MissingCsbPassword"]],
      [csbBody({ csbUrl: "" }), ["MissingCsbUrl"]],
    ];
    for (const [body, expected] of cases) {
      const res = await create(superAdmin.token, body);
      const label = JSON.stringify(body).slice(0, 120);
      expect(res.status, label).toBe(400);
      expect(codes(res.json).sort(), label).toEqual([...expected].sort());
    }
    const reserved = await create(superAdmin.token, { name: "supersystem" });
    expect(reserved.json.errors[0]).toMatchObject({ code: "SystemNameReserved", message: "The name Supersystem is reserved." });
    // a field's problem names the field and its limit, so that a form shows it under that field
    const tooLong = await create(superAdmin.token, { name: "a".repeat(300), description: "d".repeat(5000) });
    expect(tooLong.json.errors).toEqual([
      { code: "TooLong", message: "The field name takes at most 100 characters.", messageParameter: { field: "name", max: 100 } },
      {
        code: "TooLong",
        message: "The field description takes at most 4000 characters.",
        messageParameter: { field: "description", max: 4000 },
      },
    ]);
    expect(await totals()).toEqual(before);
  });

  it("accepts a name of exactly 100 letters and letters of any script", async () => {
    const long = `${"a".repeat(92)}${uniqueName("")}`;
    expect(long).toHaveLength(100);
    const res = await create(superAdmin.token, { name: long });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.name).toBe(long);
    const umlaut = await create(superAdmin.token, { name: `Müller${uniqueName("")}` });
    expect(umlaut.status).toBe(200);
  });

  it("answers 409 SystemNameExists for a taken name in any case, and for a taken id, and stores nothing", async () => {
    const first = await create(superAdmin.token, { name: "Acme", description: "first" });
    expect(first.status).toBe(200);
    const before = await totals();
    for (const name of ["Acme", "ACME", "acme"]) {
      const res = await create(superAdmin.token, { name });
      expect(res.status, name).toBe(409);
      expect(res.json.errors).toEqual([
        { code: "SystemNameExists", message: `A system named ${name} already exists.`, messageParameter: { name } },
      ]);
    }
    // an id that is already used does not overwrite that system
    const sameId = await create(superAdmin.token, { id: first.json.id, name: uniqueName("Other") });
    expect(sameId.status).toBeGreaterThanOrEqual(400);
    expect(sameId.status).toBeLessThan(500);
    expect(await storedSystem(first.json.id)).toMatchObject({ name: "Acme", description: "first" });
    expect(await totals()).toEqual(before);
  });

  it("answers 400 for wrong JSON types and malformed JSON, never 500, and stores nothing", async () => {
    const before = await totals();
    const bodies: unknown[] = [
      { name: 123 },
      { name: ["Acme2"] },
      { name: uniqueName("T"), isActive: "yes" },
      { name: uniqueName("T"), canReadGlobalResources: "true" },
      { name: uniqueName("T"), type: 5 },
      { name: uniqueName("T"), description: [] },
      { name: uniqueName("T"), csbPassword: 42 },
      { name: uniqueName("T"), ccsApiKey: { key: 1 } },
      { name: uniqueName("T"), derpcsUrl: "not a url" },
      { name: uniqueName("T"), id: "not-a-uuid" },
      [{ name: uniqueName("T") }],
      "Acme3",
    ];
    for (const body of bodies) {
      const res = await create(superAdmin.token, body);
      const label = JSON.stringify(body);
      expect(res.status, label).toBe(400);
      expect(codes(res.json), label).not.toContain("InternalError");
    }
    const malformed = await call(postSystem, "/api/systems", {
      method: "POST",
      token: superAdmin.token,
      rawBody: '{"name": "Broken"',
    });
    expect(malformed.status).toBe(400);
    expect(codes(malformed.json)).toEqual(["InvalidJson"]);
    expect(await totals()).toEqual(before);
  });

  it("does not take the placeholder for a CSB password when nothing is stored yet", async () => {
    // spec §5: a CSB system needs a password; "********" only means "keep the stored one"
    const before = await totals();
    const body = csbBody({ csbPassword: MASK });
    const res = await create(superAdmin.token, body);
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(codes(res.json)).toEqual(["MissingCsbPassword"]);
    expect(await storedSystem(body.id)).toBeUndefined();
    expect(await totals()).toEqual(before);
  });
});

describe("refusals", () => {
  it("tenant Administrator and JobManager, Supersystem ReportAdmin and LicenceAdmin get 403 for POST and DELETE", async () => {
    const { adminToken: tenantAdmin, managerToken } = await tenant();
    const reportAdmin = await adminToken("ReportAdmin");
    const licenceAdmin = await adminToken("LicenceAdmin");
    const target = await makeSystem({ isActive: false });
    const before = await totals();
    for (const [label, token] of [
      ["Administrator", tenantAdmin],
      ["JobManager", managerToken],
      ["ReportAdmin", reportAdmin.token],
      ["LicenceAdmin", licenceAdmin.token],
    ] as const) {
      const post = await create(token, { name: uniqueName("Denied") });
      expect(post.status, label).toBe(403);
      expect(codes(post.json), label).toEqual(["AccessDenied"]);
      const del = await remove(token, target.id);
      expect(del.status, label).toBe(403);
      expect(codes(del.json), label).toEqual(["AccessDenied"]);
    }
    expect(await storedSystem(target.id)).toBeDefined();
    expect(await totals()).toEqual(before);
  });

  it("answers 401 MissingToken without a token on every systems call", async () => {
    const target = await makeSystem({ isActive: false });
    const before = await totals();
    const answers = [
      await call(postSystem, "/api/systems", { method: "POST", body: { name: uniqueName("Anon") } }),
      await call(putSystem, "/api/systems", { method: "PUT", body: { id: target.id, name: "Renamed" } }),
      await call(deleteSystemRoute, `/api/systems/${target.id}`, { method: "DELETE" }),
      await call(listSystemsRoute, "/api/systems"),
      await call(getSystemRoute, `/api/systems/${target.id}`),
      await call(getSystemByName, `/api/systems/name/${target.name}`),
      await call(getSystemIds, "/api/v2/systems/ids"),
      await call(postCsbTest, "/api/systems/test", { method: "POST", body: {} }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(codes(res.json)).toEqual(["MissingToken"]);
      expect(res.headers.get("www-authenticate")).toContain("invalid_token");
      expect(res.text).not.toContain(target.name);
    }
    expect(await storedSystem(target.id)).toMatchObject({ name: target.name });
    expect(await totals()).toEqual(before);
  });
});

describe("GET /api/systems", () => {
  it("SuperAdmin, SystemsAdmin and LicenceAdmin see every system, the Supersystem included, with secrets masked", async () => {
    const made = await create(superAdmin.token, csbBody());
    expect(made.status).toBe(200);
    const db = await getDb();
    const all = await db.select({ id: systems.id }).from(systems);
    for (const role of ["SuperAdmin", "SystemsAdmin", "LicenceAdmin"]) {
      const { token } = await adminToken(role);
      const res = await call(listSystemsRoute, "/api/systems", { token });
      expect(res.status, role).toBe(200);
      const list = res.json as SystemJson[];
      expect(list.map((s) => s.id).sort(), role).toEqual(all.map((s) => s.id).sort());
      expect(
        list.some((s) => s.name === SUPERSYSTEM && s.type === "Super"),
        role,
      ).toBe(true);
      expect(
        list.find((s) => s.id === made.json.id),
        role,
      ).toMatchObject({ ccsApiKey: MASK, csbPassword: MASK });
      expect(res.text).not.toContain("Csb-Secret-1!");
      expect(res.text).not.toContain("ccs-Key-0123456789");
      expect(res.text).not.toMatch(/v1:[A-Za-z0-9_-]+:/);
    }
  });

  it("refuses a tenant Administrator and a ReportAdmin with 403", async () => {
    const { adminToken: tenantAdmin } = await tenant();
    const reportAdmin = await adminToken("ReportAdmin");
    for (const token of [tenantAdmin, reportAdmin.token]) {
      const res = await call(listSystemsRoute, "/api/systems", { token });
      expect(res.status).toBe(403);
      expect(codes(res.json)).toEqual(["AccessDenied"]);
    }
  });

  it("?licenceId filters to the systems using that licence", async () => {
    const licence = uniqueName("LIC");
    await makeLicence({ id: licence });
    await makeLicence({ id: `${licence}x` });
    const a = await create(superAdmin.token, { name: uniqueName("LicA") });
    const b = await create(superAdmin.token, { name: uniqueName("LicB") });
    const c = await create(superAdmin.token, { name: uniqueName("LicC") });
    for (const [made, id] of [
      [a, licence],
      [b, licence],
      [c, `${licence}x`],
    ] as const) {
      const dto = await dtoOf(superAdmin.token, made.json.id);
      const res = await update(superAdmin.token, { ...dto, licenceId: id });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.licenceId).toBe(id);
    }
    const licenceAdmin = await adminToken("LicenceAdmin");
    for (const token of [superAdmin.token, licenceAdmin.token]) {
      const res = await call(listSystemsRoute, `/api/systems?licenceId=${licence}`, { token });
      expect(res.status).toBe(200);
      expect((res.json as SystemJson[]).map((s) => s.id).sort()).toEqual([a.json.id, b.json.id].sort());
      expect((res.json as SystemJson[]).every((s) => s.licenceId === licence)).toBe(true);
    }
    const none = await call(listSystemsRoute, `/api/systems?licenceId=${uniqueName("nolicence")}`, { token: superAdmin.token });
    expect(none.status).toBe(200);
    expect(none.json).toEqual([]);
  });
});

describe("GET /api/systems/{id} and /api/systems/name/{name}", () => {
  it("managers read any system, by id or by name in any case", async () => {
    const made = await create(superAdmin.token, csbBody());
    const sup = await supersystem();
    for (const role of ["SuperAdmin", "SystemsAdmin", "LicenceAdmin"]) {
      const { token } = await adminToken(role);
      const byId = await read(token, made.json.id);
      expect(byId.status, role).toBe(200);
      expect(byId.json, role).toEqual(made.json);
      for (const name of [made.json.name, made.json.name.toUpperCase(), made.json.name.toLowerCase()]) {
        const byName = await readByName(token, name);
        expect(byName.status, `${role} ${name}`).toBe(200);
        expect(byName.json, `${role} ${name}`).toEqual(made.json);
      }
      const superById = await read(token, sup.id);
      expect(superById.status, role).toBe(200);
      expect(superById.json).toMatchObject({ id: sup.id, name: SUPERSYSTEM, type: "Super" });
      const superByName = await readByName(token, "SUPERSYSTEM");
      expect(superByName.json.id, role).toBe(sup.id);
    }
  });

  it("a tenant Administrator reads only its own system; others answer 404 SystemNotFound, its own JobManager 403", async () => {
    const own = await tenant();
    const other = await tenant();
    const sup = await supersystem();
    const mine = await read(own.adminToken, own.system.id);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ id: own.system.id, name: own.system.name, type: "Local" });
    const mineByName = await readByName(own.adminToken, own.system.name.toUpperCase());
    expect(mineByName.status).toBe(200);
    expect(mineByName.json.id).toBe(own.system.id);

    for (const res of [
      await read(own.adminToken, other.system.id),
      await readByName(own.adminToken, other.system.name),
      await read(own.adminToken, sup.id),
      await readByName(own.adminToken, SUPERSYSTEM),
      await read(own.adminToken, UNKNOWN_ID),
      await readByName(own.adminToken, "NoSuchSystem"),
    ]) {
      expect(res.status).toBe(404);
      expect(codes(res.json)).toEqual(["SystemNotFound"]);
      expect(res.text).not.toContain(other.system.name);
    }
    // a JobManager has no ManageSystemConfig: within its own system that is 403, by id and by name
    for (const manager of [await read(own.managerToken, own.system.id), await readByName(own.managerToken, own.system.name)]) {
      expect(manager.status).toBe(403);
      expect(codes(manager.json)).toEqual(["AccessDenied"]);
    }
    // …and another system is 404 to it as to anybody
    const foreign = await read(own.managerToken, other.system.id);
    expect([foreign.status, codes(foreign.json)]).toEqual([404, ["SystemNotFound"]]);
  });

  it("answers 400 InvalidId for a malformed id, never 500", async () => {
    for (const id of ["not-a-uuid", "1", "00000000-0000-4000-8000-00000000000Z", "'%20or%201=1"]) {
      const res = await read(superAdmin.token, id);
      expect(res.status, id).toBe(400);
      expect(codes(res.json), id).toEqual(["InvalidId"]);
      const del = await remove(superAdmin.token, id);
      expect(del.status, id).toBe(400);
      expect(codes(del.json), id).toEqual(["InvalidId"]);
    }
  });
});

describe("GET /api/v2/systems/ids", () => {
  it("answers [{ id, name }] of every system to admin-portal users and 403 to tenant users", async () => {
    const db = await getDb();
    await makeSystem();
    const all = await db.select({ id: systems.id, name: systems.name }).from(systems);
    for (const role of ["SuperAdmin", "SystemsAdmin", "ReportAdmin", "ResourceAdmin", "AuditTrailAdmin", "LicenceAdmin"]) {
      const { token } = await adminToken(role);
      const res = await call(getSystemIds, "/api/v2/systems/ids", { token });
      expect(res.status, role).toBe(200);
      const list = res.json as { id: string; name: string }[];
      for (const item of list) expect(Object.keys(item).sort(), role).toEqual(["id", "name"]);
      const byId = (x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id);
      expect([...list].sort(byId), role).toEqual([...all].sort(byId));
    }
    const { adminToken: tenantAdmin, managerToken } = await tenant();
    for (const token of [tenantAdmin, managerToken]) {
      const res = await call(getSystemIds, "/api/v2/systems/ids", { token });
      expect(res.status).toBe(403);
      expect(codes(res.json)).toEqual(["AccessDenied"]);
    }
  });
});

describe("PUT /api/systems", () => {
  it("renames a system and changes its description; the old name is free again; an audit row Update", async () => {
    const oldName = uniqueName("Old");
    const made = await create(superAdmin.token, { name: oldName, description: "before" });
    const newName = uniqueName("New");
    const res = await update(superAdmin.token, { ...made.json, name: newName, description: "after" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ id: made.json.id, name: newName, description: "after" });
    expect(await mustStoredSystem(made.json.id)).toMatchObject({ name: newName, description: "after" });

    expect((await readByName(superAdmin.token, oldName)).status).toBe(404);
    expect((await readByName(superAdmin.token, newName)).json.id).toBe(made.json.id);
    const again = await create(superAdmin.token, { name: oldName });
    expect(again.status).toBe(200);
    expect(again.json.id).not.toBe(made.json.id);

    // another case of its own name is no clash
    const recased = await update(superAdmin.token, { ...res.json, name: newName.toUpperCase() });
    expect(recased.status).toBe(200);
    expect(recased.json.name).toBe(newName.toUpperCase());

    const rows = await auditRows(made.json.id, "Update");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ category: "System", operation: "Update", userId: superAdmin.user.id });
    expect(JSON.parse(rows[1]!.value)).toMatchObject({ id: made.json.id, name: newName, description: "after" });
  });

  it("keeps a secret sent as the placeholder, clears one sent empty, replaces one sent new; changes CSB fields", async () => {
    const body = csbBody();
    const made = await create(superAdmin.token, body);
    expect(made.status).toBe(200);
    const sealed = await mustStoredSystem(body.id);

    // placeholders: the stored secrets are kept untouched
    const keep = await update(superAdmin.token, { ...made.json, description: "kept secrets" });
    expect(keep.status, JSON.stringify(keep.json)).toBe(200);
    expect(keep.json).toMatchObject({ ccsApiKey: MASK, csbPassword: MASK, description: "kept secrets" });
    let row = await mustStoredSystem(body.id);
    expect(row.csbPasswordEnc).toBe(sealed.csbPasswordEnc);
    expect(row.ccsApiKeyEnc).toBe(sealed.ccsApiKeyEnc);
    expect(openSecret(row.csbPasswordEnc!)).toBe(body.csbPassword);
    expect(openSecret(row.ccsApiKeyEnc!)).toBe(body.ccsApiKey);

    // omitted secrets are kept as well
    const { ccsApiKey: _k, csbPassword: _p, ...withoutSecrets } = made.json;
    const omitted = await update(superAdmin.token, withoutSecrets);
    expect(omitted.status).toBe(200);
    row = await mustStoredSystem(body.id);
    expect(openSecret(row.csbPasswordEnc!)).toBe(body.csbPassword);
    expect(openSecret(row.ccsApiKeyEnc!)).toBe(body.ccsApiKey);

    // new values replace, "" clears the API key, CSB fields change
    const changed = await update(superAdmin.token, {
      ...made.json,
      ccsApiKey: "",
      csbPassword: "Csb-Secret-2!",
      csbUrl: "https://csb2.example.com/base",
      csbUser: "svc2",
      csbSystem: "customer2",
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({
      ccsApiKey: "",
      csbPassword: MASK,
      csbUrl: "https://csb2.example.com/base",
      csbUser: "svc2",
      csbSystem: "customer2",
    });
    expect(changed.text).not.toContain("Csb-Secret-2!");
    row = await mustStoredSystem(body.id);
    expect(row.ccsApiKeyEnc).toBeNull();
    expect(row.csbPasswordEnc).not.toBe(sealed.csbPasswordEnc);
    expect(row.csbPasswordEnc).not.toContain("Csb-Secret-2!");
    expect(openSecret(row.csbPasswordEnc!)).toBe("Csb-Secret-2!");
    expect(row).toMatchObject({ csbUrl: "https://csb2.example.com/base", csbUser: "svc2", csbSystem: "customer2" });

    const newKey = await update(superAdmin.token, { ...changed.json, ccsApiKey: "ccs-Key-NEW" });
    expect(newKey.json.ccsApiKey).toBe(MASK);
    row = await mustStoredSystem(body.id);
    expect(openSecret(row.ccsApiKeyEnc!)).toBe("ccs-Key-NEW");
    expect(openSecret(row.csbPasswordEnc!)).toBe("Csb-Secret-2!");

    // a CSB system cannot lose its password: "" answers MissingCsbPassword and keeps it
    const cleared = await update(superAdmin.token, { ...newKey.json, csbPassword: "" });
    expect(cleared.status).toBe(400);
    expect(codes(cleared.json)).toEqual(["MissingCsbPassword"]);
    expect(openSecret((await mustStoredSystem(body.id)).csbPasswordEnc!)).toBe("Csb-Secret-2!");

    const rows = await auditRows(body.id);
    expect(rows.map((r) => r.operation)).toEqual(["Update", "Update", "Update", "Update", "Create"]);
    for (const r of rows) {
      for (const secret of [body.csbPassword, body.ccsApiKey, "Csb-Secret-2!", "ccs-Key-NEW"])
        expect(r.value).not.toContain(secret);
      expect(r.value).not.toMatch(/v1:[A-Za-z0-9_-]+:/);
    }
  });

  it("switching a CSB system to Local clears its CSB fields and password", async () => {
    const body = csbBody();
    const made = await create(superAdmin.token, body);
    const res = await update(superAdmin.token, { ...made.json, type: "Local" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ type: "Local", csbUrl: "", csbUser: "", csbSystem: "", csbPassword: "", ccsApiKey: MASK });
    const row = await mustStoredSystem(body.id);
    expect(row).toMatchObject({ type: "Local", csbUrl: null, csbUser: null, csbSystem: null, csbPasswordEnc: null });
    expect(openSecret(row.ccsApiKeyEnc!)).toBe(body.ccsApiKey);

    // and back to CSB needs every CSB field again
    const back = await update(superAdmin.token, { ...res.json, type: "CSB" });
    expect(back.status).toBe(400);
    expect(codes(back.json).sort()).toEqual(["MissingCsbCustomer", "MissingCsbPassword", "MissingCsbUrl", "MissingCsbUser"]);
    expect(await mustStoredSystem(body.id)).toMatchObject({ type: "Local", csbPasswordEnc: null });
  });

  it("does not take the placeholder for a CSB password when switching a system without one to CSB", async () => {
    const made = await create(superAdmin.token, { name: uniqueName("ToCsb") });
    const res = await update(superAdmin.token, {
      ...made.json,
      type: "CSB",
      csbUrl: "https://csb.example.com",
      csbUser: "svc",
      csbSystem: "customer1",
      csbPassword: MASK,
    });
    // nothing is stored to keep: the placeholder is no password (spec §5: a CSB system needs one)
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(codes(res.json)).toEqual(["MissingCsbPassword"]);
    expect(await mustStoredSystem(made.json.id)).toMatchObject({ type: "Local", csbPasswordEnc: null });
  });

  it("the Supersystem keeps its name, type and active state (400 SystemNotEditable) but its description can change", async () => {
    const sup = await supersystem();
    const { token } = await adminToken("SystemsAdmin");
    const dto = await dtoOf(token, sup.id);
    const before = await totals();
    for (const change of [
      { name: "Supersystem2" },
      { name: "supersystem" },
      { name: "Admin" },
      { isActive: false },
      { type: "Local" },
      { type: "CSB", csbUrl: "https://csb.example.com", csbUser: "u", csbPassword: "p", csbSystem: "c" },
    ]) {
      const res = await update(token, { ...dto, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(codes(res.json), JSON.stringify(change)).toEqual(["SystemNotEditable"]);
    }
    expect(await mustStoredSystem(sup.id)).toMatchObject({ name: SUPERSYSTEM, type: "Super", isActive: true });
    expect(await totals()).toEqual(before);
    // the admin login still works
    expect((await login(SUPERSYSTEM, superAdmin.user.name)).status).toBe(200);

    const described = await update(token, { ...dto, description: "Administration of everything" });
    expect(described.status, JSON.stringify(described.json)).toBe(200);
    expect(described.json).toMatchObject({
      id: sup.id,
      name: SUPERSYSTEM,
      type: "Super",
      description: "Administration of everything",
    });
    expect(await mustStoredSystem(sup.id)).toMatchObject({ description: "Administration of everything", isActive: true });
    const [row] = await auditRows(sup.id, "Update");
    expect(row).toMatchObject({ category: "System", operation: "Update" });
  });

  it("a tenant Administrator changes only the ccsApiKey of its own system; another system answers 404, its JobManager 403", async () => {
    const own = await tenant({ description: "own", licenceId: "LIC-OWN" });
    const other = await tenant({ description: "other" });
    const dto = await dtoOf(own.adminToken, own.system.id);
    const res = await update(own.adminToken, {
      ...dto,
      name: uniqueName("Hijack"),
      description: "changed by admin",
      isActive: false,
      type: "CSB",
      licenceId: "LIC-STOLEN",
      canReadGlobalResources: true,
      csbUrl: "https://csb.example.com",
      csbUser: "u",
      csbPassword: "p-Secret1",
      csbSystem: "c",
      ccsApiKey: "tenant-Key-1",
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      id: own.system.id,
      name: own.system.name,
      description: "own",
      isActive: true,
      type: "Local",
      licenceId: "LIC-OWN",
      canReadGlobalResources: false,
      ccsApiKey: MASK,
      csbPassword: "",
    });
    const row = await mustStoredSystem(own.system.id);
    expect(row).toMatchObject({
      name: own.system.name,
      description: "own",
      isActive: true,
      type: "Local",
      licenceId: "LIC-OWN",
      canReadGlobalResources: false,
      csbUrl: null,
      csbPasswordEnc: null,
    });
    expect(openSecret(row.ccsApiKeyEnc!)).toBe("tenant-Key-1");
    // its users keep working
    expect((await read(own.adminToken, own.system.id)).status).toBe(200);

    const [audit] = await auditRows(own.system.id, "Update");
    expect(audit).toMatchObject({ operation: "Update", userId: own.admin.id, username: own.admin.name });
    expect(audit!.value).not.toContain("tenant-Key-1");

    // the placeholder keeps it, "" clears it
    await update(own.adminToken, { ...dto, ccsApiKey: MASK });
    expect(openSecret((await mustStoredSystem(own.system.id)).ccsApiKeyEnc!)).toBe("tenant-Key-1");
    const cleared = await update(own.adminToken, { ...dto, ccsApiKey: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.json.ccsApiKey).toBe("");
    expect((await mustStoredSystem(own.system.id)).ccsApiKeyEnc).toBeNull();

    // another system: 404; its own system for a JobManager: 403; both unchanged
    const otherBefore = await mustStoredSystem(other.system.id);
    const foreign = await update(own.adminToken, { ...dto, id: other.system.id, name: other.system.name, ccsApiKey: "x-Key" });
    expect(foreign.status).toBe(404);
    expect(codes(foreign.json)).toEqual(["SystemNotFound"]);
    const manager = await update(own.managerToken, { ...dto, ccsApiKey: "manager-Key" });
    expect(manager.status).toBe(403);
    expect(codes(manager.json)).toEqual(["AccessDenied"]);
    expect(await mustStoredSystem(other.system.id)).toEqual(otherBefore);
    expect((await mustStoredSystem(own.system.id)).ccsApiKeyEnc).toBeNull();
  });

  it("deactivating a system ends its users' sessions and login answers SystemDeactivated", async () => {
    const target = await tenant();
    const bystander = await tenant();
    const secondToken = await tokenOf(target.system.name, target.admin.name);
    const dto = await dtoOf(superAdmin.token, target.system.id);

    const res = await update(superAdmin.token, { ...dto, isActive: false });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.isActive).toBe(false);
    expect((await mustStoredSystem(target.system.id)).isActive).toBe(false);

    for (const [token, userId] of [
      [target.adminToken, target.admin.id],
      [secondToken, target.admin.id],
      [target.managerToken, target.manager.id],
    ] as const) {
      const after = await call(getUserRoute, `/api/users/${userId}`, { token });
      expect(after.status).toBe(401);
      expect(codes(after.json)).toEqual(["InvalidToken"]);
      expect(after.headers.get("www-authenticate")).toContain("invalid_token");
    }
    // the sessions are revoked, not merely hidden behind the inactive system
    const db = await getDb();
    const open = await db
      .select({ id: sessions.id, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(inArray(sessions.userId, [target.admin.id, target.manager.id]));
    expect(open.length).toBeGreaterThanOrEqual(3);
    for (const s of open) expect(s.revokedAt).not.toBeNull();

    const denied = await login(target.system.name, target.admin.name);
    expect(denied.status).toBe(403);
    expect(codes(denied.json)).toEqual(["SystemDeactivated"]);
    const wrong = await login(target.system.name, target.admin.name, "Wrong-Passw0rd");
    expect(wrong.status).toBe(401);
    expect(codes(wrong.json)).toEqual(["InvalidCredentials"]);

    // another system is untouched
    expect((await call(getUserRoute, `/api/users/${bystander.admin.id}`, { token: bystander.adminToken })).status).toBe(200);

    // reactivated: the old tokens stay dead, a new login works
    const back = await update(superAdmin.token, { ...dto, isActive: true });
    expect(back.status).toBe(200);
    const stale = await call(getUserRoute, `/api/users/${target.admin.id}`, { token: target.adminToken });
    expect(stale.status).toBe(401);
    const fresh = await tokenOf(target.system.name, target.admin.name);
    expect((await call(getUserRoute, `/api/users/${target.admin.id}`, { token: fresh })).status).toBe(200);

    const rows = await auditRows(target.system.id, "Update");
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[1]!.value)).toMatchObject({ id: target.system.id, isActive: false });
    expect(JSON.parse(rows[0]!.value)).toMatchObject({ id: target.system.id, isActive: true });
  });

  it("validates like POST, refuses a taken or reserved name, and changes nothing on failure", async () => {
    const taken = await create(superAdmin.token, { name: uniqueName("Taken") });
    const made = await create(superAdmin.token, { name: uniqueName("Edit"), description: "stays" });
    const stored = await mustStoredSystem(made.json.id);
    const before = await totals();
    const cases: [Record<string, unknown>, number, string[]][] = [
      [{ name: taken.json.name.toUpperCase() }, 409, ["SystemNameExists"]],
      [{ name: "supersystem" }, 400, ["SystemNameReserved"]],
      [{ name: "" }, 400, ["MissingSystemName"]],
      [{ name: "has space" }, 400, ["InvalidSystemName"]],
      [{ name: "b".repeat(101) }, 400, ["TooLong"]],
      [{ type: "Super" }, 400, ["WrongSystemType"]],
      [{ type: "CSB" }, 400, ["MissingCsbUrl", "MissingCsbCustomer", "MissingCsbUser", "MissingCsbPassword"]],
      [{ isActive: "no" }, 400, ["InvalidField"]],
    ];
    for (const [change, status, expected] of cases) {
      const res = await update(superAdmin.token, { ...made.json, description: "changed", ...change });
      expect(res.status, JSON.stringify(change)).toBe(status);
      expect(codes(res.json).sort(), JSON.stringify(change)).toEqual([...expected].sort());
    }
    const noId = await update(superAdmin.token, { name: uniqueName("NoId") });
    expect(noId.status).toBe(400);
    expect(codes(noId.json)).toEqual(["InvalidId"]);
    const unknown = await update(superAdmin.token, { ...made.json, id: UNKNOWN_ID });
    expect(unknown.status).toBe(404);
    expect(codes(unknown.json)).toEqual(["SystemNotFound"]);
    expect(await mustStoredSystem(made.json.id)).toEqual(stored);
    expect(await totals()).toEqual(before);
  });
});

describe("DELETE /api/systems/{id}", () => {
  it("refuses an active system and the Supersystem with 409 SystemNotDeletable", async () => {
    const active = await tenant();
    const sup = await supersystem();
    const before = await totals();
    for (const id of [active.system.id, sup.id]) {
      const res = await remove(superAdmin.token, id);
      expect(res.status, id).toBe(409);
      expect(codes(res.json), id).toEqual(["SystemNotDeletable"]);
    }
    expect(await storedSystem(active.system.id)).toBeDefined();
    expect(await storedSystem(sup.id)).toBeDefined();
    expect((await call(getUserRoute, `/api/users/${active.admin.id}`, { token: active.adminToken })).status).toBe(200);
    expect(await totals()).toEqual(before);
  });

  it("deletes an inactive system with its users, sessions, scheduler and files; another system is untouched", async () => {
    const doomed = await tenant();
    const keeper = await tenant();
    const db = await getDb();
    const doomedUsers = [doomed.admin.id, doomed.manager.id];

    // files of both systems
    const doomedDir = systemFilesDir(doomed.system.id);
    const keeperDir = systemFilesDir(keeper.system.id);
    await mkdir(path.join(doomedDir, "jobs", "1"), { recursive: true });
    await writeFile(path.join(doomedDir, "jobs", "1", "order.pdf"), "doomed");
    await mkdir(keeperDir, { recursive: true });
    await writeFile(path.join(keeperDir, "keep.txt"), "keeper");

    const dto = await dtoOf(superAdmin.token, doomed.system.id);
    expect((await update(superAdmin.token, { ...dto, isActive: false })).status).toBe(200);
    const { token: systemsAdmin, user: actor } = await adminToken("SystemsAdmin");

    const res = await remove(systemsAdmin, doomed.system.id);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe("");

    expect(await storedSystem(doomed.system.id)).toBeUndefined();
    expect(await db.select().from(users).where(eq(users.systemId, doomed.system.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(inArray(sessions.userId, doomedUsers))).toHaveLength(0);
    expect(await db.select().from(schedulers).where(eq(schedulers.systemId, doomed.system.id))).toHaveLength(0);
    expect(await db.select().from(schedulerTasks).where(eq(schedulerTasks.systemId, doomed.system.id))).toHaveLength(0);
    expect(existsSync(doomedDir)).toBe(false);

    // the other system keeps everything
    expect(await storedSystem(keeper.system.id)).toBeDefined();
    expect(await db.select().from(users).where(eq(users.systemId, keeper.system.id))).toHaveLength(2);
    expect(await db.select().from(schedulers).where(eq(schedulers.systemId, keeper.system.id))).toHaveLength(1);
    expect(await readFile(path.join(keeperDir, "keep.txt"), "utf8")).toBe("keeper");
    expect((await call(getUserRoute, `/api/users/${keeper.admin.id}`, { token: keeper.adminToken })).status).toBe(200);
    // the Supersystem's scheduler and internal tasks stay
    const sup = await supersystem();
    expect(await db.select().from(schedulers).where(eq(schedulers.systemId, sup.id))).toHaveLength(1);
    expect((await db.select().from(schedulerTasks).where(eq(schedulerTasks.systemId, sup.id))).length).toBeGreaterThan(0);

    const [audit] = await auditRows(doomed.system.id, "Delete");
    expect(audit).toMatchObject({ category: "System", operation: "Delete", userId: actor.id, username: actor.name });
    expect(JSON.parse(audit!.value)).toMatchObject({ id: doomed.system.id, name: doomed.system.name });

    // gone: reads and a second delete answer 404; the name is free again
    expect((await read(superAdmin.token, doomed.system.id)).status).toBe(404);
    const again = await remove(superAdmin.token, doomed.system.id);
    expect(again.status).toBe(404);
    expect(codes(again.json)).toEqual(["SystemNotFound"]);
    const reused = await create(superAdmin.token, { name: doomed.system.name });
    expect(reused.status).toBe(200);
    // a login into the new system with the old user fails
    expect((await login(doomed.system.name, doomed.admin.name)).status).toBe(401);
  });

  it("answers 404 SystemNotFound for an unknown id", async () => {
    const res = await remove(superAdmin.token, UNKNOWN_ID);
    expect(res.status).toBe(404);
    expect(codes(res.json)).toEqual(["SystemNotFound"]);
  });
});

describe("POST /api/systems/test", () => {
  const CSB_USER = "svc";
  const CSB_SECRET = "Csb-Secret-1!";
  const CUSTOMER = "customer1";
  const received: { method?: string; url?: string; authorization?: string }[] = [];
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    const expected = `Basic ${Buffer.from(`${CSB_USER}:${CSB_SECRET}`).toString("base64")}`;
    server = createServer((req, res) => {
      received.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
      const ok = req.method === "GET" && /^\/api\/licences\/[^/]+$/.test(req.url ?? "") && req.headers.authorization === expected;
      res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
      res.end(ok ? JSON.stringify({ licence: "base64" }) : JSON.stringify({ error: "unauthorized" }));
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

  function tryCsb(token: string, body: unknown) {
    return call(postCsbTest, "/api/systems/test", { method: "POST", token, body });
  }

  function basic(user: string, password: string) {
    return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
  }

  it("succeeds with the right credentials; the backend gets GET /api/licences/{customer} with basic auth", async () => {
    for (const role of ["SuperAdmin", "SystemsAdmin"]) {
      received.length = 0;
      const { token } = await adminToken(role);
      const res = await tryCsb(token, { csbUrl: `${baseUrl}/`, csbUser: CSB_USER, csbPassword: CSB_SECRET, csbSystem: CUSTOMER });
      expect(res.status, role).toBe(200);
      expect(res.json, role).toMatchObject({ success: true, message: expect.any(String) });
      expect(res.text).not.toContain(CSB_SECRET);
      expect(received).toEqual([{ method: "GET", url: `/api/licences/${CUSTOMER}`, authorization: basic(CSB_USER, CSB_SECRET) }]);
    }
  });

  it("fails with the CSB login error for a wrong password, a closed port and a non-http URL", async () => {
    const wrong = await tryCsb(superAdmin.token, {
      csbUrl: baseUrl,
      csbUser: CSB_USER,
      csbPassword: "Wrong-Secret",
      csbSystem: CUSTOMER,
    });
    expect(wrong.status).toBe(200);
    expect(wrong.json.success).toBe(false);
    expect(wrong.json.message).toContain(CSB_LOGIN_ERROR);
    expect(wrong.text).not.toContain("Wrong-Secret");
    expect(received).toEqual([
      { method: "GET", url: `/api/licences/${CUSTOMER}`, authorization: basic(CSB_USER, "Wrong-Secret") },
    ]);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await tryCsb(superAdmin.token, {
      csbUrl: `http://127.0.0.1:${closedPort}`,
      csbUser: CSB_USER,
      csbPassword: CSB_SECRET,
      csbSystem: CUSTOMER,
    });
    expect(refused.status).toBe(200);
    expect(refused.json.success).toBe(false);
    expect(refused.json.message).toContain(CSB_LOGIN_ERROR);

    received.length = 0;
    for (const csbUrl of ["ftp://127.0.0.1/csb", "file:///etc/passwd", "not a url", "127.0.0.1"]) {
      const res = await tryCsb(superAdmin.token, { csbUrl, csbUser: CSB_USER, csbPassword: CSB_SECRET, csbSystem: CUSTOMER });
      expect(res.status, csbUrl).toBe(200);
      expect(res.json.success, csbUrl).toBe(false);
      expect(res.json.message, csbUrl).toContain(CSB_LOGIN_ERROR);
    }
    expect(received).toEqual([]);
  });

  it("uses the stored password when the placeholder or no password is sent with a systemId", async () => {
    const body = csbBody({ csbUrl: baseUrl, csbUser: CSB_USER, csbPassword: CSB_SECRET, csbSystem: CUSTOMER });
    expect((await create(superAdmin.token, body)).status).toBe(200);
    for (const password of [{ csbPassword: MASK }, {}]) {
      received.length = 0;
      const res = await tryCsb(superAdmin.token, {
        systemId: body.id,
        csbUrl: baseUrl,
        csbUser: CSB_USER,
        csbSystem: CUSTOMER,
        ...password,
      });
      expect(res.status, JSON.stringify(password)).toBe(200);
      expect(res.json.success, JSON.stringify(password)).toBe(true);
      expect(res.text).not.toContain(CSB_SECRET);
      expect(received).toEqual([{ method: "GET", url: `/api/licences/${CUSTOMER}`, authorization: basic(CSB_USER, CSB_SECRET) }]);
    }
    // a typed password wins over the stored one
    received.length = 0;
    const typed = await tryCsb(superAdmin.token, {
      systemId: body.id,
      csbUrl: baseUrl,
      csbUser: CSB_USER,
      csbSystem: CUSTOMER,
      csbPassword: "Typed-Secret",
    });
    expect(typed.json.success).toBe(false);
    expect(received[0]?.authorization).toBe(basic(CSB_USER, "Typed-Secret"));

    // a system without a stored password: the placeholder is no password
    const local = await makeSystem();
    const none = await tryCsb(superAdmin.token, {
      systemId: local.id,
      csbUrl: baseUrl,
      csbUser: CSB_USER,
      csbSystem: CUSTOMER,
      csbPassword: MASK,
    });
    expect(none.status).toBe(400);
    expect(codes(none.json)).toEqual(["MissingCsbPassword"]);
  });

  it("answers 400 with the Missing* keys for missing fields, and 400 for wrong types", async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ["MissingCsbUrl", "MissingCsbCustomer", "MissingCsbUser", "MissingCsbPassword"]],
      [
        { csbUrl: " ", csbUser: "", csbSystem: "", csbPassword: "" },
        ["MissingCsbUrl", "MissingCsbCustomer", "MissingCsbUser", "MissingCsbPassword"],
      ],
      [{ csbUrl: baseUrl }, ["MissingCsbCustomer", "MissingCsbUser", "MissingCsbPassword"]],
      [{ csbUrl: baseUrl, csbSystem: CUSTOMER, csbUser: CSB_USER }, ["MissingCsbPassword"]],
      [{ csbSystem: CUSTOMER, csbUser: CSB_USER, csbPassword: CSB_SECRET }, ["MissingCsbUrl"]],
      [{ csbUrl: baseUrl, csbUser: CSB_USER, csbPassword: CSB_SECRET }, ["MissingCsbCustomer"]],
      [{ csbUrl: baseUrl, csbSystem: CUSTOMER, csbPassword: CSB_SECRET }, ["MissingCsbUser"]],
    ];
    for (const [body, expected] of cases) {
      const res = await tryCsb(superAdmin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(codes(res.json).sort(), JSON.stringify(body)).toEqual([...expected].sort());
    }
    for (const body of [
      { csbUrl: 1, csbUser: CSB_USER, csbPassword: CSB_SECRET, csbSystem: CUSTOMER },
      { systemId: "nope", csbUrl: baseUrl, csbUser: CSB_USER, csbSystem: CUSTOMER },
    ]) {
      const res = await tryCsb(superAdmin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(codes(res.json)).not.toContain("InternalError");
    }
    expect(received).toEqual([]);
  });

  it("refuses non-managers with 403 and contacts no backend", async () => {
    const { adminToken: tenantAdmin, managerToken } = await tenant();
    const body = { csbUrl: baseUrl, csbUser: CSB_USER, csbPassword: CSB_SECRET, csbSystem: CUSTOMER };
    for (const token of [
      tenantAdmin,
      managerToken,
      (await adminToken("LicenceAdmin")).token,
      (await adminToken("ReportAdmin")).token,
    ]) {
      const res = await tryCsb(token, body);
      expect(res.status).toBe(403);
      expect(codes(res.json)).toEqual(["AccessDenied"]);
    }
    expect(received).toEqual([]);
  });
});
