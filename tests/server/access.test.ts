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
  learnProject: string;
  licence: string;
  task: string;
  /** a Csv resource of the system: its pool's id and its name */
  pool: string;
  resource: string;
  webhook: string;
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
const SCHEDULER_404 = [404, "SchedulerNotFound"] as const;
const TASK_404 = [404, "TaskNotFound"] as const;
const DOWNLOAD_404 = [404, "DownloadNotFound"] as const;
const WEBHOOK_404 = [404, "WebhookNotFound"] as const;
/**
 * A download of system A cannot be made through the API here (an archive holds complete past periods only): the id
 * is unknown to both callers. The JobCreator is refused before any lookup (403, no downloads permission); the
 * refusals of real downloads, own and foreign, are in tests/integration/downloads.test.ts.
 */
const SOME_DOWNLOAD = "5e0c9a1b-7d3f-4b2a-9c8e-1f6a2b3c4d5e";
const SOME_CLUSTER = "0b6f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d";
const OTHER_CLUSTER = "1c7a2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e";
const cluster = (t: Things) => `/api/v3/learn/projects/${t.learnProject}/clusters/${SOME_CLUSTER}`;
const taskBody = (t: Things) => ({
  systemId: t.system.id,
  name: "Intruder task",
  function: "IncreaseJobPriority",
  onStart: true,
});

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
  // issue 26 §3: another user's API keys
  "/api/users/{id}/apikeys": [
    { method: "GET", path: (t) => `/api/users/${t.user.id}/apikeys`, own: DENIED, foreign: USER_404 },
    {
      method: "POST",
      path: (t) => `/api/users/${t.user.id}/apikeys`,
      body: () => ({ name: "intruder" }),
      own: DENIED,
      foreign: USER_404,
    },
  ],
  "/api/users/{id}/apikeys/{keyId}": [
    {
      method: "DELETE",
      path: (t) => `/api/users/${t.user.id}/apikeys/${SOME_DOWNLOAD}`,
      own: DENIED,
      foreign: USER_404,
    },
  ],
  // issue 26 §1: a system's webhooks (ManageSystemConfig, checked before the target)
  "/api/v3/webhooks/{id}": [
    { method: "GET", path: (t) => `/api/v3/webhooks/${t.webhook}`, own: DENIED, foreign: WEBHOOK_404 },
    {
      method: "PUT",
      path: (t) => `/api/v3/webhooks/${t.webhook}`,
      body: () => ({ enabled: false }),
      own: DENIED,
      foreign: WEBHOOK_404,
    },
    { method: "DELETE", path: (t) => `/api/v3/webhooks/${t.webhook}`, own: DENIED, foreign: WEBHOOK_404 },
  ],
  "/api/v3/webhooks/{id}/test": [
    { method: "POST", path: (t) => `/api/v3/webhooks/${t.webhook}/test`, own: DENIED, foreign: WEBHOOK_404 },
  ],
  "/api/v3/webhooks/{id}/secret": [
    { method: "POST", path: (t) => `/api/v3/webhooks/${t.webhook}/secret`, own: DENIED, foreign: WEBHOOK_404 },
  ],
  "/api/v3/webhooks/{id}/deliveries": [
    { method: "GET", path: (t) => `/api/v3/webhooks/${t.webhook}/deliveries`, own: DENIED, foreign: WEBHOOK_404 },
  ],
  "/api/v3/webhooks/{id}/deliveries/{deliveryId}/resend": [
    {
      method: "POST",
      path: (t) => `/api/v3/webhooks/${t.webhook}/deliveries/${SOME_DOWNLOAD}/resend`,
      own: DENIED,
      foreign: WEBHOOK_404,
    },
  ],
  "/api/v3/webhooks": [
    { method: "GET", path: (t) => `/api/v3/webhooks?systemId=${t.system.id}`, own: DENIED, foreign: SYSTEM_404 },
    {
      method: "POST",
      path: () => "/api/v3/webhooks",
      body: (t) => ({ systemId: t.system.id, url: "https://intruder.example.com/", events: ["job.ready"] }),
      own: DENIED,
      foreign: SYSTEM_404,
    },
  ],
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
    {
      method: "PUT",
      path: (t) => `/api/v3/projects/${t.learnProject}/metadata`,
      body: () => ({ name: "Renamed", updating: true }),
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
  "/api/v3/systems/{id}/learnProjects": [
    { method: "GET", path: (t) => `/api/v3/systems/${t.system.id}/learnProjects`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/v3/learn/projects": [
    { method: "GET", path: (t) => `/api/v3/learn/projects?systemId=${t.system.id}`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/v3/learn/projects/{id}": [
    { method: "GET", path: (t) => `/api/v3/learn/projects/${t.learnProject}`, own: DENIED, foreign: PROJECT_404 },
    {
      method: "DELETE",
      path: (t) => `/api/v3/learn/projects/${t.learnProject}`,
      body: () => ({ version: 1 }),
      own: DENIED,
      foreign: PROJECT_404,
    },
  ],
  // A cluster comes from a learn run: the ids are unknown ones; the learn project decides (tests/integration/learn-clusters.test.ts
  // refuses real clusters both ways)
  "/api/v3/learn/projects/{id}/clusters": [
    { method: "GET", path: (t) => `/api/v3/learn/projects/${t.learnProject}/clusters`, own: DENIED, foreign: PROJECT_404 },
  ],
  "/api/v3/learn/projects/{id}/clusters/merge": [
    {
      method: "POST",
      path: (t) => `/api/v3/learn/projects/${t.learnProject}/clusters/merge`,
      body: () => ({ ids: [SOME_CLUSTER, OTHER_CLUSTER] }),
      own: DENIED,
      foreign: PROJECT_404,
    },
  ],
  "/api/v3/learn/projects/{id}/clusters/{clusterId}": [
    { method: "GET", path: (t) => `${cluster(t)}`, own: DENIED, foreign: PROJECT_404 },
    { method: "PUT", path: (t) => `${cluster(t)}`, body: () => ({ name: "Intruders" }), own: DENIED, foreign: PROJECT_404 },
  ],
  "/api/v3/learn/projects/{id}/clusters/{clusterId}/documents": [
    { method: "GET", path: (t) => `${cluster(t)}/documents`, own: DENIED, foreign: PROJECT_404 },
  ],
  "/api/v3/learn/projects/{id}/clusters/{clusterId}/lock": [
    { method: "POST", path: (t) => `${cluster(t)}/lock`, own: DENIED, foreign: PROJECT_404 },
  ],
  "/api/v3/learn/projects/{id}/clusters/{clusterId}/unlock": [
    { method: "POST", path: (t) => `${cluster(t)}/unlock`, own: DENIED, foreign: PROJECT_404 },
  ],
  "/api/v3/learn/projects/{id}/clusters/{clusterId}/split": [
    { method: "POST", path: (t) => `${cluster(t)}/split`, body: () => ({ documentIds: [1] }), own: DENIED, foreign: PROJECT_404 },
  ],
  "/api/v3/learn/projects/{id}/clusters/{clusterId}/move": [
    {
      method: "POST",
      path: (t) => `${cluster(t)}/move`,
      body: () => ({ documentIds: [1], to: OTHER_CLUSTER }),
      own: DENIED,
      foreign: PROJECT_404,
    },
  ],
  "/api/v3/learn/projects/{id}/documents/{documentId}": [
    { method: "GET", path: (t) => `/api/v3/learn/projects/${t.learnProject}/documents/1`, own: DENIED, foreign: PROJECT_404 },
  ],
  "/api/v3/learn/projects/{id}/download": [
    { method: "GET", path: (t) => `/api/v3/learn/projects/${t.learnProject}/download`, own: DENIED, foreign: PROJECT_404 },
  ],
  // learn runs and export (tests/integration/learn-runs.test.ts refuses them both ways with a real run)
  "/api/v3/learn/projects/{id}/run": [
    {
      method: "POST",
      path: (t) => `/api/v3/learn/projects/${t.learnProject}/run`,
      body: () => ({ onlyChanged: true }),
      own: DENIED,
      foreign: PROJECT_404,
    },
  ],
  "/api/v3/learn/projects/{id}/runs": [
    { method: "GET", path: (t) => `/api/v3/learn/projects/${t.learnProject}/runs`, own: DENIED, foreign: PROJECT_404 },
  ],
  "/api/v3/learn/projects/{id}/runs/{runId}": [
    { method: "GET", path: (t) => `/api/v3/learn/projects/${t.learnProject}/runs/1`, own: DENIED, foreign: PROJECT_404 },
  ],
  "/api/v3/learn/projects/{id}/export": [
    {
      method: "POST",
      path: (t) => `/api/v3/learn/projects/${t.learnProject}/export`,
      body: (t) => ({ projectId: t.project }),
      own: DENIED,
      foreign: PROJECT_404,
    },
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
  "/api/scheduler/{systemId}": [
    { method: "GET", path: (t) => `/api/scheduler/${t.system.id}`, own: DENIED, foreign: SCHEDULER_404 },
  ],
  "/api/scheduler/{systemId}/tasks": [
    { method: "GET", path: (t) => `/api/scheduler/${t.system.id}/tasks`, own: DENIED, foreign: SCHEDULER_404 },
  ],
  "/api/scheduler/tasks": [
    { method: "GET", path: (t) => `/api/scheduler/tasks?systemId=${t.system.id}`, own: DENIED, foreign: SCHEDULER_404 },
    { method: "POST", path: () => "/api/scheduler/tasks", body: taskBody, own: DENIED, foreign: SCHEDULER_404 },
    {
      method: "PUT",
      path: () => "/api/scheduler/tasks",
      body: (t) => ({ ...taskBody(t), id: t.task }),
      own: DENIED,
      foreign: TASK_404,
    },
  ],
  "/api/scheduler/tasks/functions": [
    { method: "GET", path: (t) => `/api/scheduler/tasks/functions?systemId=${t.system.id}`, own: DENIED, foreign: SCHEDULER_404 },
  ],
  "/api/scheduler/tasks/{id}": [
    { method: "GET", path: (t) => `/api/scheduler/tasks/${t.task}`, own: DENIED, foreign: TASK_404 },
    { method: "DELETE", path: (t) => `/api/scheduler/tasks/${t.task}`, own: DENIED, foreign: TASK_404 },
  ],
  "/api/scheduler/tasks/{id}/runs": [
    { method: "GET", path: (t) => `/api/scheduler/tasks/${t.task}/runs`, own: DENIED, foreign: TASK_404 },
  ],
  // statistics (issue 12): AccessStatistics is the contract's permission, so a JobCreator is refused before the system
  "/api/v3/statistics/summary/{systemId}": [
    { method: "GET", path: (t) => `/api/v3/statistics/summary/${t.system.id}`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/v3/statistics/longrunningjobs/{systemId}": [
    { method: "GET", path: (t) => `/api/v3/statistics/longrunningjobs/${t.system.id}`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/v3/resources": [
    {
      method: "DELETE",
      path: () => "/api/v3/resources",
      body: (t) => ({ systemId: t.system.id, subtypeId: t.pool, names: [t.resource] }),
      own: DENIED,
      foreign: SYSTEM_404,
    },
  ],
  "/api/v2/downloads": [
    { method: "GET", path: (t) => `/api/v2/downloads/?systemId=${t.system.id}`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/v2/downloads/{id}": [
    { method: "DELETE", path: () => `/api/v2/downloads/${SOME_DOWNLOAD}`, own: DENIED, foreign: DOWNLOAD_404 },
  ],
  "/api/v2/downloads/{id}/download": [
    { method: "GET", path: () => `/api/v2/downloads/${SOME_DOWNLOAD}/download`, own: DENIED, foreign: DOWNLOAD_404 },
  ],
  "/api/v3/resources/Pool/{systemId}": [
    { method: "GET", path: (t) => `/api/v3/resources/Pool/${t.system.id}`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/v3/resources/pools/{systemId}": [
    { method: "GET", path: (t) => `/api/v3/resources/pools/${t.system.id}`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/v3/resources/{systemId}/{type}": [
    { method: "GET", path: (t) => `/api/v3/resources/${t.system.id}/Csv`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/v3/resources/{system}/{level}/{pool}": [
    { method: "DELETE", path: (t) => `/api/v3/resources/${t.system.id}/System/${t.pool}`, own: DENIED, foreign: SYSTEM_404 },
  ],
  "/api/v3/resources/{systemId}/{type}/{subtype}/{name}": [
    {
      method: "GET",
      path: (t) => `/api/v3/resources/${t.system.id}/Csv/${t.pool}/${t.resource}`,
      own: DENIED,
      foreign: SYSTEM_404,
    },
  ],
  // the audit trail names its system in the query (issue 12): a JobCreator lacks ManageAuditTrail in its own system;
  // an Administrator of another system has it, but not for this one (unknown, like a system that does not exist)
  ...Object.fromEntries(
    ["/api/v3/audittrail", "/api/v3/audittrail/projects", "/api/v3/audittrail/users", "/api/v3/audittrail/export"].map(
      (path): [string, Row[]] => [
        path,
        [
          { method: "GET", path: (t) => `${path}?systemId=${t.system.id}`, own: DENIED, foreign: SYSTEM_404 },
          { method: "GET", path: () => path, own: DENIED, foreign: OK_200 },
        ],
      ],
    ),
  ),
};

/** Paths with a parameter that reach no system's thing: public calls made with a link's token or a name. */
const NOT_SYSTEM_SCOPED = [
  "/api/users/{id}/password/changeViaLink",
  "/api/users/{id}/email/changeViaLink",
  "/api/users/{systemName}/{userName}/password/reset",
  "/api/v3/projects/{id}/upload", // multipart: tests/server/uploads.test.ts; the same projectForCaller as the others
  "/api/v3/learn/projects/{id}/upload", // multipart: tests/integration/learn-projects.test.ts refuses it both ways
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
  const learnProject = await upload(
    "/api/v3/learn/projects",
    [
      { name: "meta", text: JSON.stringify({ name: "Incoming mail", systemId: system.id }) },
      {
        name: "esproject",
        fileName: "mail.esproject",
        type: "application/zip",
        bytes: sampleEsproject({ type: "Learn", documentClasses: [] }),
      },
    ],
    { token: admin, contentLength: true },
  );
  expect(learnProject.status, learnProject.text).toBe(200);
  const key = (await api("GET", `/api/v3/projects/${project.json.id}/submissionKey`, { token: admin })).json.submissionKey;
  const job = await upload(
    `/api/jobs?auth=${key}`,
    [{ name: "file", fileName: "invoice.txt", type: "text/plain", text: "Invoice" }],
    {
      contentLength: true,
    },
  );
  expect(job.status, job.text).toBe(200);
  const task = await api("POST", "/api/scheduler/tasks", {
    token: admin,
    body: {
      systemId: system.id,
      name: "Raise priorities",
      function: "IncreaseJobPriority",
      continuouslyIsActive: true,
      continuouslyMinutes: 30,
    },
  });
  expect(task.status, task.text).toBe(200);
  const resource = await upload(
    "/api/v3/resources",
    [
      {
        name: "meta",
        text: JSON.stringify({ systemId: system.id, type: "Csv", subtype: "Suppliers", name: "suppliers.csv", level: "System" }),
      },
      { name: "resourceFile", fileName: "suppliers.csv", type: "text/csv", text: "ACME Ltd.\nGlobex\n" },
    ],
    { token: admin, contentLength: true },
  );
  expect(resource.status, resource.text).toBe(200);
  const webhook = await api("POST", "/api/v3/webhooks", {
    token: admin,
    body: { systemId: system.id, url: "https://erp.example.com/hooks", events: ["job.ready"] },
  });
  expect(webhook.status, webhook.text).toBe(200);
  things = {
    system,
    user,
    job: job.json.id,
    jobAuth: job.json.auth,
    project: project.json.id,
    learnProject: learnProject.json.id,
    licence: licence.json.id,
    task: task.json.id,
    pool: resource.json.subtypeId,
    resource: "suppliers.csv",
    webhook: webhook.json.id,
  };
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
    const learnProject = await api("GET", `/api/v3/learn/projects/${things.learnProject}`, { token: admin });
    expect(learnProject.json).toMatchObject({ name: "Incoming mail", version: 1, deletedAt: null });
    expect((await api("GET", `/api/systems/${things.system.id}/userNames`, { token: admin })).json).not.toContain("intruder");
    const webhooks = await api("GET", `/api/v3/webhooks?systemId=${things.system.id}`, { token: admin });
    expect(webhooks.json.items).toEqual([
      expect.objectContaining({ id: things.webhook, enabled: true, url: "https://erp.example.com/hooks" }),
    ]);
  });
});
