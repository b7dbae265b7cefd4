import { readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { desc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT as putScheduler } from "@/app/api/scheduler/route";
import { DELETE as deleteTaskRoute } from "@/app/api/scheduler/tasks/[taskId]/route";
import { POST as postTask, PUT as putTask } from "@/app/api/scheduler/tasks/route";
import { DELETE as deleteSystemRoute } from "@/app/api/systems/[systemId]/route";
import { POST as postSystem, PUT as putSystem } from "@/app/api/systems/route";
import { DELETE as revokeApiKeyRoute } from "@/app/api/users/[userId]/apikeys/[keyId]/route";
import { POST as createApiKeyRoute } from "@/app/api/users/[userId]/apikeys/route";
import { POST as changeEmailViaLink } from "@/app/api/users/[userId]/email/changeViaLink/route";
import { PUT as putLanguage } from "@/app/api/users/[userId]/language/route";
import { POST as changePassword } from "@/app/api/users/[userId]/password/change/route";
import { POST as changeRequired } from "@/app/api/users/[userId]/password/changeRequired/route";
import { POST as changeViaLink } from "@/app/api/users/[userId]/password/changeViaLink/route";
import { POST as resetPassword } from "@/app/api/users/[userId]/password/reset/route";
import { DELETE as deleteUserRoute } from "@/app/api/users/[userId]/route";
import { POST as registerRoute } from "@/app/api/users/register/route";
import { PUT as putUser } from "@/app/api/users/route";
import { DELETE as deleteDownloadRoute } from "@/app/api/v2/downloads/[id]/route";
import { POST as postDownloadRoute } from "@/app/api/v2/downloads/route";
import { PUT as putService } from "@/app/api/v3/config/service/route";
import { PUT as putWorker } from "@/app/api/v3/config/worker/route";
import { PUT as putFeatureFlags } from "@/app/api/v3/featureflags/route";
import { POST as moveLearnDocumentsRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/[clusterId]/move/route";
import { PUT as putLearnCluster } from "@/app/api/v3/learn/projects/[projectId]/clusters/[clusterId]/route";
import { POST as splitLearnClusterRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/[clusterId]/split/route";
import { POST as unlockLearnClusterRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/[clusterId]/unlock/route";
import { POST as mergeLearnClustersRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/merge/route";
import { POST as exportLearnRoute } from "@/app/api/v3/learn/projects/[projectId]/export/route";
import { DELETE as deleteLearnRoute } from "@/app/api/v3/learn/projects/[projectId]/route";
import { POST as learnRunRoute } from "@/app/api/v3/learn/projects/[projectId]/run/route";
import { POST as uploadLearnVersion } from "@/app/api/v3/learn/projects/[projectId]/upload/route";
import { POST as addLearnRoute } from "@/app/api/v3/learn/projects/route";
import { DELETE as deleteLicenceRoute, PATCH as patchLicenceRoute } from "@/app/api/v3/licences/[licenceId]/route";
import { POST as refreshCsbRoute } from "@/app/api/v3/licences/csb/[licenceId]/refresh/route";
import { POST as addCsbRoute } from "@/app/api/v3/licences/csb/route";
import { POST as addLicenceRoute } from "@/app/api/v3/licences/route";
import { POST as virtualRoute } from "@/app/api/v3/licences/virtual/route";
import { PUT as putMetadata } from "@/app/api/v3/projects/[projectId]/metadata/route";
import { POST as postProperties } from "@/app/api/v3/projects/[projectId]/properties/route";
import { DELETE as deleteProjectRoute } from "@/app/api/v3/projects/[projectId]/route";
import { POST as newKey } from "@/app/api/v3/projects/[projectId]/submissionKey/route";
import { POST as uploadVersion } from "@/app/api/v3/projects/[projectId]/upload/route";
import { POST as addProjectRoute } from "@/app/api/v3/projects/route";
import { DELETE as deletePoolRoute } from "@/app/api/v3/resources/[systemId]/[type]/[subtype]/route";
import { DELETE as deleteResourcesRoute, POST as postResource } from "@/app/api/v3/resources/route";
import { DELETE as deleteWebhookRoute, PUT as updateWebhookRoute } from "@/app/api/v3/webhooks/[webhookId]/route";
import { POST as rotateWebhookRoute } from "@/app/api/v3/webhooks/[webhookId]/secret/route";
import { POST as createWebhookRoute } from "@/app/api/v3/webhooks/route";
import { PUT as putLearnConfig } from "@/app/learn/api/v1/config/route";
import { PUT as putLearnWorkerConfig } from "@/app/learn/api/v1/workerconfig/route";
import {
  type AuditCategory,
  type AuditOperation,
  auditTrail,
  learnClusters,
  learnDocuments,
  learnModels,
  licences,
  type NewUser,
  resourcePools,
  resources,
} from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { callerFromToken } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { writeArchive } from "@/lib/downloads/archive";
import { resolveFile, writeStoredFile } from "@/lib/files/store";
import { embed, fitModel } from "@/lib/learn/engine";
import { exportLearnClusters } from "@/lib/learn/services/export-learn-clusters";
import { releaseMyLearnLocks } from "@/lib/learn/services/release-my-learn-locks";
import { toVectorBytes } from "@/lib/learn/vector-bytes";
import { projectFilePath } from "@/lib/projects/queries";
import { resourceFilePath } from "@/lib/resources/files";
import { forceTask } from "@/lib/scheduler/services/force-task";
import { patchSetting, SETTING_KEYS } from "@/lib/settings/store";
import { updateSystemConfig } from "@/lib/systems/services/update-system-config";
import { issueLinkToken } from "@/lib/users/link-tokens";
import { makeLicenceFile, TEST_LICENCE_KEYS } from "@/tests/fixtures/licence";
import { sampleEsproject } from "@/tests/fixtures/project";
import { addLearnDocuments, makeLearnProjectRow } from "@/tests/helpers/learn-runs";
import { runTask, taskRun } from "@/tests/helpers/task-run";
import { learnDocuments as learnFixture } from "../fixtures/learn-documents";
import { supersystem, tokenOf } from "../helpers/api";
import { makeLearnProject, makeProject, makeSystem, makeUser, PASSWORD, uniqueName } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * The census of issue 12: every file under lib/{area}/services/ and workers/scheduler/functions/ (read from the file
 * system, so that a new one without an entry here fails) is either
 * - audited: run through its real entry point (the REST route; the service itself where a server action is its only
 *   entry), it writes exactly the expected audit-trail row (category, operation, acting user, deputy, system); and run
 *   once more while the trail refuses every insert, it fails and leaves the database as it was: the row is written in
 *   the transaction of the change;
 * - via: a helper whose rows the services named write (their entries run it);
 * - exempt: its data has no category of spec operations §3 (jobs, sessions, counters, notifications, files), or it
 *   changes nothing; the reason is given.
 */
process.env.LICENCE_PUBLIC_KEYS = TEST_LICENCE_KEYS.publicKey;

type Row = {
  category: AuditCategory;
  operation: AuditOperation;
  username: string;
  deputy: string | null;
  systemId: string | null;
};
type Answer = { status: number; text?: string } | undefined;
type Case<C = any> = {
  /** how the service is reached */
  entry: string;
  /** what the run needs, made before the database is compared (not part of the change) */
  prepare: () => Promise<C>;
  run: (ctx: C) => Promise<Answer>;
  /** its row (or rows: a task run writes one per thing it changed) */
  row: (ctx: C) => Row | Row[];
};
type Entry = { audited: Case[] } | { via: string[] } | { exempt: string };

const JOBS = "jobs: spec operations §3 has no Job category (a job's history is its state, times and log lines)";
const SIGN_IN = "sign-in state (sessions, failed attempts, lockouts): no audit category; the admin's unlock is update-user's";
const NOTHING = "changes nothing: a connection test";
const DELIVERY = "sends a webhook delivery at once: its record is the delivery log (issue 26 §1); no setting changes";

// the world of the census: the Supersystem with a SuperAdmin, a tenant with its Administrator
let sup: { id: string; name: string };
let tenant: { id: string; name: string };
let superAdmin: { id: string; name: string; token: string; caller: Caller };
let tenantAdmin: { id: string; name: string; token: string };
let csb: Server;
let csbUrl: string;
const csbLicences = new Map<string, string>();
let archivedMonths = 0;

const superRow = (category: AuditCategory, operation: AuditOperation): Row => ({
  category,
  operation,
  username: superAdmin.name,
  deputy: null,
  systemId: sup.id,
});
/** a Supersystem administrator's change in the tenant's portal: recorded as its deputy */
const deputyRow = (category: AuditCategory, operation: AuditOperation): Row => ({
  category,
  operation,
  username: superAdmin.name,
  deputy: tenant.name,
  systemId: tenant.id,
});
const tenantRow = (category: AuditCategory, operation: AuditOperation): Row => ({
  category,
  operation,
  username: tenantAdmin.name,
  deputy: null,
  systemId: tenant.id,
});

function tenantUser(overrides: Partial<NewUser> = {}) {
  return makeUser({ systemId: tenant.id, roles: ["JobManager"], emailAddress: `${uniqueName("u")}@example.com`, ...overrides });
}
const selfRow = (user: { name: string }): Row => ({
  category: "User",
  operation: "Update",
  username: user.name,
  deputy: null,
  systemId: tenant.id,
});

function projectForm(meta: unknown, withFile = true, file = sampleEsproject()) {
  const form = new FormData();
  if (withFile) form.append("esproject", new File([new Uint8Array(file)], "invoices.esproject", { type: "application/zip" }));
  form.append("meta", JSON.stringify(meta));
  return form;
}
const learnForm = (meta: unknown) => projectForm(meta, true, sampleEsproject({ type: "Learn", documentClasses: [] }));
function resourceForm(meta: Record<string, unknown>) {
  const form = new FormData();
  form.append("resourceFile", new File(["ACME Ltd.\nGlobex\n"], String(meta.name), { type: "text/csv" }));
  form.append("meta", JSON.stringify(meta));
  return form;
}
async function resourcePool(name = uniqueName("pool")) {
  const res = await call(postResource, "/api/v3/resources", {
    method: "POST",
    token: superAdmin.token,
    form: resourceForm({ systemId: tenant.id, type: "Csv", subtype: name, name: "suppliers.csv", level: "System" }),
  });
  expect(res.status, res.text).toBe(200);
  return { poolId: res.json.subtypeId as string, name: "suppliers.csv" };
}
async function webhook(): Promise<string> {
  const res = await call(createWebhookRoute, "/api/v3/webhooks", {
    method: "POST",
    token: tenantAdmin.token,
    body: { systemId: tenant.id, url: "https://erp.example.com/hooks", events: ["job.ready"] },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.id;
}
async function task() {
  const res = await call(postTask, "/api/scheduler/tasks", {
    method: "POST",
    token: tenantAdmin.token,
    body: { systemId: tenant.id, name: uniqueName("Task "), function: "IncreaseJobPriority", onStart: true },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { id: string; name: string };
}
async function licence(systemId: string | null = null) {
  const res = await call(addLicenceRoute, "/api/v3/licences", {
    method: "POST",
    token: superAdmin.token,
    body: { base64Licence: makeLicenceFile(), ...(systemId ? { systemId } : {}) },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { id: string };
}
async function csbLicence() {
  const customer = uniqueName("csb");
  csbLicences.set(customer, makeLicenceFile());
  const res = await call(addCsbRoute, "/api/v3/licences/csb", {
    method: "POST",
    token: superAdmin.token,
    body: { csbUrl, csbSystem: customer, csbUser: "reader", csbPassword: "S3cret!pass" },
  });
  expect(res.status, res.text).toBe(200);
  return { id: res.json.id as string, customer };
}

/** a change the service makes itself (a task, a setting): recorded as "system" in the system it concerns */
const systemRow = (category: AuditCategory, operation: AuditOperation, systemId: string): Row => ({
  category,
  operation,
  username: "system",
  deputy: null,
  systemId,
});
/** a learn project whose run made clusters, the first of them named and complete (ready to be exported) */
async function learnProjectWithCompleteCluster(systemId: string) {
  const db = await getDb();
  const project = await makeLearnProjectRow({ systemId });
  const texts = learnFixture(["invoice", "delivery"], 3).map((d) => d.text);
  const model = fitModel(texts);
  await db.insert(learnModels).values({ projectId: project.id, model, documents: texts.length });
  const [cluster] = await db
    .insert(learnClusters)
    .values({ projectId: project.id, systemId, number: 1, name: "Invoices", complete: true, size: 1 })
    .returning();
  await db.insert(learnDocuments).values({
    projectId: project.id,
    systemId,
    file: "invoice.txt",
    text: texts[0] ?? "",
    pages: 1,
    clusterId: cluster?.id,
    vector: toVectorBytes(embed(model, texts[0] ?? "")),
    learnedAt: new Date(),
  });
  return project;
}
/** an extraction project with its stored file (an export stores it again as the next version) */
async function extractionProject(systemId: string) {
  const { project } = await makeProject({ systemId });
  await writeStoredFile(projectFilePath(systemId, project.id, 1), sampleEsproject());
  return project;
}

const SERVICES: Record<string, Entry> = {
  "lib/audit/services/write-audit.ts": { exempt: "writes the audit-trail rows themselves" },
  "lib/auth/services/login.ts": { exempt: SIGN_IN },
  "lib/auth/services/logout.ts": { exempt: SIGN_IN },
  "lib/auth/services/refresh-session.ts": { exempt: SIGN_IN },
  "lib/config/services/test-service-connection.ts": { exempt: NOTHING },
  "lib/config/services/update-service-config.ts": {
    audited: [
      {
        entry: "PUT /api/v3/config/service",
        prepare: async () => ({}),
        run: () =>
          call(putService, "/api/v3/config/service", {
            method: "PUT",
            token: superAdmin.token,
            body: { tokenExpirationMinutes: 45, eMailPassword: "Secret-1" },
          }),
        row: () => superRow("ServiceConfiguration", "Update"),
      },
    ],
  },
  "lib/downloads/services/delete-download.ts": {
    audited: [
      {
        entry: "DELETE v2/downloads/{id} (the tenant's administrator)",
        prepare: async () => {
          const { download } = await writeArchive(await getDb(), {
            type: "AuditTrail",
            systemId: tenant.id,
            displayFileName: "AuditTrail_2026-01.zip",
            externalId: uniqueName("AuditTrail:census"),
            entries: [{ name: "rows", columns: ["id"], rows: [[[1]]] }],
          });
          return { id: download.id };
        },
        run: ({ id }) => call(deleteDownloadRoute, `/api/v2/downloads/${id}`, { method: "DELETE", token: tenantAdmin.token }),
        row: () => tenantRow("SchedulerTask", "Delete"),
      },
    ],
  },
  "lib/downloads/services/export-range.ts": {
    audited: [
      {
        entry: "POST v2/downloads (archive now, the tenant's administrator)",
        prepare: async () => ({}),
        run: () =>
          call(postDownloadRoute, "/api/v2/downloads", {
            method: "POST",
            token: tenantAdmin.token,
            body: { type: "AuditTrail", start: "2026-01-01", end: "2026-01-31" },
          }),
        row: () => tenantRow("SchedulerTask", "Create"),
      },
    ],
  },
  "lib/config/services/update-worker-config.ts": {
    audited: [
      {
        entry: "PUT /api/v3/config/worker",
        // a save that changes nothing writes no row: the stored value differs from the one sent
        prepare: async () => {
          await patchSetting(await getDb(), SETTING_KEYS.workerConfig, { jsonFormat: "Compact" });
          return {};
        },
        run: () =>
          call(putWorker, "/api/v3/config/worker", { method: "PUT", token: superAdmin.token, body: { jsonFormat: "Nice" } }),
        row: () => superRow("WorkerConfiguration", "Update"),
      },
    ],
  },
  "lib/config/services/update-learn-config.ts": {
    audited: [
      {
        entry: "PUT /learn/api/v1/config",
        prepare: async () => {
          await patchSetting(await getDb(), SETTING_KEYS.learnConfig, { createLearnJobOnProjectChange: false });
          return {};
        },
        run: () =>
          call(putLearnConfig, "/learn/api/v1/config", {
            method: "PUT",
            token: superAdmin.token,
            body: { createLearnJobOnProjectChange: true },
          }),
        row: () => superRow("ServiceConfiguration", "Update"),
      },
    ],
  },
  "lib/config/services/update-feature-flags.ts": {
    audited: [
      {
        entry: "PUT /api/v3/featureflags",
        prepare: async () => {
          await patchSetting(await getDb(), SETTING_KEYS.featureFlags, { OpenApi: false });
          return {};
        },
        run: () =>
          call(putFeatureFlags, "/api/v3/featureflags", { method: "PUT", token: superAdmin.token, body: { OpenApi: true } }),
        row: () => superRow("ServiceConfiguration", "Update"),
      },
    ],
  },
  "lib/config/services/update-learn-worker-config.ts": {
    audited: [
      {
        entry: "PUT /learn/api/v1/workerconfig",
        prepare: async () => {
          await patchSetting(await getDb(), SETTING_KEYS.learnWorkerConfig, { logLevel: "Info" });
          return {};
        },
        run: () =>
          call(putLearnWorkerConfig, "/learn/api/v1/workerconfig", {
            method: "PUT",
            token: superAdmin.token,
            body: { logLevel: "Warn" },
          }),
        row: () => superRow("LearnWorkerConfig", "Update"),
      },
    ],
  },
  "lib/config/services/update-settings.ts": {
    via: [
      "lib/config/services/update-worker-config.ts",
      "lib/config/services/update-learn-config.ts",
      "lib/config/services/update-feature-flags.ts",
    ],
  },
  "lib/jobs/services/create-job.ts": { exempt: JOBS },
  "lib/jobs/services/delete-jobs.ts": { exempt: JOBS },
  "lib/jobs/services/patch-jobs.ts": { exempt: JOBS },
  "lib/licences/services/add-licence.ts": {
    audited: [
      {
        entry: "POST /api/v3/licences (assigned to a system)",
        prepare: async () => ({ file: makeLicenceFile() }),
        run: ({ file }) =>
          call(addLicenceRoute, "/api/v3/licences", {
            method: "POST",
            token: superAdmin.token,
            body: { base64Licence: file, systemId: tenant.id },
          }),
        row: () => ({ ...superRow("Licence", "Create"), systemId: tenant.id }),
      },
      {
        entry: "POST /api/v3/licences (the installation's: no system)",
        prepare: async () => ({ file: makeLicenceFile() }),
        run: ({ file }) =>
          call(addLicenceRoute, "/api/v3/licences", { method: "POST", token: superAdmin.token, body: { base64Licence: file } }),
        row: () => ({ ...superRow("Licence", "Create"), systemId: null }),
      },
    ],
  },
  "lib/licences/services/add-csb-licence.ts": {
    audited: [
      {
        entry: "POST /api/v3/licences/csb",
        prepare: async () => {
          const customer = uniqueName("csb");
          csbLicences.set(customer, makeLicenceFile());
          return { customer };
        },
        run: ({ customer }) =>
          call(addCsbRoute, "/api/v3/licences/csb", {
            method: "POST",
            token: superAdmin.token,
            body: { csbUrl, csbSystem: customer, csbUser: "reader", csbPassword: "S3cret!pass" },
          }),
        row: () => ({ ...superRow("Licence", "Create"), systemId: null }),
      },
    ],
  },
  "lib/licences/services/refresh-csb-licence.ts": {
    audited: [
      {
        entry: "POST /api/v3/licences/csb/{id}/refresh",
        prepare: csbLicence,
        run: ({ id }) => call(refreshCsbRoute, `/api/v3/licences/csb/${id}/refresh`, { method: "POST", token: superAdmin.token }),
        row: () => ({ ...superRow("Licence", "Update"), systemId: null }),
      },
    ],
  },
  "lib/licences/services/create-virtual-licence.ts": {
    audited: [
      {
        entry: "POST /api/v3/licences/virtual",
        prepare: async () => ({ child: await licence(), id: uniqueName("VIRTUAL-") }),
        run: ({ child, id }) =>
          call(virtualRoute, "/api/v3/licences/virtual", {
            method: "POST",
            token: superAdmin.token,
            body: { id, name: "Pool", childIds: [child.id] },
          }),
        row: () => ({ ...superRow("Licence", "Create"), systemId: null }),
      },
    ],
  },
  "lib/licences/services/patch-licence.ts": {
    audited: [
      {
        entry: "PATCH /api/v3/licences/{id}",
        prepare: () => licence(),
        run: ({ id }) =>
          call(patchLicenceRoute, `/api/v3/licences/${id}`, {
            method: "PATCH",
            token: superAdmin.token,
            body: { name: "Renamed" },
          }),
        row: () => ({ ...superRow("Licence", "Update"), systemId: null }),
      },
    ],
  },
  "lib/licences/services/delete-licence.ts": {
    audited: [
      {
        entry: "DELETE /api/v3/licences/{id}",
        prepare: () => licence(),
        run: ({ id }) => call(deleteLicenceRoute, `/api/v3/licences/${id}`, { method: "DELETE", token: superAdmin.token }),
        row: () => ({ ...superRow("Licence", "Delete"), systemId: null }),
      },
    ],
  },
  "lib/licences/services/record-feature-usage.ts": {
    exempt: "counts a licence's use while jobs are processed: a counter of the job pipeline, not a change of the licence",
  },
  "lib/licences/services/replace-children.ts": {
    via: ["lib/licences/services/create-virtual-licence.ts", "lib/licences/services/patch-licence.ts"],
  },
  "lib/licences/services/store-licence.ts": {
    via: ["lib/licences/services/add-licence.ts", "lib/licences/services/add-csb-licence.ts"],
  },
  "lib/projects/services/add-project.ts": {
    audited: [
      {
        entry: "POST /api/v3/projects (SuperAdmin as deputy)",
        prepare: async () => ({ name: uniqueName("Invoices") }),
        run: ({ name }) =>
          call(addProjectRoute, "/api/v3/projects", {
            method: "POST",
            token: superAdmin.token,
            form: projectForm({ name, systemId: tenant.id }),
          }),
        row: () => deputyRow("Project", "Create"),
      },
    ],
  },
  "lib/projects/services/upload-project-version.ts": {
    audited: [
      {
        entry: "POST /api/v3/projects/{id}/upload",
        prepare: () => makeProject({ systemId: tenant.id }),
        run: ({ project }) =>
          call(uploadVersion, `/api/v3/projects/${project.id}/upload`, {
            method: "POST",
            token: tenantAdmin.token,
            form: projectForm({ version: 1 }),
          }),
        row: () => tenantRow("Project", "Update"),
      },
    ],
  },
  "lib/projects/services/rename-project.ts": {
    audited: [
      {
        entry: "PUT /api/v3/projects/{id}/metadata (SuperAdmin as deputy)",
        prepare: () => makeProject({ systemId: tenant.id }),
        run: ({ project }) =>
          call(putMetadata, `/api/v3/projects/${project.id}/metadata`, {
            method: "PUT",
            token: superAdmin.token,
            body: { name: uniqueName("Renamed") },
          }),
        row: () => deputyRow("Project", "Update"),
      },
    ],
  },
  "lib/projects/services/save-project-properties.ts": {
    audited: [
      {
        entry: "POST /api/v3/projects/{id}/properties",
        prepare: () => makeProject({ systemId: tenant.id }),
        run: ({ project }) =>
          call(postProperties, `/api/v3/projects/${project.id}/properties`, {
            method: "POST",
            token: tenantAdmin.token,
            body: { version: 1, properties: [{ name: "currency", value: "EUR", description: "" }] },
          }),
        row: () => tenantRow("Project", "Update"),
      },
    ],
  },
  "lib/projects/services/regenerate-submission-key.ts": {
    audited: [
      {
        entry: "POST /api/v3/projects/{id}/submissionKey",
        prepare: () => makeProject({ systemId: tenant.id }),
        run: ({ project }) =>
          call(newKey, `/api/v3/projects/${project.id}/submissionKey`, { method: "POST", token: tenantAdmin.token }),
        row: () => tenantRow("Project", "Update"),
      },
    ],
  },
  "lib/projects/services/update-project.ts": {
    via: [
      "lib/projects/services/rename-project.ts",
      "lib/projects/services/save-project-properties.ts",
      "lib/projects/services/regenerate-submission-key.ts",
      "lib/learn/services/update-learn-metadata.ts",
      "lib/learn/services/delete-learn-project.ts",
    ],
  },
  "lib/projects/services/insert-project.ts": {
    via: ["lib/projects/services/add-project.ts", "lib/learn/services/add-learn-project.ts"],
  },
  "lib/projects/services/store-project-version.ts": {
    via: ["lib/projects/services/upload-project-version.ts", "lib/learn/services/upload-learn-project-version.ts"],
  },
  "lib/learn/services/add-learn-project.ts": {
    audited: [
      {
        entry: "POST /api/v3/learn/projects (SuperAdmin as deputy)",
        prepare: async () => ({ name: uniqueName("Mail") }),
        run: ({ name }) =>
          call(addLearnRoute, "/api/v3/learn/projects", {
            method: "POST",
            token: superAdmin.token,
            form: learnForm({ name, systemId: tenant.id }),
          }),
        row: () => deputyRow("LearnProject", "Create"),
      },
    ],
  },
  "lib/learn/services/upload-learn-project-version.ts": {
    audited: [
      {
        entry: "POST /api/v3/learn/projects/{id}/upload",
        prepare: () => makeProject({ systemId: tenant.id, type: "Learn" }),
        run: ({ project }) =>
          call(uploadLearnVersion, `/api/v3/learn/projects/${project.id}/upload`, {
            method: "POST",
            token: tenantAdmin.token,
            form: learnForm({ version: 1 }),
          }),
        // createLearnJobOnProjectChange (default on): the version asks for a full learn run, by the same person
        row: () => [tenantRow("LearnProject", "Update"), tenantRow("LearnProject", "Create")],
      },
    ],
  },
  "lib/learn/services/request-learn-run.ts": {
    audited: [
      {
        entry: "POST /api/v3/learn/projects/{id}/run",
        prepare: () => makeLearnProjectRow({ systemId: tenant.id }),
        run: (project) =>
          call(learnRunRoute, `/api/v3/learn/projects/${project.id}/run`, {
            method: "POST",
            token: tenantAdmin.token,
            body: { onlyChanged: false },
          }),
        row: () => tenantRow("LearnProject", "Create"),
      },
    ],
  },
  "lib/learn/services/trigger-learn-run.ts": {
    via: [
      "lib/learn/services/upload-learn-project-version.ts",
      "lib/learn/services/update-learn-cluster.ts",
      "lib/learn/services/merge-learn-clusters.ts",
      "lib/learn/services/split-learn-cluster.ts",
      "lib/learn/services/move-learn-documents.ts",
      "lib/learn/services/unlock-learn-cluster.ts",
    ],
  },
  "lib/learn/services/export-learn-clusters.ts": {
    audited: [
      {
        entry: "POST /api/v3/learn/projects/{id}/export",
        prepare: async () => ({
          learn: await learnProjectWithCompleteCluster(tenant.id),
          target: await extractionProject(tenant.id),
        }),
        run: ({ learn, target }) =>
          call(exportLearnRoute, `/api/v3/learn/projects/${learn.id}/export`, {
            method: "POST",
            token: tenantAdmin.token,
            body: { projectId: target.id },
          }),
        // the extraction project's new version, then the learn project's link
        row: () => [tenantRow("Project", "Update"), tenantRow("LearnProject", "Update")],
      },
    ],
  },
  "lib/learn/services/update-learn-metadata.ts": {
    audited: [
      {
        entry: "PUT /api/v3/projects/{id}/metadata of a learn project (name and updating lock)",
        prepare: () => makeProject({ systemId: tenant.id, type: "Learn" }),
        run: ({ project }) =>
          call(putMetadata, `/api/v3/projects/${project.id}/metadata`, {
            method: "PUT",
            token: tenantAdmin.token,
            body: { name: uniqueName("Renamed"), updating: true },
          }),
        row: () => tenantRow("LearnProject", "Update"),
      },
    ],
  },
  "lib/learn/services/delete-learn-project.ts": {
    audited: [
      {
        entry: "DELETE /api/v3/learn/projects/{id} (soft; SuperAdmin as deputy)",
        prepare: () => makeProject({ systemId: tenant.id, type: "Learn" }),
        run: ({ project }) =>
          call(deleteLearnRoute, `/api/v3/learn/projects/${project.id}`, {
            method: "DELETE",
            token: superAdmin.token,
            body: { version: 1 },
          }),
        row: () => deputyRow("LearnProject", "Delete"),
      },
    ],
  },
  "lib/learn/services/cluster-change.ts": {
    via: [
      "lib/learn/services/update-learn-cluster.ts",
      "lib/learn/services/merge-learn-clusters.ts",
      "lib/learn/services/split-learn-cluster.ts",
      "lib/learn/services/move-learn-documents.ts",
      "lib/learn/services/release-my-learn-locks.ts",
      "lib/learn/services/unlock-learn-cluster.ts",
    ],
  },
  "lib/learn/services/update-learn-cluster.ts": {
    audited: [
      {
        entry: "PUT /api/v3/learn/projects/{id}/clusters/{clusterId} (SuperAdmin as deputy)",
        prepare: () => makeLearnProject({ systemId: tenant.id, clusters: [{ documents: 1 }] }),
        run: ({ project, clusters }) =>
          call(putLearnCluster, `/api/v3/learn/projects/${project.id}/clusters/${clusters[0].id}`, {
            method: "PUT",
            token: superAdmin.token,
            body: { name: "Invoices", complete: true },
          }),
        // createLearnJobOnClusterChange (default on): the change asks for an incremental learn run, by the service
        row: () => [deputyRow("LearnProject", "Update"), systemRow("LearnProject", "Create", tenant.id)],
      },
    ],
  },
  "lib/learn/services/merge-learn-clusters.ts": {
    audited: [
      {
        entry: "POST /api/v3/learn/projects/{id}/clusters/merge",
        prepare: () => makeLearnProject({ systemId: tenant.id, clusters: [{ documents: 1 }, { documents: 2, name: "Mail" }] }),
        run: ({ project, clusters }) =>
          call(mergeLearnClustersRoute, `/api/v3/learn/projects/${project.id}/clusters/merge`, {
            method: "POST",
            token: tenantAdmin.token,
            body: { ids: clusters.map((c: { id: string }) => c.id) },
          }),
        // createLearnJobOnClusterChange (default on): the change asks for an incremental learn run, by the service
        row: () => [tenantRow("LearnProject", "Update"), systemRow("LearnProject", "Create", tenant.id)],
      },
    ],
  },
  "lib/learn/services/split-learn-cluster.ts": {
    audited: [
      {
        entry: "POST /api/v3/learn/projects/{id}/clusters/{clusterId}/split",
        prepare: () => makeLearnProject({ systemId: tenant.id, clusters: [{ documents: 3 }] }),
        run: ({ project, clusters }) =>
          call(splitLearnClusterRoute, `/api/v3/learn/projects/${project.id}/clusters/${clusters[0].id}/split`, {
            method: "POST",
            token: tenantAdmin.token,
            body: { documentIds: clusters[0].documentIds.slice(1) },
          }),
        // createLearnJobOnClusterChange (default on): the change asks for an incremental learn run, by the service
        row: () => [tenantRow("LearnProject", "Update"), systemRow("LearnProject", "Create", tenant.id)],
      },
    ],
  },
  "lib/learn/services/move-learn-documents.ts": {
    audited: [
      {
        entry: "POST /api/v3/learn/projects/{id}/clusters/{clusterId}/move",
        prepare: () => makeLearnProject({ systemId: tenant.id, clusters: [{ documents: 2 }, { documents: 1 }] }),
        run: ({ project, clusters }) =>
          call(moveLearnDocumentsRoute, `/api/v3/learn/projects/${project.id}/clusters/${clusters[0].id}/move`, {
            method: "POST",
            token: tenantAdmin.token,
            body: { documentIds: clusters[0].documentIds, to: clusters[1].id },
          }),
        // createLearnJobOnClusterChange (default on): the change asks for an incremental learn run, by the service
        row: () => [tenantRow("LearnProject", "Update"), systemRow("LearnProject", "Create", tenant.id)],
      },
    ],
  },
  "lib/learn/services/lock-learn-cluster.ts": {
    exempt:
      "takes or renews a cluster's lock, which writes its one row when it ends (released, broken or lapsed, naming when it was taken): a look at a cluster is at most one row (issue 23)",
  },
  "lib/learn/services/heartbeat-learn-cluster.ts": {
    exempt: "the open cluster page's heartbeat: notes when the lock's holder was last seen; nothing changes hands",
  },
  "lib/learn/services/wake-learn-run.ts": {
    exempt: "changes nothing: delivers a learn run that waited for cluster locks again (a queue message)",
  },
  "lib/learn/services/release-my-learn-locks.ts": {
    audited: [
      {
        entry: "releaseMyLearnLocks (its only entry is the learn portal overview's server action)",
        prepare: () =>
          makeLearnProject({
            systemId: tenant.id,
            clusters: [{ documents: 1, lockedBy: { id: tenantAdmin.id, name: tenantAdmin.name } }],
          }),
        run: async ({ project }) => {
          const db = await getDb();
          await releaseMyLearnLocks(db, { caller: await callerFromToken(db, tenantAdmin.token), projectId: project.id });
          return undefined;
        },
        row: () => tenantRow("LearnProject", "Update"),
      },
    ],
  },
  "lib/learn/services/unlock-learn-cluster.ts": {
    audited: [
      {
        entry: "POST /api/v3/learn/projects/{id}/clusters/{clusterId}/unlock (an administrator breaks another user's lock)",
        prepare: async () => {
          const holder = await tenantUser({ roles: ["ProjectManager"] });
          return makeLearnProject({
            systemId: tenant.id,
            clusters: [{ documents: 1, lockedBy: { id: holder.id, name: holder.name } }],
          });
        },
        run: ({ project, clusters }) =>
          call(unlockLearnClusterRoute, `/api/v3/learn/projects/${project.id}/clusters/${clusters[0].id}/unlock`, {
            method: "POST",
            token: tenantAdmin.token,
          }),
        row: () => tenantRow("LearnProject", "Update"),
      },
    ],
  },
  "lib/projects/services/delete-project.ts": {
    audited: [
      {
        entry: "DELETE /api/v3/projects/{id}",
        prepare: () => makeProject({ systemId: tenant.id }),
        run: ({ project }) =>
          call(deleteProjectRoute, `/api/v3/projects/${project.id}`, {
            method: "DELETE",
            token: tenantAdmin.token,
            body: { version: 1 },
          }),
        row: () => tenantRow("Project", "Delete"),
      },
    ],
  },
  "lib/resources/services/upload-resource.ts": {
    audited: [
      {
        entry: "POST /api/v3/resources (SuperAdmin as deputy)",
        prepare: async () => ({ subtype: uniqueName("pool") }),
        run: ({ subtype }) =>
          call(postResource, "/api/v3/resources", {
            method: "POST",
            token: superAdmin.token,
            form: resourceForm({ systemId: tenant.id, type: "Csv", subtype, name: "suppliers.csv", level: "System" }),
          }),
        row: () => deputyRow("ResourcePool", "Create"),
      },
    ],
  },
  "lib/resources/services/delete-resources.ts": {
    audited: [
      {
        entry: "DELETE /api/v3/resources",
        prepare: () => resourcePool(),
        run: ({ poolId, name }) =>
          call(deleteResourcesRoute, "/api/v3/resources", {
            method: "DELETE",
            token: tenantAdmin.token,
            body: { systemId: tenant.id, subtypeId: poolId, names: [name] },
          }),
        row: () => tenantRow("ResourcePool", "Delete"),
      },
    ],
  },
  "lib/resources/services/delete-pool.ts": {
    audited: [
      {
        entry: "DELETE /api/v3/resources/{system}/{level}/{pool} (SuperAdmin as deputy)",
        prepare: () => resourcePool(),
        run: ({ poolId }) =>
          call(deletePoolRoute, `/api/v3/resources/${tenant.id}/System/${poolId}`, { method: "DELETE", token: superAdmin.token }),
        row: () => deputyRow("ResourcePool", "Delete"),
      },
    ],
  },
  "lib/scheduler/services/create-task.ts": {
    audited: [
      {
        entry: "POST /api/scheduler/tasks (SuperAdmin as deputy)",
        prepare: async () => ({ name: uniqueName("Task ") }),
        run: ({ name }) =>
          call(postTask, "/api/scheduler/tasks", {
            method: "POST",
            token: superAdmin.token,
            body: { systemId: tenant.id, name, function: "IncreaseJobPriority", onStart: true },
          }),
        row: () => deputyRow("SchedulerTask", "Create"),
      },
    ],
  },
  "lib/scheduler/services/update-task.ts": {
    audited: [
      {
        entry: "PUT /api/scheduler/tasks",
        prepare: task,
        run: ({ id, name }) =>
          call(putTask, "/api/scheduler/tasks", {
            method: "PUT",
            token: tenantAdmin.token,
            body: { id, systemId: tenant.id, name, function: "IncreaseJobPriority", onStop: true },
          }),
        row: () => tenantRow("SchedulerTask", "Update"),
      },
    ],
  },
  "lib/scheduler/services/delete-task.ts": {
    audited: [
      {
        entry: "DELETE /api/scheduler/tasks/{id}",
        prepare: task,
        run: ({ id }) => call(deleteTaskRoute, `/api/scheduler/tasks/${id}`, { method: "DELETE", token: tenantAdmin.token }),
        row: () => tenantRow("SchedulerTask", "Delete"),
      },
    ],
  },
  "lib/scheduler/services/force-task.ts": {
    audited: [
      {
        entry: "forceTask (its only entry is the scheduler page's server action), SuperAdmin as deputy",
        prepare: task,
        run: async ({ id }) => {
          await forceTask(await getDb(), { caller: { ...superAdmin.caller, deputyFor: tenant.name }, id });
          return undefined;
        },
        row: () => deputyRow("SchedulerTask", "Update"),
      },
    ],
  },
  "lib/scheduler/services/update-scheduler.ts": {
    audited: [
      {
        entry: "PUT /api/scheduler",
        prepare: async () => ({}),
        run: () => call(putScheduler, "/api/scheduler", { method: "PUT", token: superAdmin.token, body: { checkInterval: 45 } }),
        row: () => superRow("Scheduler", "Update"),
      },
    ],
  },
  "lib/systems/services/create-system.ts": {
    audited: [
      {
        entry: "POST /api/systems",
        prepare: async () => ({ name: uniqueName("Sys") }),
        run: ({ name }) => call(postSystem, "/api/systems", { method: "POST", token: superAdmin.token, body: { name } }),
        // the new system's row: its id is known only afterwards
        row: () => ({ ...superRow("System", "Create"), systemId: expect.any(String) as unknown as string }),
      },
    ],
  },
  "lib/systems/services/update-system.ts": {
    audited: [
      {
        entry: "PUT /api/systems",
        prepare: () => makeSystem(),
        run: (system) =>
          call(putSystem, "/api/systems", {
            method: "PUT",
            token: superAdmin.token,
            body: { id: system.id, name: system.name, description: "changed" },
          }),
        row: (system) => ({ ...superRow("System", "Update"), systemId: system.id }),
      },
    ],
  },
  "lib/systems/services/delete-system.ts": {
    audited: [
      {
        entry: "DELETE /api/systems/{id}",
        prepare: () => makeSystem({ isActive: false }),
        run: (system) => call(deleteSystemRoute, `/api/systems/${system.id}`, { method: "DELETE", token: superAdmin.token }),
        row: (system) => ({ ...superRow("System", "Delete"), systemId: system.id }),
      },
    ],
  },
  "lib/systems/services/update-system-config.ts": {
    audited: [
      {
        entry: "updateSystemConfig (its only entry is the system configuration page's server action), SuperAdmin as deputy",
        prepare: async () => ({}),
        run: async () => {
          await updateSystemConfig(await getDb(), {
            caller: superAdmin.caller,
            input: { systemId: tenant.id, ccsApiKey: "key-1" },
          });
          return undefined;
        },
        row: () => deputyRow("System", "Update"),
      },
    ],
  },
  "lib/systems/services/test-csb.ts": { exempt: NOTHING },
  "lib/users/services/register-user.ts": {
    audited: [
      {
        entry: "POST /api/users/register (SuperAdmin as deputy)",
        prepare: async () => ({ name: uniqueName("new") }),
        run: ({ name }) =>
          call(registerRoute, "/api/users/register", {
            method: "POST",
            token: superAdmin.token,
            body: { systemName: tenant.name, name, password: "Winter-2026!", roles: ["JobManager"] },
          }),
        row: () => deputyRow("User", "Create"),
      },
    ],
  },
  "lib/users/services/update-user.ts": {
    audited: [
      {
        entry: "PUT /api/users",
        prepare: () => tenantUser(),
        run: (user) =>
          call(putUser, "/api/users", {
            method: "PUT",
            token: tenantAdmin.token,
            body: { id: user.id, name: user.name, fullName: "Changed", roles: ["ProjectManager"] },
          }),
        row: () => tenantRow("User", "Update"),
      },
      {
        entry: "PUT /api/users (SuperAdmin as deputy)",
        prepare: () => tenantUser(),
        run: (user) =>
          call(putUser, "/api/users", {
            method: "PUT",
            token: superAdmin.token,
            body: { id: user.id, name: user.name, fullName: "Changed", roles: ["ProjectManager"] },
          }),
        row: () => deputyRow("User", "Update"),
      },
    ],
  },
  "lib/users/services/api-keys.ts": {
    audited: [
      {
        entry: "POST /api/users/{id}/apikeys (the user itself)",
        prepare: async () => {
          const user = await tenantUser();
          return { user, token: await tokenOf(tenant.name, user.name) };
        },
        run: ({ user, token }) =>
          call(createApiKeyRoute, `/api/users/${user.id}/apikeys`, { method: "POST", token, body: { name: "census" } }),
        row: ({ user }) => ({ ...selfRow(user), operation: "Create" }),
      },
      {
        entry: "DELETE /api/users/{id}/apikeys/{keyId} (SuperAdmin as deputy)",
        prepare: async () => {
          const user = await tenantUser();
          const made = await call(createApiKeyRoute, `/api/users/${user.id}/apikeys`, {
            method: "POST",
            token: superAdmin.token,
            body: { name: "census" },
          });
          return { user, keyId: made.json.id as string };
        },
        run: ({ user, keyId }) =>
          call(revokeApiKeyRoute, `/api/users/${user.id}/apikeys/${keyId}`, { method: "DELETE", token: superAdmin.token }),
        row: () => deputyRow("User", "Delete"),
      },
    ],
  },
  "lib/webhooks/services/audit-webhook.ts": {
    via: [
      "lib/webhooks/services/create-webhook.ts",
      "lib/webhooks/services/update-webhook.ts",
      "lib/webhooks/services/delete-webhook.ts",
      "lib/webhooks/services/rotate-webhook-secret.ts",
    ],
  },
  "lib/webhooks/services/create-webhook.ts": {
    audited: [
      {
        entry: "POST /api/v3/webhooks",
        prepare: async () => null,
        run: () =>
          call(createWebhookRoute, "/api/v3/webhooks", {
            method: "POST",
            token: tenantAdmin.token,
            body: { systemId: tenant.id, url: "https://erp.example.com/hooks", events: ["job.ready"] },
          }),
        row: () => tenantRow("System", "Create"),
      },
    ],
  },
  "lib/webhooks/services/update-webhook.ts": {
    audited: [
      {
        entry: "PUT /api/v3/webhooks/{id} (SuperAdmin as deputy)",
        prepare: () => webhook(),
        run: (id) =>
          call(updateWebhookRoute, `/api/v3/webhooks/${id}`, {
            method: "PUT",
            token: superAdmin.token,
            body: { enabled: false },
          }),
        row: () => deputyRow("System", "Update"),
      },
    ],
  },
  "lib/webhooks/services/delete-webhook.ts": {
    audited: [
      {
        entry: "DELETE /api/v3/webhooks/{id}",
        prepare: () => webhook(),
        run: (id) => call(deleteWebhookRoute, `/api/v3/webhooks/${id}`, { method: "DELETE", token: tenantAdmin.token }),
        row: () => tenantRow("System", "Delete"),
      },
    ],
  },
  "lib/webhooks/services/rotate-webhook-secret.ts": {
    audited: [
      {
        entry: "POST /api/v3/webhooks/{id}/secret",
        prepare: () => webhook(),
        run: (id) => call(rotateWebhookRoute, `/api/v3/webhooks/${id}/secret`, { method: "POST", token: tenantAdmin.token }),
        row: () => tenantRow("System", "Update"),
      },
    ],
  },
  "lib/webhooks/services/test-webhook.ts": { exempt: DELIVERY },
  "lib/webhooks/services/resend-webhook-delivery.ts": { exempt: DELIVERY },
  "lib/users/services/delete-user.ts": {
    audited: [
      {
        entry: "DELETE /api/users/{id} (SuperAdmin as deputy)",
        prepare: () => tenantUser(),
        run: (user) => call(deleteUserRoute, `/api/users/${user.id}`, { method: "DELETE", token: superAdmin.token }),
        row: () => deputyRow("User", "Delete"),
      },
    ],
  },
  "lib/users/services/set-language.ts": {
    audited: [
      {
        entry: "PUT /api/users/{id}/language",
        prepare: async () => {
          const user = await tenantUser();
          return { user, token: await tokenOf(tenant.name, user.name) };
        },
        run: ({ user, token }) =>
          call(putLanguage, `/api/users/${user.id}/language`, { method: "PUT", token, body: { language: "de-DE" } }),
        row: ({ user }) => selfRow(user),
      },
    ],
  },
  "lib/users/services/send-reset-link.ts": {
    audited: [
      {
        entry: "POST /api/users/{id}/password/reset (an administrator mails the link)",
        prepare: () => tenantUser(),
        run: (user) => call(resetPassword, `/api/users/${user.id}/password/reset`, { method: "POST", token: tenantAdmin.token }),
        row: () => tenantRow("User", "Update"),
      },
    ],
  },
  "lib/users/services/change-own-password.ts": {
    audited: [
      {
        entry: "POST /api/users/{id}/password/change",
        prepare: async () => {
          const user = await tenantUser();
          return { user, token: await tokenOf(tenant.name, user.name) };
        },
        run: ({ user, token }) =>
          call(changePassword, `/api/users/${user.id}/password/change`, {
            method: "POST",
            token,
            body: { oldPassword: PASSWORD, newPassword: "Another-Passw0rd!" },
          }),
        row: ({ user }) => selfRow(user),
      },
    ],
  },
  "lib/users/services/change-required-password.ts": {
    audited: [
      {
        entry: "POST /api/users/{id}/password/changeRequired",
        prepare: async () => {
          const user = await tenantUser({ requiresPasswordChange: true });
          return { user, token: await tokenOf(tenant.name, user.name) };
        },
        run: ({ user, token }) =>
          call(changeRequired, `/api/users/${user.id}/password/changeRequired`, {
            method: "POST",
            token,
            body: { newPassword: "Another-Passw0rd!" },
          }),
        row: ({ user }) => selfRow(user),
      },
    ],
  },
  "lib/users/services/change-password-via-link.ts": {
    audited: [
      {
        entry: "POST /api/users/{id}/password/changeViaLink",
        prepare: async () => {
          const user = await tenantUser();
          return { user, token: await issueLinkToken(await getDb(), { userId: user.id, purpose: "changePassword" }) };
        },
        run: ({ user, token }) =>
          call(changeViaLink, `/api/users/${user.id}/password/changeViaLink`, {
            method: "POST",
            body: { token, newPassword: "Another-Passw0rd!" },
          }),
        row: ({ user }) => selfRow(user),
      },
    ],
  },
  "lib/users/services/reset-password-with-token.ts": {
    audited: [
      {
        entry: "POST /api/users/{userName}/password/reset with the mailed token",
        prepare: async () => {
          const user = await tenantUser();
          return { user, token: await issueLinkToken(await getDb(), { userId: user.id, purpose: "resetPassword" }) };
        },
        run: ({ user, token }) =>
          call(resetPassword, `/api/users/${user.name}/password/reset`, {
            method: "POST",
            body: { token, newPassword: "Another-Passw0rd!" },
          }),
        row: ({ user }) => selfRow(user),
      },
    ],
  },
  "lib/users/services/confirm-email-change.ts": {
    audited: [
      {
        entry: "POST /api/users/{id}/email/changeViaLink",
        prepare: async () => {
          const user = await tenantUser();
          const newEmail = `${uniqueName("new")}@example.com`;
          return {
            user,
            newEmail,
            token: await issueLinkToken(await getDb(), { userId: user.id, purpose: "changeEmail", newEmail }),
          };
        },
        run: ({ user, token, newEmail }) =>
          call(changeEmailViaLink, `/api/users/${user.id}/email/changeViaLink`, { method: "POST", body: { token, newEmail } }),
        row: ({ user }) => selfRow(user),
      },
    ],
  },
  "lib/users/services/store-password.ts": {
    via: [
      "lib/users/services/change-own-password.ts",
      "lib/users/services/change-password-via-link.ts",
      "lib/users/services/reset-password-with-token.ts",
    ],
  },
  "lib/users/services/mail-link.ts": { via: ["lib/users/services/send-reset-link.ts"] },
  "lib/users/services/request-email-change.ts": {
    exempt: "mails a confirmation link only; the address changes, and is audited, when the link is used (confirm-email-change)",
  },
  "lib/users/services/request-password-reset.ts": {
    exempt: "anonymous: mails a reset link only; the password changes, and is audited, with the link (reset-password-with-token)",
  },
};

/** The task functions change data as "system" (workers/scheduler/functions). */
const FUNCTIONS: Record<string, Entry> = {
  "workers/scheduler/functions/clean-up-jobs-v2.ts": { exempt: JOBS },
  "workers/scheduler/functions/clean-up-learn-jobs.ts": { exempt: JOBS },
  "workers/scheduler/functions/break-old-cluster-locks.ts": {
    audited: [
      {
        entry: "the task function (a system's run): a cluster locked 13 hours ago",
        prepare: async () => {
          const holder = await tenantUser({ roles: ["ProjectManager"] });
          await makeLearnProject({
            systemId: tenant.id,
            clusters: [
              { documents: 1, lockedBy: { id: holder.id, name: holder.name, at: new Date(Date.now() - 13 * 3_600_000) } },
            ],
          });
          return { run: await taskRun("BreakOldClusterLocks", { systemId: tenant.id }) };
        },
        run: async ({ run }) => {
          await runTask(run);
          return undefined;
        },
        row: () => ({ category: "LearnProject", operation: "Update", username: "system", deputy: null, systemId: tenant.id }),
      },
    ],
  },
  "workers/scheduler/functions/extraction-job-monitor.ts": { exempt: JOBS },
  "workers/scheduler/functions/increase-job-priority.ts": { exempt: JOBS },
  "workers/scheduler/functions/clean-up-projects.ts": { exempt: "files only: old project versions and stale uploads" },
  "workers/scheduler/functions/delete-project.ts": {
    exempt: "files only: the folders of projects already deleted (and audited)",
  },
  "workers/scheduler/functions/configuration-export.ts": { exempt: "writes a file of the settings; changes none" },
  "workers/scheduler/functions/licence-alerts-notifier.ts": {
    exempt: "notifications: mails, the event log and which alert was sent when (no audit category)",
  },
  "workers/scheduler/functions/login-maintenance.ts": { exempt: SIGN_IN },
  "workers/scheduler/functions/csb-licence-updater.ts": {
    audited: [
      {
        entry: "the task function (global run)",
        // the task row is the engine's, made before the run
        prepare: async () => {
          await csbLicence();
          const db = await getDb();
          const cloud = await db.select({ id: licences.id }).from(licences).where(eq(licences.source, "csb"));
          return { cloud: cloud.length, run: await taskRun("CsbLicenceUpdater") };
        },
        run: async ({ run }) => {
          await runTask(run);
          return undefined;
        },
        // every cloud licence of the installation is refreshed: one row each
        row: ({ cloud }) =>
          Array.from({ length: cloud }, () => ({
            category: "Licence" as const,
            operation: "Update" as const,
            username: "system",
            deputy: null,
            systemId: null,
          })),
      },
    ],
  },
  "workers/scheduler/functions/start-learn-engine.ts": {
    audited: [
      {
        entry: "the task function (a system's run): a learn project with a pending document",
        prepare: async () => {
          const system = await makeSystem();
          await addLearnDocuments(await makeLearnProjectRow({ systemId: system.id }), ["invoice"], 1);
          return { system, run: await taskRun("StartLearnEngine", { systemId: system.id }) };
        },
        run: async ({ run }) => {
          await runTask(run);
          return undefined;
        },
        row: ({ system }) => systemRow("LearnProject", "Create", system.id),
      },
    ],
  },
  "workers/scheduler/functions/group-pending-documents.ts": {
    audited: [
      {
        entry:
          "the task function (run for one system, so that other cases' learn projects stay out): documents pending for a while",
        prepare: async () => {
          const system = await makeSystem();
          await addLearnDocuments(await makeLearnProjectRow({ systemId: system.id }), ["invoice"], 2);
          return {
            system,
            run: await taskRun("GroupPendingDocuments", { systemId: system.id, now: new Date(Date.now() + 10 * 60_000) }),
          };
        },
        run: async ({ run }) => {
          await runTask(run);
          return undefined;
        },
        row: ({ system }) => systemRow("LearnProject", "Create", system.id),
      },
    ],
  },
  "workers/scheduler/functions/learn-complete-cluster.ts": {
    audited: [
      {
        entry: "the task function (a system's run): an export older than a change of the clusters",
        prepare: async () => {
          const system = await makeSystem();
          const learn = await learnProjectWithCompleteCluster(system.id);
          const target = await extractionProject(system.id);
          await exportLearnClusters(await getDb(), { caller: null, id: learn.id, input: { projectId: target.id } });
          // a change the export carries (the class's name): an export that would change nothing writes nothing
          await (await getDb())
            .update(learnClusters)
            .set({ name: "Bills", updated: new Date(Date.now() + 1000) })
            .where(eq(learnClusters.projectId, learn.id));
          return { system, run: await taskRun("LearnCompleteCluster", { systemId: system.id }) };
        },
        run: async ({ run }) => {
          await runTask(run);
          return undefined;
        },
        row: ({ system }) => [systemRow("Project", "Update", system.id), systemRow("LearnProject", "Update", system.id)],
      },
    ],
  },
  "workers/scheduler/functions/archiver.ts": { via: ["workers/scheduler/functions/audit-trail-archiver.ts"] },
  "workers/scheduler/functions/metrics-archiver.ts": {
    exempt: "packs the per-job metrics into downloads and cleans them: no audit category (the counters keep the figures)",
  },
  "workers/scheduler/functions/metrics-aggregator.ts": { exempt: "rolls the statistics counters into months" },
  "workers/scheduler/functions/download-cleaner.ts": {
    exempt: "removes archives past their days: a system clean-up like CleanUpJobsV2 (a person's delete is delete-download's)",
  },
  "workers/scheduler/functions/audit-trail-archiver.ts": {
    audited: [
      {
        entry: "the task function (a system's run with clean): an archived row older than cleanAfterDays",
        prepare: async () => {
          const db = await getDb();
          // a row of a month that is complete and older than cleanAfterDays (each preparation another month)
          const old = new Date(Date.now() - (80 + 35 * archivedMonths++) * 24 * 3600 * 1000);
          await db.insert(auditTrail).values({
            timestamp: old,
            category: "User",
            operation: "Update",
            systemId: tenant.id,
            username: "someone",
            value: JSON.stringify({ census: true }),
          });
          const configuration = { packageBy: "Month", storeAll: false, storeBySystem: true, clean: false, cleanAfterDays: 31 };
          // archived first (a download has no audit category); the run under test cleans, batch and row together
          await runTask(await taskRun("AuditTrailArchiver", { systemId: tenant.id, configuration }));
          return {
            run: await taskRun("AuditTrailArchiver", { systemId: tenant.id, configuration: { ...configuration, clean: true } }),
          };
        },
        run: async ({ run }) => {
          await runTask(run);
          return undefined;
        },
        row: () => ({ category: "SchedulerTask", operation: "Delete", username: "system", deputy: null, systemId: tenant.id }),
      },
    ],
  },
  "workers/scheduler/functions/clean-up-resources.ts": {
    audited: [
      {
        entry: "the task function (a system's run): a resource whose file is gone",
        prepare: async () => {
          const { poolId } = await resourcePool();
          const db = await getDb();
          const [row] = await db.select().from(resources).where(eq(resources.poolId, poolId));
          if (!row) throw new Error("no resource");
          await import("node:fs/promises").then((fs) => fs.rm(resolveFile(resourceFilePath(row))));
          return { run: await taskRun("CleanUpResources", { systemId: tenant.id }) };
        },
        run: async ({ run }) => {
          await runTask(run);
          return undefined;
        },
        row: () => ({ category: "ResourcePool", operation: "Delete", username: "system", deputy: null, systemId: tenant.id }),
      },
      {
        entry: "the task function (global run): the pool of a deleted project",
        prepare: async () => {
          const { project } = await makeProject({ systemId: tenant.id });
          const db = await getDb();
          await db
            .insert(resourcePools)
            .values({ systemId: tenant.id, projectId: project.id, level: "Project", type: "Csv", name: uniqueName("p") });
          await db.execute(sql`delete from projects where id = ${project.id}`);
          return { run: await taskRun("CleanUpResources") };
        },
        run: async ({ run }) => {
          await runTask(run);
          return undefined;
        },
        row: () => ({ category: "ResourcePool", operation: "Delete", username: "system", deputy: null, systemId: tenant.id }),
      },
    ],
  },
};

/** The files a census must name: every .ts of the folders but tests (and the functions' registry and types). */
function filesOf(pattern: "services" | "functions"): string[] {
  const root = process.cwd();
  if (pattern === "functions") {
    return readdirSync(path.join(root, "workers/scheduler/functions"))
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "index.ts" && f !== "types.ts")
      .map((f) => `workers/scheduler/functions/${f}`);
  }
  return readdirSync(path.join(root, "lib"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const dir = path.join(root, "lib", d.name, "services");
      try {
        return readdirSync(dir)
          .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
          .map((f) => `lib/${d.name}/services/${f}`);
      } catch {
        return [];
      }
    });
}

/** Every table of the database but the trail itself, as one fingerprint per table. */
async function snapshot(): Promise<Record<string, string>> {
  const db = await getDb();
  const rowsOf = (r: unknown) => (Array.isArray(r) ? r : ((r as { rows: unknown[] }).rows ?? [])) as Record<string, unknown>[];
  const tables = rowsOf(
    await db.execute(sql`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'audit_trail' order by table_name`),
  ).map((r) => String(r.table_name));
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = rowsOf(
      await db.execute(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.identifier(table)} t`,
      ),
    );
    result[table] = String(row?.h);
  }
  return result;
}

async function lastAuditId(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: auditTrail.id }).from(auditTrail).orderBy(desc(auditTrail.id)).limit(1);
  return row?.id ?? 0;
}

async function rowsAfter(id: number) {
  const db = await getDb();
  return db
    .select({
      category: auditTrail.category,
      operation: auditTrail.operation,
      username: auditTrail.username,
      deputy: auditTrail.deputy,
      systemId: auditTrail.systemId,
    })
    .from(auditTrail)
    .where(gt(auditTrail.id, id))
    .orderBy(auditTrail.id);
}

/** Runs a case: an HTTP answer of 4xx/5xx, or a throw, is a failure (with what it said). */
async function attempt(c: Case, ctx: unknown): Promise<{ ok: boolean; said: string }> {
  try {
    const res = await c.run(ctx);
    return res && res.status >= 400 ? { ok: false, said: `${res.status} ${res.text?.slice(0, 300)}` } : { ok: true, said: "" };
  } catch (err) {
    return { ok: false, said: String(err) };
  }
}

// every insert into the trail fails while this constraint holds (NOT VALID: the rows already there are not checked)
const refuse = sql`alter table audit_trail add constraint census_refuses_rows check (false) not valid`;
const allow = sql`alter table audit_trail drop constraint if exists census_refuses_rows`;

beforeAll(async () => {
  sup = await supersystem();
  tenant = await makeSystem();
  const su = await makeUser({ systemId: sup.id, roles: ["SuperAdmin"], type: "Super" });
  const token = await tokenOf(sup.name, su.name);
  superAdmin = { id: su.id, name: su.name, token, caller: await callerFromToken(await getDb(), token) };
  const ta = await makeUser({ systemId: tenant.id, roles: ["Administrator"] });
  tenantAdmin = { id: ta.id, name: ta.name, token: await tokenOf(tenant.name, ta.name) };
  csb = createServer((req, res) => {
    const customer = decodeURIComponent(/^\/api\/licences\/([^/?]+)$/.exec(req.url ?? "")?.[1] ?? "");
    const content = csbLicences.get(customer);
    if (!content) res.writeHead(404).end();
    else res.writeHead(200, { "content-type": "text/plain" }).end(content);
  });
  await new Promise<void>((resolve) => csb.listen(0, "127.0.0.1", resolve));
  csbUrl = `http://127.0.0.1:${(csb.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await (await getDb()).execute(allow);
  await new Promise<void>((resolve) => csb.close(() => resolve()));
});

describe("the census: every change writes its audit-trail row (issue 12)", () => {
  it("names every service file and every task function, each audited, via an audited one, or exempt with a reason", () => {
    const named = { ...SERVICES, ...FUNCTIONS };
    expect(Object.keys(SERVICES).sort()).toEqual(filesOf("services").sort());
    expect(Object.keys(FUNCTIONS).sort()).toEqual(filesOf("functions").sort());
    for (const [file, entry] of Object.entries(named)) {
      if ("via" in entry) {
        for (const user of entry.via) expect("audited" in (named[user] ?? {}), `${file} via ${user}`).toBe(true);
      }
      if ("exempt" in entry) expect(entry.exempt.length, file).toBeGreaterThan(20);
    }
  });

  const cases = Object.entries({ ...SERVICES, ...FUNCTIONS }).flatMap(([file, entry]) =>
    "audited" in entry ? entry.audited.map((c) => [`${file}: ${c.entry}`, c] as const) : [],
  );

  it.each(cases)("%s", async (_, c) => {
    const db = await getDb();
    const ctx = await c.prepare();

    // refused: the trail takes no row, so the change must not happen either (one transaction)
    const before = await snapshot();
    const mark = await lastAuditId();
    await db.execute(refuse);
    let refused: { ok: boolean; said: string };
    try {
      refused = await attempt(c, ctx);
    } finally {
      await db.execute(allow);
    }
    expect(refused.ok, "the change went through although its audit row could not be written").toBe(false);
    expect(await snapshot(), `left a change without its row (${refused.said})`).toEqual(before);
    expect(await rowsAfter(mark)).toEqual([]);

    // allowed: exactly its row
    const done = await attempt(c, ctx);
    expect(done.ok, done.said).toBe(true);
    expect(await rowsAfter(mark)).toEqual([c.row(ctx)].flat());
  });
});
