import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as postJob } from "@/app/api/jobs/route";
import { GET as download } from "@/app/api/projects/[projectId]/download/route";
import { PUT as putMetadata } from "@/app/api/v3/projects/[projectId]/metadata/route";
import { POST as postProperties } from "@/app/api/v3/projects/[projectId]/properties/route";
import { DELETE as deleteProjectRoute, GET as getProjectRoute } from "@/app/api/v3/projects/[projectId]/route";
import { GET as getKey, POST as newKey } from "@/app/api/v3/projects/[projectId]/submissionKey/route";
import { POST as uploadVersion } from "@/app/api/v3/projects/[projectId]/upload/route";
import { POST as addProjectRoute } from "@/app/api/v3/projects/route";
import { GET as listProjectsRoute } from "@/app/api/v3/systems/[systemId]/projects/route";
import { auditTrail } from "@/db/schema";
import { getDb } from "@/lib/db";
import { readEsproject, writeEsproject } from "@/lib/projects/esproject-zip";
import { sampleEsproject, sampleProjectDocument } from "@/tests/fixtures/project";
import { codes, tokenOf } from "../helpers/api";
import { makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

function upload(bytes: Uint8Array | null, meta: unknown) {
  const form = new FormData();
  if (bytes) form.append("esproject", new File([new Uint8Array(bytes)], "invoices.esproject", { type: "application/zip" }));
  form.append("meta", JSON.stringify(meta));
  return form;
}

async function tenant(roles = ["ProjectManager"]) {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles });
  return { system, token: await tokenOf(system.name, user.name) };
}

describe("projects", () => {
  it("a ProjectManager adds a project, lists, renames, edits properties, uploads a version, downloads and deletes it", async () => {
    const { system, token } = await tenant();
    const added = await call(addProjectRoute, "/api/v3/projects", {
      method: "POST",
      token,
      form: upload(sampleEsproject(), { name: "Invoices", systemId: system.id, withCustomizing: false }),
    });
    expect(added.status, added.text).toBe(200);
    expect(added.json).toMatchObject({
      name: "Invoices",
      version: 1,
      type: "Extraction",
      documentClasses: ["Invoice", "Letter"],
    });
    const id = added.json.id as string;

    const list = await call(listProjectsRoute, `/api/v3/systems/${system.id}/projects`, { token });
    expect(list.json.map((p: { name: string }) => p.name)).toEqual(["Invoices"]);
    const dup = await call(addProjectRoute, "/api/v3/projects", {
      method: "POST",
      token,
      form: upload(sampleEsproject(), { name: "invoices", systemId: system.id }),
    });
    expect(codes(dup.json)).toEqual(["ProjectNameExists"]);

    const renamed = await call(putMetadata, `/api/v3/projects/${id}/metadata`, {
      method: "PUT",
      token,
      body: { name: "  Bills  " },
    });
    expect(renamed.json.name).toBe("Bills");

    const props = await call(postProperties, `/api/v3/projects/${id}/properties`, {
      method: "POST",
      token,
      body: { version: 1, properties: [{ name: "threshold", value: "0.5", description: "min confidence" }] },
    });
    expect(props.json.properties).toEqual([{ name: "threshold", value: "0.5", description: "min confidence" }]);
    const emptyName = await call(postProperties, `/api/v3/projects/${id}/properties`, {
      method: "POST",
      token,
      body: { version: 1, properties: [{ name: " ", value: "x" }] },
    });
    expect(codes(emptyName.json)).toEqual(["projects_error_propertyKeyEmpty"]);

    const next = writeEsproject(
      sampleProjectDocument({ documentClasses: [{ name: "Receipt", keywords: ["receipt"], patterns: [], fields: [] }] }),
    );
    const v2 = await call(uploadVersion, `/api/v3/projects/${id}/upload`, {
      method: "POST",
      token,
      form: upload(next, { version: 1, replaceDefaultProperties: false }),
    });
    expect(v2.json).toMatchObject({ version: 2, documentClasses: ["Receipt"], properties: [{ name: "threshold" }] });
    const stale = await call(uploadVersion, `/api/v3/projects/${id}/upload`, {
      method: "POST",
      token,
      form: upload(next, { version: 1 }),
    });
    expect(stale.status).toBe(409);
    expect(codes(stale.json)).toEqual(["ProjectVersionMismatch"]);

    const file = await call(download, `/api/projects/${id}/download`, { token });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("Bills.esproject");

    const wrongVersion = await call(deleteProjectRoute, `/api/v3/projects/${id}`, {
      method: "DELETE",
      token,
      body: { version: 1 },
    });
    expect(wrongVersion.status).toBe(409);
    expect(
      (await call(deleteProjectRoute, `/api/v3/projects/${id}`, { method: "DELETE", token, body: { version: 2 } })).status,
    ).toBe(204);
    expect((await call(getProjectRoute, `/api/v3/projects/${id}`, { token })).status).toBe(404);
    const db = await getDb();
    const audit = await db.select().from(auditTrail).where(eq(auditTrail.projectId, id));
    expect(audit.map((a) => a.operation).sort()).toEqual(["Create", "Delete", "Update", "Update", "Update"]);
  });

  it("refuses hostile and broken project files with projects_error_invalidFile and stores nothing", async () => {
    const { system, token } = await tenant();
    const { zipSync } = await import("fflate");
    const bomb = zipSync({
      "project.json": new TextEncoder().encode(JSON.stringify(sampleProjectDocument())),
      "customizing/zeros.bin": new Uint8Array(3_000_000),
    });
    const escaping = zipSync({
      "project.json": new TextEncoder().encode(JSON.stringify(sampleProjectDocument())),
      "../evil.txt": new Uint8Array([1]),
    });
    for (const [bytes, reason] of [
      [new TextEncoder().encode("not a zip at all"), "not a zip"],
      [bomb, "compression ratio"],
      [escaping, "path escapes"],
      [zipSync({ "other.json": new Uint8Array([1]) }), "unexpected entry"],
    ] as const) {
      const res = await call(addProjectRoute, "/api/v3/projects", {
        method: "POST",
        token,
        form: upload(bytes, { name: "Evil", systemId: system.id }),
      });
      expect(res.status, reason).toBe(400);
      expect(res.json.errors[0].code).toBe("projects_error_invalidFile");
      expect(res.json.errors[0].message).toContain(reason);
    }
    const missing = await call(addProjectRoute, "/api/v3/projects", {
      method: "POST",
      token,
      form: upload(null, { name: "Evil", systemId: system.id }),
    });
    expect(codes(missing.json)).toEqual(["missingEsproject"]);
    const noName = await call(addProjectRoute, "/api/v3/projects", {
      method: "POST",
      token,
      form: upload(sampleEsproject(), { systemId: system.id }),
    });
    expect(codes(noName.json)).toEqual(["missingName"]);
    expect((await call(listProjectsRoute, `/api/v3/systems/${system.id}/projects`, { token })).json).toEqual([]);
    expect(readEsproject(sampleEsproject()).document.documentClasses.length).toBe(2);
  });

  it("is refused to other roles and other tenants; the submission key works for jobs and can be regenerated", async () => {
    const { system, token } = await tenant();
    const added = await call(addProjectRoute, "/api/v3/projects", {
      method: "POST",
      token,
      form: upload(sampleEsproject(), { name: "Keys", systemId: system.id }),
    });
    const id = added.json.id as string;
    const monitor = await makeUser({ systemId: system.id, roles: ["MonitorUser"] });
    const monitorToken = await tokenOf(system.name, monitor.name);
    expect((await call(getProjectRoute, `/api/v3/projects/${id}`, { token: monitorToken })).status).toBe(403);
    const other = await tenant();
    expect((await call(getProjectRoute, `/api/v3/projects/${id}`, { token: other.token })).status).toBe(404);
    expect(
      (
        await call(addProjectRoute, "/api/v3/projects", {
          method: "POST",
          token: other.token,
          form: upload(sampleEsproject(), { name: "X", systemId: system.id }),
        })
      ).status,
    ).toBe(404);

    const key = (await call(getKey, `/api/v3/projects/${id}/submissionKey`, { token })).json.submissionKey as string;
    const job = () => {
      const form = new FormData();
      form.append("file", new File(["Invoice No. A-1"], "a.txt", { type: "text/plain" }));
      return form;
    };
    expect((await call(postJob, `/api/jobs?auth=${key}`, { method: "POST", form: job() })).status).toBe(200);
    const fresh = (await call(newKey, `/api/v3/projects/${id}/submissionKey`, { method: "POST", token })).json
      .submissionKey as string;
    expect(fresh).not.toBe(key);
    expect((await call(postJob, `/api/jobs?auth=${key}`, { method: "POST", form: job() })).status).toBe(401);
    expect((await call(postJob, `/api/jobs?auth=${fresh}`, { method: "POST", form: job() })).status).toBe(200);
  });
});
