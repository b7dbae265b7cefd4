import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postJob } from "@/app/api/jobs/route";
import { GET as getConfig, PUT as putConfig } from "@/app/api/v3/config/service/route";
import { POST as uploadVersion } from "@/app/api/v3/projects/[projectId]/upload/route";
import { POST as addProject } from "@/app/api/v3/projects/route";
import { DEFAULT_SERVICE_CONFIG } from "@/lib/settings/store";
import { stopWorkers } from "@/workers/runtime";
import { sampleEsproject } from "../fixtures/project";
import { codes, supersystem, tokenOf } from "../helpers/api";
import { makeProject, makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

// the limits of the service configuration, set small, through PUT v3/config/service (tests/server/uploads.test.ts
// sends uploads over the default limits to a real server and measures its memory)
const LIMITS = { maxOrderFileBytes: 4096, maxJobBytes: 6144, maxOrderFiles: 3, maxProjectFileBytes: 2048 };

let admin: string;
let creator: string;
let projectId: string;

beforeAll(async () => {
  const superAdmin = await makeUser({ systemId: (await supersystem()).id, roles: ["SuperAdmin"] });
  admin = await tokenOf("Supersystem", superAdmin.name);
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles: ["JobCreator", "ProjectManager"] });
  creator = await tokenOf(system.name, user.name);
  projectId = (await makeProject({ systemId: system.id })).project.id;
  const put = await call(putConfig, "/api/v3/config/service", { method: "PUT", token: admin, body: LIMITS });
  expect(put.status, put.text).toBe(200);
});

afterAll(async () => {
  await stopWorkers();
});

function order(sizes: number[], meta: unknown = { projectId }) {
  const form = new FormData();
  form.append("meta", JSON.stringify(meta));
  sizes.forEach((size, i) => {
    form.append("file", new File([new Uint8Array(size).fill(65)], `f${i}.txt`, { type: "text/plain" }));
  });
  return form;
}

describe("upload limits come from the service configuration", () => {
  it("are read and written as fields of v3/config/service, validated, with their defaults", async () => {
    const got = await call(getConfig, "/api/v3/config/service", { token: admin });
    expect(got.json).toMatchObject(LIMITS);
    expect(DEFAULT_SERVICE_CONFIG).toMatchObject({
      maxOrderFileBytes: 100 * 1024 * 1024,
      maxJobBytes: 200 * 1024 * 1024,
      maxOrderFiles: 100,
      maxProjectFileBytes: 50 * 1024 * 1024,
    });
    for (const wrong of [{ maxOrderFileBytes: 10 }, { maxJobBytes: "big" }, { maxOrderFiles: 0 }, { maxProjectFileBytes: 1.5 }]) {
      const res = await call(putConfig, "/api/v3/config/service", { method: "PUT", token: admin, body: wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(400);
      expect(res.json.errors[0].messageParameter.field).toBe(Object.keys(wrong)[0]);
    }
  });

  it("an order file over maxOrderFileBytes, files over maxJobBytes together, more than maxOrderFiles: refused", async () => {
    const oneTooLarge = await call(postJob, "/api/jobs", { method: "POST", token: creator, form: order([4097]) });
    expect([oneTooLarge.status, oneTooLarge.json.errors[0]]).toEqual([
      413,
      { code: "PayloadTooLarge", message: "The request body is larger than 4096 bytes.", messageParameter: { limit: 4096 } },
    ]);
    const together = await call(postJob, "/api/jobs", { method: "POST", token: creator, form: order([3000, 3000, 1000]) });
    expect([together.status, together.json.errors[0].messageParameter]).toEqual([413, { limit: 6144 }]);
    const many = await call(postJob, "/api/jobs", { method: "POST", token: creator, form: order([1, 1, 1, 1]) });
    expect([many.status, codes(many.json)]).toEqual([400, ["InvalidOrderFile"]]);
    const fits = await call(postJob, "/api/jobs", { method: "POST", token: creator, form: order([4096, 2048]) });
    expect(fits.status, fits.text).toBe(200);
    expect(fits.json.orderFiles.map((f: { size: number }) => f.size)).toEqual([4096, 2048]);
  });

  it("a project file over maxProjectFileBytes is 413, new and as a new version", async () => {
    const system = await makeSystem();
    const form = (meta: unknown, bytes: Uint8Array<ArrayBuffer>) => {
      const f = new FormData();
      f.append("meta", JSON.stringify(meta));
      f.append("esproject", new File([bytes], "p.esproject", { type: "application/zip" }));
      return f;
    };
    const big = new Uint8Array(2049);
    const added = await call(addProject, "/api/v3/projects", {
      method: "POST",
      token: admin,
      form: form({ name: "Big", systemId: system.id }, big),
    });
    expect([added.status, added.json.errors[0].messageParameter]).toEqual([413, { limit: 2048 }]);
    const version = await call(uploadVersion, `/api/v3/projects/${projectId}/upload`, {
      method: "POST",
      token: creator,
      form: form({ version: 1 }, big),
    });
    expect(version.status).toBe(413);
    // within the limit the project reader decides
    const ok = await call(addProject, "/api/v3/projects", {
      method: "POST",
      token: admin,
      form: form({ name: "Small", systemId: system.id }, new Uint8Array(sampleEsproject())),
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it("a meta part sent as a JSON file counts as meta; a body that is not multipart is 400 InvalidMultipart", async () => {
    const form = new FormData();
    form.append("meta", new File([JSON.stringify({ projectId, client: "as-file" })], "meta.json", { type: "application/json" }));
    form.append("file", new File(["text"], "a.txt", { type: "text/plain" }));
    const res = await call(postJob, "/api/jobs", { method: "POST", token: creator, form });
    expect(res.status, res.text).toBe(200);
    expect(res.json.client).toBe("as-file");
    const json = await call(postJob, "/api/jobs", { method: "POST", token: creator, body: { projectId } });
    expect([json.status, codes(json.json)]).toEqual([400, ["InvalidMultipart"]]);
  });
});
