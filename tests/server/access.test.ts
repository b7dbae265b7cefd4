import { beforeAll, describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "@/lib/api/route-table";
import { makeLicenceFile } from "../fixtures/licence";
import { sampleEsproject } from "../fixtures/project";
import { type Answer, adminToken, api, makeSystem, makeUser, USER_PASSWORD } from "./helpers";
import { upload } from "./upload-client";

/**
 * Issue 10 point 3: within the caller's own system a missing permission is 403 AccessDenied; a foreign system's
 * things answer their 404, exactly as unknown ones, so tenants cannot probe each other. Every route that reaches
 * into a system is called on system A's things by a JobCreator of A and by an Administrator of B. A refusal that a
 * route's permission decides before it looks at the target (the contract's `permission`) is 403 for both: that
 * answer does not depend on the target, so it tells nothing either.
 */

type Things = {
  system: { id: string; name: string };
  user: { id: string; name: string };
  job: number;
  jobAuth: string;
  project: string;
  licence: string;
};
type Expected = readonly [number, string | null];
type Row = { method: string; path: (t: Things) => string; body?: (t: Things) => unknown; own: Expected; foreign: Expected };

const DENIED = [403, "AccessDenied"] as const;
const OK_200 = [200, null] as const;
const SYSTEM_404 = [404, "SystemNotFound"] as const;
const USER_404 = [404, "UserNotFound"] as const;
const JOB_404 = [404, "JobNotFound"] as const;
const PROJECT_404 = [404, "ProjectNotFound"] as const;
const LICENCE_404 = [404, "LicenceNotFound"] as const;

const password = { oldPassword: USER_PASSWORD, newPassword: "Another-Passw0rd!" };
const userEdit = (t: Things) => ({ id: t.user.id, name: t.user.name, roles: ["JobManager"] });

/** Every path of lib/api/route-table.ts with a parameter, or that names a system's thing in its body. */
const ROWS: Record<string, Row[]> = {
  "/api/systems": [
    {
      method: "PUT",
      path: () => "/api/systems",
      body: (t) => ({ id: t.system.id, name: t.system.name }),
      own: DENIED,
      foreign: SYSTEM_404,
    },
  ],
  "/api/systems/{id}": [
    { method: "GET", path: (t) => `/api/systems/${t.system.id}`, own: DENIED, foreign: SYSTEM_404 },
    { method: "DELETE", path: (t) => `/api/systems/${t.system.id}`, own: DENIED, foreign: DENIED },
  ],
  "/api/systems/name/{name}": [
    { method: "GET", path: (t) => `/api/systems/name/${t.system.name}`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/systems/{id}/users": [
    { method: "GET", path: (t) => `/api/systems/${t.system.id}/users`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/systems/{id}/userNames": [
    { method: "GET", path: (t) => `/api/systems/${t.system.id}/userNames`, own: OK_200, foreign: SYSTEM_404 },
  ],
  "/api/systems/{id}/projectNames": [
    { method: "GET", path: (t) => `/api/systems/${t.system.id}/projectNames`, own: OK_200, foreign: SYSTEM_404 },
  ],
  "/api/systems/{id}/jobs": [
    { method: "GET", path: (t) => `/api/systems/${t.system.id}/jobs`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/v3/systems/{id}/jobs": [
    { method: "GET", path: (t) => `/api/v3/systems/${t.system.id}/jobs`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/v3/systems/{id}/projects": [
    { method: "GET", path: (t) => `/api/v3/systems/${t.system.id}/projects`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/users": [{ method: "PUT", path: () => "/api/users", body: userEdit, own: DENIED, foreign: USER_404 }],
  "/api/users/register": [
    {
      method: "POST",
      path: () => "/api/users/register",
      body: (t) => ({ systemName: t.system.name, name: "intruder", password: "Intruder-Passw0rd!" }),
      own: DENIED,
      foreign: SYSTEM_404,
    },
  ],
  "/api/users/{id}": [
    { method: "GET", path: (t) => `/api/users/${t.user.id}`, own: DENIED, foreign: USER_404 },
    { method: "DELETE", path: (t) => `/api/users/${t.user.id}`, own: DENIED, foreign: USER_404 },
  ],
  "/api/users/{id}/roles": [{ method: "GET", path: (t) => `/api/users/${t.user.id}/roles`, own: DENIED, foreign: USER_404 }],
  "/api/users/{id}/language": [
    {
      method: "PUT",
      path: (t) => `/api/users/${t.user.id}/language`,
      body: () => ({ language: "de-DE" }),
      own: DENIED,
      foreign: USER_404,
    },
  ],
  "/api/users/{id}/password/change": [
    {
      method: "POST",
      path: (t) => `/api/users/${t.user.id}/password/change`,
      body: () => password,
      own: DENIED,
      foreign: USER_404,
    },
  ],
  "/api/users/{id}/password/changeRequired": [
    {
      method: "POST",
      path: (t) => `/api/users/${t.user.id}/password/changeRequired`,
      body: () => ({ newPassword: password.newPassword }),
      own: DENIED,
      foreign: USER_404,
    },
  ],
  "/api/users/{id}/email/change": [
    {
      method: "POST",
      path: (t) => `/api/users/${t.user.id}/email/change`,
      body: () => ({ password: USER_PASSWORD, newEmail: "new@example.com" }),
      own: DENIED,
      foreign: USER_404,
    },
  ],
  // with a token and no body: an administrator mails the user a reset link
  "/api/users/{id}/password/reset": [
    { method: "POST", path: (t) => `/api/users/${t.user.id}/password/reset`, own: DENIED, foreign: USER_404 },
  ],
  "/api/jobs": [
    {
      method: "PATCH",
      path: () => "/api/jobs",
      body: (t) => ({ jobIds: [t.job], preventDeletion: true }),
      own: DENIED,
      foreign: JOB_404,
    },
    { method: "DELETE", path: () => "/api/jobs", body: (t) => [t.job], own: DENIED, foreign: JOB_404 },
  ],
  "/api/jobs/{id}": [
    { method: "GET", path: (t) => `/api/jobs/${t.job}`, own: DENIED, foreign: JOB_404 },
    {
      method: "PATCH",
      path: (t) => `/api/jobs/${t.job}`,
      body: () => ({ preventDeletion: true }),
      own: DENIED,
      foreign: JOB_404,
    },
    { method: "DELETE", path: (t) => `/api/jobs/${t.job}`, own: DENIED, foreign: JOB_404 },
  ],
  "/api/jobs/{id}/download": [{ method: "GET", path: (t) => `/api/jobs/${t.job}/download`, own: DENIED, foreign: JOB_404 }],
  "/api/jobs/{id}/files/{kind}/{file}": [
    { method: "GET", path: (t) => `/api/jobs/${t.job}/files/order/invoice.txt`, own: DENIED, foreign: JOB_404 },
  ],
  "/api/v3/projects/{id}": [
    { method: "GET", path: (t) => `/api/v3/projects/${t.project}`, own: DENIED, foreign: PROJECT_404 },
    {
      method: "DELETE",
      path: (t) => `/api/v3/projects/${t.project}`,
      body: () => ({ version: 1 }),
      own: DENIED,
      foreign: PROJECT_404,
    },
  ],
  "/api/v3/projects/{id}/metadata": [
    {
      method: "PUT",
      path: (t) => `/api/v3/projects/${t.project}/metadata`,
      body: () => ({ name: "Renamed" }),
      own: DENIED,
      foreign: PROJECT_404,
    },
  ],
  "/api/v3/projects/{id}/properties": [
    {
      method: "POST",
      path: (t) => `/api/v3/projects/${t.project}/properties`,
      body: () => ({ version: 1, properties: [] }),
      own: DENIED,
      foreign: PROJECT_404,
    },
  ],
  "/api/v3/projects/{id}/submissionKey": [
    { method: "GET", path: (t) => `/api/v3/projects/${t.project}/submissionKey`, own: DENIED, foreign: PROJECT_404 },
    { method: "POST", path: (t) => `/api/v3/projects/${t.project}/submissionKey`, own: DENIED, foreign: PROJECT_404 },
  ],
  "/api/projects/{id}/download": [
    { method: "GET", path: (t) => `/api/projects/${t.project}/download`, own: DENIED, foreign: PROJECT_404 },
  ],
  "/api/licences/{id}": [{ method: "GET", path: (t) => `/api/licences/${t.licence}`, own: DENIED, foreign: LICENCE_404 }],
  "/api/v3/licences/{id}": [
    { method: "GET", path: (t) => `/api/v3/licences/${t.licence}`, own: DENIED, foreign: LICENCE_404 },
    { method: "PATCH", path: (t) => `/api/v3/licences/${t.licence}`, body: () => ({ name: "x" }), own: DENIED, foreign: DENIED },
    { method: "DELETE", path: (t) => `/api/v3/licences/${t.licence}`, own: DENIED, foreign: DENIED },
  ],
  "/api/v3/licences/{id}/parents": [
    { method: "GET", path: (t) => `/api/v3/licences/${t.licence}/parents`, own: DENIED, foreign: DENIED },
  ],
  "/api/v3/licences/csb/{id}/refresh": [
    { method: "POST", path: (t) => `/api/v3/licences/csb/${t.licence}/refresh`, own: DENIED, foreign: DENIED },
  ],
};

/** Paths with a parameter that reach no system's thing: public calls made with a link's token or a name. */
const NOT_SYSTEM_SCOPED = [
  "/api/users/{id}/password/changeViaLink",
  "/api/users/{id}/email/changeViaLink",
  "/api/users/{systemName}/{userName}/password/reset",
  "/api/v3/projects/{id}/upload", // multipart: tests/server/uploads.test.ts; the same projectForCaller as the others
];

let things: Things;
let own: string;
let foreign: string;

beforeAll(async () => {
  const admin = await adminToken();
  const system = await makeSystem();
  const user = await makeUser(system, ["JobCreator"]);
  own = (await makeUser(system, ["JobCreator"])).token;
  foreign = (await makeUser(await makeSystem(), ["Administrator"])).token;
  const licence = await api("POST", "/api/licences", {
    token: admin,
    body: { base64Licence: makeLicenceFile(), systemId: system.id },
  });
  expect(licence.status, licence.text).toBe(200);
  const project = await upload(
    "/api/v3/projects",
    [
      { name: "meta", text: JSON.stringify({ name: "Invoices", systemId: system.id }) },
      { name: "esproject", fileName: "invoices.esproject", type: "application/zip", bytes: sampleEsproject() },
    ],
    { token: admin, contentLength: true },
  );
  expect(project.status, project.text).toBe(200);
  const key = (await api("GET", `/api/v3/projects/${project.json.id}/submissionKey`, { token: admin })).json.submissionKey;
  const job = await upload(
    `/api/jobs?auth=${key}`,
    [{ name: "file", fileName: "invoice.txt", type: "text/plain", text: "Invoice" }],
    {
      contentLength: true,
    },
  );
  expect(job.status, job.text).toBe(200);
  things = { system, user, job: job.json.id, jobAuth: job.json.auth, project: project.json.id, licence: licence.json.id };
});

const outcome = (res: Answer) => [res.status, res.json?.errors?.[0]?.code ?? null];

describe("a refusal is 403 within the caller's own system and 404 for another system's things", () => {
  it("the table names every route with a parameter", () => {
    const withParams = Object.keys(ROUTE_TABLE).filter((p) => p.includes("{"));
    for (const path of withParams) expect(Object.keys(ROWS).includes(path) || NOT_SYSTEM_SCOPED.includes(path), path).toBe(true);
  });

  it.each(Object.entries(ROWS).flatMap(([template, rows]) => rows.map((row) => [`${row.method} ${template}`, row] as const)))(
    "%s",
    async (_, row) => {
      const path = row.path(things);
      const body = row.body?.(things);
      const asOwn = await api(row.method, path, { token: own, body });
      expect(outcome(asOwn), `JobCreator of the system: ${asOwn.text.slice(0, 300)}`).toEqual([...row.own]);
      const asForeign = await api(row.method, path, { token: foreign, body });
      expect(outcome(asForeign), `Administrator of another system: ${asForeign.text.slice(0, 300)}`).toEqual([...row.foreign]);
      // a 404 of a foreign thing is word for word that of an unknown one
      if (row.foreign[0] === 404) expect(asForeign.text).not.toContain(things.system.name);
    },
  );

  it("nothing was changed by the refused calls", async () => {
    const admin = await adminToken();
    const user = await api("GET", `/api/users/${things.user.id}`, { token: admin });
    expect(user.json).toMatchObject({ name: things.user.name, roles: ["JobCreator", "Everybody"], language: "en-US" });
    const job = await api("GET", `/api/jobs/${things.job}?auth=${things.jobAuth}`);
    expect(job.json.state).not.toBe("Removed");
    const project = await api("GET", `/api/v3/projects/${things.project}`, { token: admin });
    expect(project.json).toMatchObject({ name: "Invoices", version: 1 });
    expect((await api("GET", `/api/systems/${things.system.id}/userNames`, { token: admin })).json).not.toContain("intruder");
  });
});
