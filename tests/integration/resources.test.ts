import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as downloadRoute } from "@/app/api/v3/resources/[systemId]/[type]/[subtype]/[name]/route";
import { DELETE as deletePoolRoute } from "@/app/api/v3/resources/[systemId]/[type]/[subtype]/route";
import { GET as poolDetailsRoute } from "@/app/api/v3/resources/[systemId]/[type]/route";
import { GET as listPoolsRoute } from "@/app/api/v3/resources/Pool/[systemId]/route";
import { GET as listSubtypesRoute } from "@/app/api/v3/resources/pools/[systemId]/route";
import { DELETE as deleteResourcesRoute, POST as uploadRoute } from "@/app/api/v3/resources/route";
import { auditTrail } from "@/db/schema";
import { getDb } from "@/lib/db";
import { resolveFile } from "@/lib/files/store";
import { uploadLockPath } from "@/lib/resources/files";
import { codes, supersystem, tokenOf } from "../helpers/api";
import { makeProject, makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

function form(meta: unknown, file: { name: string; text: string } | null = { name: "suppliers.csv", text: "4711;ACME\n" }) {
  const body = new FormData();
  body.append("meta", JSON.stringify(meta));
  if (file) body.append("resourceFile", new File([file.text], file.name, { type: "text/csv" }));
  return body;
}

async function tenant(roles = ["ResourceManager"]) {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles });
  return { system, token: await tokenOf(system.name, user.name) };
}

const upload = (token: string, meta: unknown, file?: { name: string; text: string } | null) =>
  call(uploadRoute, "/api/v3/resources", { method: "POST", token, form: form(meta, file) });

describe("resources", () => {
  it("a ResourceManager adds, lists, updates, downloads and deletes resources of its system", async () => {
    const { system, token } = await tenant();
    const meta = { systemId: system.id, type: "Csv", subtype: "Suppliers", level: "System" };
    const added = await upload(token, { ...meta, name: "suppliers.csv" });
    expect(added.status, added.text).toBe(200);
    expect(added.json).toMatchObject({
      name: "suppliers.csv",
      type: "Csv",
      level: "System",
      subtype: "Suppliers",
      created: true,
    });
    const poolId = added.json.subtypeId as string;

    // the name comes from the file when meta has none; the same name again is an update of the file
    const second = await upload(token, meta, { name: "Other.CSV", text: "a\n" });
    expect(second.json).toMatchObject({ name: "Other.CSV", created: true, subtypeId: poolId });
    // an update never renames: the name in another case is refused, the stored name and file stay
    const renamed = await upload(token, { ...meta, name: "SUPPLIERS.csv" }, { name: "x.csv", text: "renamed\n" });
    expect([renamed.status, renamed.json.errors]).toEqual([
      409,
      [
        expect.objectContaining({
          code: "ResourceNameDiffers",
          messageParameter: { name: "SUPPLIERS.csv", existing: "suppliers.csv" },
        }),
      ],
    ]);
    const updated = await upload(token, { ...meta, name: "suppliers.csv" }, { name: "x.csv", text: "4711;ACME\n0815;Beta\n" });
    expect(updated.json).toMatchObject({ id: added.json.id, name: "suppliers.csv", created: false, size: 20 });

    const pools = await call(listPoolsRoute, `/api/v3/resources/Pool/${system.id}`, { token });
    expect(pools.status).toBe(200);
    expect(pools.json.map((p: { id: string }) => p.id)).toEqual(["Profile", "Csv", "LanguageKeyFile", "Other"]);
    expect(pools.json[1].subtypes).toEqual([expect.objectContaining({ id: poolId, name: "Suppliers", count: 2 })]);
    const subtypes = await call(listSubtypesRoute, `/api/v3/resources/pools/${system.id}/`, { token });
    expect(subtypes.json).toEqual([expect.objectContaining({ id: poolId, type: "Csv", level: "System", projectId: null })]);

    const details = await call(poolDetailsRoute, `/api/v3/resources/${system.id}/Csv?subtypeId=${poolId}`, { token });
    expect(details.json[0].resources.map((r: { name: string }) => r.name)).toEqual(["Other.CSV", "suppliers.csv"]);
    const unknownType = await call(poolDetailsRoute, `/api/v3/resources/${system.id}/Pdf`, { token });
    expect([unknownType.status, codes(unknownType.json)]).toEqual([400, ["ResourceTypeUnknown"]]);

    for (const subtype of [poolId, "suppliers"]) {
      const file = await call(downloadRoute, `/api/v3/resources/${system.id}/Csv/${subtype}/suppliers.csv/`, { token });
      expect(file.status).toBe(200);
      expect(file.text).toBe("4711;ACME\n0815;Beta\n");
      expect(file.headers.get("content-disposition")).toContain("suppliers.csv");
    }
    const missing = await call(downloadRoute, `/api/v3/resources/${system.id}/Csv/${poolId}/none.csv`, { token });
    expect([missing.status, codes(missing.json)]).toEqual([404, ["ResourceNotFound"]]);

    const del = (body: unknown) => call(deleteResourcesRoute, "/api/v3/resources", { method: "DELETE", token, body });
    const unknownName = await del({ systemId: system.id, subtypeId: poolId, names: ["nope.csv"] });
    expect([unknownName.status, codes(unknownName.json)]).toEqual([404, ["ResourceNotFound"]]);
    expect((await del({ systemId: system.id, subtypeId: poolId, names: ["other.csv"] })).json).toEqual({ deleted: 1 });
    // delete all: the pool stays, empty
    expect((await del({ systemId: system.id, subtypeId: poolId })).json).toEqual({ deleted: 1 });
    const emptied = await call(listSubtypesRoute, `/api/v3/resources/pools/${system.id}`, { token });
    expect(emptied.json).toEqual([expect.objectContaining({ id: poolId, count: 0 })]);
    const gone = await call(downloadRoute, `/api/v3/resources/${system.id}/Csv/${poolId}/suppliers.csv`, { token });
    expect(gone.status).toBe(404);

    const wrongLevel = await call(deletePoolRoute, `/api/v3/resources/${system.id}/Global/${poolId}`, {
      method: "DELETE",
      token,
    });
    expect([wrongLevel.status, codes(wrongLevel.json)]).toEqual([404, ["ResourcePoolNotFound"]]);
    const badLevel = await call(deletePoolRoute, `/api/v3/resources/${system.id}/Cloud/${poolId}`, { method: "DELETE", token });
    expect([badLevel.status, codes(badLevel.json)]).toEqual([400, ["ResourceLevelUnknown"]]);
    const dropped = await call(deletePoolRoute, `/api/v3/resources/${system.id}/System/${poolId}`, { method: "DELETE", token });
    expect([dropped.status, dropped.json]).toEqual([200, { deleted: 0 }]);
    expect((await call(listSubtypesRoute, `/api/v3/resources/pools/${system.id}`, { token })).json).toEqual([]);

    const db = await getDb();
    const audit = await db
      .select({ operation: auditTrail.operation })
      .from(auditTrail)
      .where(and(eq(auditTrail.systemId, system.id), eq(auditTrail.category, "ResourcePool")));
    expect(audit.map((a) => a.operation).sort()).toEqual(["Create", "Create", "Delete", "Delete", "Delete", "Update"]);
  });

  it("refuses bad input with the rule's code (spec operations §5, §8)", async () => {
    const { system, token } = await tenant();
    const meta = { systemId: system.id, type: "Csv", subtype: "P", level: "System" };
    const cases: [unknown, { name: string; text: string } | null, string][] = [
      [{ ...meta, name: "a.txt" }, undefined as never, "resources_error_fileExtensions"],
      [{ ...meta, name: `${"a".repeat(47)}.csv` }, undefined as never, "resources_error_nameLengthExceeded"],
      [{ ...meta, name: "a.csv" }, null, "resources_error_noFileSelected"],
      [{ ...meta, name: "a.csv" }, { name: "a.csv", text: "" }, "resources_error_noFileSelected"],
      [{ ...meta, name: "../a.csv" }, undefined as never, "resources_error_invalidName"],
      [{ ...meta, type: "Pdf" }, undefined as never, "ResourceTypeUnknown"],
      [{ ...meta, type: undefined }, undefined as never, "resources_error_noType"],
      [{ ...meta, subtype: " " }, undefined as never, "resources_error_noPool"],
      [{ ...meta, subtype: undefined }, undefined as never, "resources_error_noPool"],
      [{ ...meta, subtype: null }, undefined as never, "resources_error_noPool"],
      [{ ...meta, level: "Cloud" }, undefined as never, "ResourceLevelUnknown"],
      [{ ...meta, level: "Global" }, undefined as never, "ResourceLevelNotSupported"],
      [{ ...meta, level: "Project" }, undefined as never, "ResourceDataMissing"],
      [{ ...meta, level: "Project", projectId: crypto.randomUUID() }, undefined as never, "ProjectNotFound"],
    ];
    for (const [m, file, code] of cases) {
      const res = await upload(token, m, file);
      expect(res.status, `${code}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(codes(res.json)).toContain(code);
    }
    const notMultipart = await call(uploadRoute, "/api/v3/resources", { method: "POST", token, body: meta });
    expect(notMultipart.status).toBe(400);
    const badDelete = await call(deleteResourcesRoute, "/api/v3/resources", { method: "DELETE", token, body: { systemId: "x" } });
    expect(badDelete.status).toBe(400);
    // a delete without its pool names the rule, not the generic Required
    const noPool = await call(deleteResourcesRoute, "/api/v3/resources", {
      method: "DELETE",
      token,
      body: { systemId: system.id, names: ["a.csv"] },
    });
    expect([noPool.status, codes(noPool.json)]).toEqual([400, ["resources_error_noPool"]]);
    const badPool = await call(deleteResourcesRoute, "/api/v3/resources", {
      method: "DELETE",
      token,
      body: { systemId: system.id, subtypeId: "42" },
    });
    expect([badPool.status, codes(badPool.json)]).toEqual([400, ["InvalidId"]]);
  });

  it("project levels take a project of the system", async () => {
    const { system, token } = await tenant();
    const { project } = await makeProject({ systemId: system.id });
    const res = await upload(token, {
      systemId: system.id,
      type: "Csv",
      subtype: "P",
      level: "ProjectCustomizing",
      projectId: project.id,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ level: "ProjectCustomizing", projectId: project.id });
    const { project: foreign } = await makeProject({ systemId: (await makeSystem()).id });
    const other = await upload(token, {
      systemId: system.id,
      type: "Csv",
      subtype: "P",
      level: "Project",
      projectId: foreign.id,
    });
    expect([other.status, codes(other.json)]).toEqual([404, ["ProjectNotFound"]]);
  });

  it("a second upload of a name while its temporary upload file exists answers 409", async () => {
    const { system, token } = await tenant();
    const meta = { systemId: system.id, type: "Csv", subtype: "Busy", level: "System", name: "busy.csv" };
    const lock = resolveFile(uploadLockPath({ ...meta, pool: meta.subtype, projectId: null, name: "BUSY.csv" }));
    await mkdir(path.dirname(lock), { recursive: true });
    await writeFile(lock, "");
    const busy = await upload(token, meta);
    expect([busy.status, codes(busy.json)]).toEqual([409, ["ResourceUploadInProgress"]]);
    const { rm } = await import("node:fs/promises");
    await rm(lock);
    expect((await upload(token, meta)).status).toBe(200);
  });

  it("roles and tenants: 403 without permission (before any system is looked up), 404 for a foreign system, admin Global only", async () => {
    const { system, token: manager } = await tenant();
    const { token: jobManager } = await tenant(["JobManager"]);
    const own = await makeUser({ systemId: system.id, roles: ["JobManager"] });
    const ownJobManager = await tokenOf(system.name, own.name);
    const seeded = await upload(
      manager,
      { systemId: system.id, type: "Profile", subtype: "P", level: "System", name: "p.xml" },
      { name: "p.xml", text: "<p/>" },
    );
    const poolId = seeded.json.subtypeId as string;
    const meta = { systemId: system.id, type: "Profile", subtype: "P", level: "System", name: "p.xml" };
    const calls = (token: string) => [
      () => call(listPoolsRoute, `/api/v3/resources/Pool/${system.id}`, { token }),
      () => call(listSubtypesRoute, `/api/v3/resources/pools/${system.id}`, { token }),
      () => call(poolDetailsRoute, `/api/v3/resources/${system.id}/Profile`, { token }),
      () => call(downloadRoute, `/api/v3/resources/${system.id}/Profile/${poolId}/p.xml`, { token }),
      () => upload(token, meta, { name: "p.xml", text: "<p/>" }),
      () =>
        call(deleteResourcesRoute, "/api/v3/resources", {
          method: "DELETE",
          token,
          body: { systemId: system.id, subtypeId: poolId },
        }),
      () => call(deletePoolRoute, `/api/v3/resources/${system.id}/System/${poolId}`, { method: "DELETE", token }),
    ];
    const superSystem = await supersystem();
    const resourceAdmin = await makeUser({ systemId: superSystem.id, roles: ["ResourceAdmin"] });
    const adminToken = await tokenOf(superSystem.name, resourceAdmin.name);
    for (const [token, status, code] of [
      [ownJobManager, 403, "AccessDenied"],
      // another tenant's JobManager may touch no resources at all: refused before its system is looked up, so the
      // answer tells nothing of the system (issue 23 walk: permission before input)
      [jobManager, 403, "AccessDenied"],
      [adminToken, 404, "SystemNotFound"],
    ] as const) {
      for (const c of calls(token)) {
        const res = await c();
        expect([res.status, codes(res.json)]).toEqual([status, [code]]);
      }
    }
    const unknown = await call(listPoolsRoute, `/api/v3/resources/Pool/${crypto.randomUUID()}`, { token: manager });
    expect([unknown.status, codes(unknown.json)]).toEqual([404, ["SystemNotFound"]]);

    // the admin portal: Global resources of the Supersystem with ManageAdminResources
    const global = await upload(adminToken, {
      systemId: superSystem.id,
      type: "Csv",
      subtype: "Shared",
      level: "Global",
      name: "g.csv",
    });
    expect(global.status, global.text).toBe(200);
    const systemLevel = await upload(adminToken, {
      systemId: superSystem.id,
      type: "Csv",
      subtype: "Shared",
      level: "System",
      name: "g.csv",
    });
    expect(codes(systemLevel.json)).toEqual(["ResourceLevelNotSupported"]);
    const tenantOnAdmin = await call(listPoolsRoute, `/api/v3/resources/Pool/${superSystem.id}`, { token: manager });
    expect(tenantOnAdmin.status).toBe(404);
    const clean = await call(deletePoolRoute, `/api/v3/resources/${superSystem.id}/Global/${global.json.subtypeId}`, {
      method: "DELETE",
      token: adminToken,
    });
    expect(clean.json).toEqual({ deleted: 1 });
  });
});
