import { z } from "zod";
import {
  ZLearnCluster,
  ZLearnClusterDocumentPage,
  ZLearnClusterMerge,
  ZLearnClusterParams,
  ZLearnClusterSplit,
  ZLearnClusterUpdate,
  ZLearnDocument,
  ZLearnDocumentParams,
  ZLearnDocumentsMove,
  ZLearnDocumentsQuery,
} from "@/lib/learn/clusters/schemas";
import {
  LEARN_RUN_EXAMPLE,
  ZLearnExport,
  ZLearnExportResult,
  ZLearnRun,
  ZLearnRunPage,
  ZLearnRunRequest,
  ZLearnRunsQuery,
} from "@/lib/learn/runs/schemas";
import {
  ZLearnProject,
  ZLearnProjectAddMeta,
  ZLearnProjectDelete,
  ZLearnProjectsOfQuery,
  ZLearnProjectsQuery,
  ZLearnProjectUploadMeta,
} from "@/lib/learn/schemas";
import { defineContract } from "../contract";

const ZId = z.object({ id: z.uuid({ error: "InvalidId" }).meta({ example: "3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d" }) });
const ZSystemId = z.object({ id: z.uuid({ error: "InvalidId" }).meta({ example: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f" }) });
const file = z.string().meta({ format: "binary", examples: ["PK\u0003\u0004…"] });
/** lib/projects/esproject-zip.ts readEsproject, lib/projects/rules.ts assertFileArea */
const FILE_ERRORS = ["missingEsproject", "projects_error_invalidFile", "projects_error_tooLarge"] as const;
const base = { tag: "Learn projects", auth: "bearer", permission: "ManageProjects" } as const;

export const listLearnProjectsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/systems/{id}/learnProjects",
  summary: "The learn projects of a system, by name (soft-deleted ones with includeDeleted=true)",
  params: ZSystemId,
  query: ZLearnProjectsQuery,
  response: z.array(ZLearnProject),
  errors: ["SystemNotFound"],
});

export const learnProjectsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/learn/projects",
  summary: "The learn projects of the caller's system, or of the system named by systemId (a deputy's)",
  query: ZLearnProjectsOfQuery,
  response: z.array(ZLearnProject),
  errors: ["SystemNotFound"],
});

export const addLearnProjectContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/learn/projects",
  idempotent: true,
  summary: "Add a learn project: multipart with the part `esproject` (a project file of type Learn) and `meta` (JSON)",
  session: true,
  form: z.object({ esproject: file, meta: ZLearnProjectAddMeta }),
  response: ZLearnProject,
  errors: [...FILE_ERRORS, "SystemNotFound", "ProjectNameExists", "InvalidId"],
});

export const getLearnProjectContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/learn/projects/{id}",
  summary: "A learn project (a deleted one too)",
  params: ZId,
  response: ZLearnProject,
  errors: ["ProjectNotFound"],
});

export const deleteLearnProjectContract = defineContract({
  ...base,
  method: "DELETE",
  path: "/api/v3/learn/projects/{id}",
  summary: "Soft-delete a learn project (body: its current version): it keeps its documents, takes no jobs, changes no more",
  params: ZId,
  body: ZLearnProjectDelete,
  response: ZLearnProject,
  errors: ["ProjectNotFound", "ProjectVersionMismatch", "LearnProjectDeleted"],
});

export const uploadLearnProjectContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/learn/projects/{id}/upload",
  summary: "Upload a new version of a learn project's file: multipart `esproject` and `meta` (the current version)",
  session: true,
  params: ZId,
  form: z.object({ esproject: file, meta: ZLearnProjectUploadMeta }),
  response: ZLearnProject,
  errors: [...FILE_ERRORS, "ProjectNotFound", "ProjectVersionMismatch", "LearnProjectDeleted"],
});

export const downloadLearnProjectContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/learn/projects/{id}/download",
  summary: "Download the current version's file of a learn project (.esproject)",
  session: true,
  params: ZId,
  download: { mediaType: "application/zip", fileName: "{learn project name}.esproject" },
  errors: ["ProjectNotFound"],
});

// ——— clusters, their documents and locks (DESIGN.md "Learn"; docs/decisions.md "Learn clusters") ———

const CLUSTER_CHANGE_ERRORS = ["ProjectNotFound", "LearnProjectDeleted", "LearnClusterNotFound", "LearnClusterLocked"] as const;
const clusters = { ...base, tag: "Learn clusters" } as const;

export const learnClustersContract = defineContract({
  ...clusters,
  method: "GET",
  path: "/api/v3/learn/projects/{id}/clusters",
  summary: "The clusters of a learn project by number, with size, keywords, up to 3 samples and their locks",
  params: ZId,
  response: z.array(ZLearnCluster),
  errors: ["ProjectNotFound"],
});

export const mergeLearnClustersContract = defineContract({
  ...clusters,
  method: "POST",
  path: "/api/v3/learn/projects/{id}/clusters/merge",
  summary:
    "Merge clusters: the documents of the others join the first, which keeps its name (or takes the first other's); the others are deleted",
  params: ZId,
  body: ZLearnClusterMerge,
  response: ZLearnCluster,
  errors: CLUSTER_CHANGE_ERRORS,
});

export const learnClusterContract = defineContract({
  ...clusters,
  method: "GET",
  path: "/api/v3/learn/projects/{id}/clusters/{clusterId}",
  summary: "One cluster of a learn project",
  params: ZLearnClusterParams,
  response: ZLearnCluster,
  errors: ["ProjectNotFound", "LearnClusterNotFound"],
});

export const updateLearnClusterContract = defineContract({
  ...clusters,
  method: "PUT",
  path: "/api/v3/learn/projects/{id}/clusters/{clusterId}",
  summary: "Name a cluster (unique in the project; empty or null takes the name away) and mark it complete or not",
  params: ZLearnClusterParams,
  body: ZLearnClusterUpdate,
  response: ZLearnCluster,
  errors: [...CLUSTER_CHANGE_ERRORS, "LearnClusterNameExists"],
});

export const learnClusterDocumentsContract = defineContract({
  ...clusters,
  method: "GET",
  path: "/api/v3/learn/projects/{id}/clusters/{clusterId}/documents",
  summary: "A page of a cluster's documents by id, each with the start of its text",
  params: ZLearnClusterParams,
  query: ZLearnDocumentsQuery,
  response: ZLearnClusterDocumentPage,
  example: {
    response: {
      items: [
        {
          id: 4711,
          jobId: 1234,
          file: "scan-0001.pdf",
          pages: 2,
          excerpt: "INVOICE No. 2026-118…",
          created: "2026-11-03T08:00:00.000Z",
        },
      ],
      totalCount: 1,
    },
  },
  errors: ["ProjectNotFound", "LearnClusterNotFound"],
});

export const splitLearnClusterContract = defineContract({
  ...clusters,
  method: "POST",
  path: "/api/v3/learn/projects/{id}/clusters/{clusterId}/split",
  summary: "Split documents of a cluster off into a new cluster (the project's next number); answers the new cluster",
  params: ZLearnClusterParams,
  body: ZLearnClusterSplit,
  response: ZLearnCluster,
  errors: [...CLUSTER_CHANGE_ERRORS, "LearnDocumentNotInCluster"],
});

export const moveLearnDocumentsContract = defineContract({
  ...clusters,
  method: "POST",
  path: "/api/v3/learn/projects/{id}/clusters/{clusterId}/move",
  summary: "Move documents of a cluster to another cluster of the project; answers the cluster they joined",
  params: ZLearnClusterParams,
  body: ZLearnDocumentsMove,
  response: ZLearnCluster,
  errors: [...CLUSTER_CHANGE_ERRORS, "LearnDocumentNotInCluster"],
});

export const lockLearnClusterContract = defineContract({
  ...clusters,
  method: "POST",
  path: "/api/v3/learn/projects/{id}/clusters/{clusterId}/lock",
  summary:
    "Take a cluster's lock (or renew one's own): nobody else changes it and learn runs wait until it is released, lapses (not renewed for 3 minutes) or is 12 hours old",
  params: ZLearnClusterParams,
  response: ZLearnCluster,
  errors: CLUSTER_CHANGE_ERRORS,
});

export const unlockLearnClusterContract = defineContract({
  ...clusters,
  method: "POST",
  path: "/api/v3/learn/projects/{id}/clusters/{clusterId}/unlock",
  summary: "Release a cluster's lock: the holder's own, or anyone's for an administrator of the system",
  // the learn portal releases the lock of the cluster page it leaves with a request that outlives the page
  session: true,
  params: ZLearnClusterParams,
  response: ZLearnCluster,
  errors: CLUSTER_CHANGE_ERRORS,
});

export const learnDocumentContract = defineContract({
  ...clusters,
  method: "GET",
  path: "/api/v3/learn/projects/{id}/documents/{documentId}",
  summary: "One document of a learn project with its whole text",
  params: ZLearnDocumentParams,
  response: ZLearnDocument,
  example: {
    response: {
      id: 4711,
      clusterId: "8d2f6c1a-3b4e-4f5a-9c6d-7e8f9a0b1c2d",
      jobId: 1234,
      file: "scan-0001.pdf",
      pages: 2,
      created: "2026-11-03T08:00:00.000Z",
      learnedAt: "2026-11-03T09:00:00.000Z",
      text: "INVOICE No. 2026-118\nAmount due: 1,280.00 EUR",
    },
  },
  errors: ["ProjectNotFound", "LearnDocumentNotFound"],
});

// ---- learn runs and export (docs/decisions.md "Learn runs and export") ----

const ZRunParams = ZId.extend({ runId: z.coerce.number({ error: "InvalidId" }).int().positive().meta({ example: 42 }) });
const RUN_REFUSALS = ["ProjectNotFound", "LearnProjectDeleted", "LearnProjectUpdating", "LearnClusterLocked"] as const;

export const requestLearnRunContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/learn/projects/{id}/run",
  summary:
    "Ask for a learn run (queue learn): onlyChanged places the documents posted since the last run, false clusters anew with a refitted model; answers the run, or the one that waits or runs already",
  params: ZId,
  body: ZLearnRunRequest,
  response: ZLearnRun,
  errors: RUN_REFUSALS,
});

export const learnRunsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/learn/projects/{id}/runs",
  summary: "The learn runs of a learn project, newest first, with their progress, summary and error",
  params: ZId,
  query: ZLearnRunsQuery,
  response: ZLearnRunPage,
  example: { response: { items: [LEARN_RUN_EXAMPLE], totalCount: 1 } },
  errors: ["ProjectNotFound"],
});

export const learnRunContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/learn/projects/{id}/runs/{runId}",
  summary: "One learn run: its state, progress (done of total work units), summary and error; polled while it waits or runs",
  params: ZRunParams,
  response: ZLearnRun,
  errors: ["ProjectNotFound", "LearnRunNotFound"],
});

export const exportLearnClustersContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/learn/projects/{id}/export",
  summary:
    "Export the complete named clusters as document classes of an extraction project of the same system (it becomes LinkedExtraction and classifies by the learned centroids too); a new export replaces the learned classes",
  params: ZId,
  body: ZLearnExport,
  response: ZLearnExportResult,
  errors: ["ProjectNotFound", "LearnProjectDeleted", "LearnNoCompleteClusters", "LearnProjectLinked", "ProjectVersionMismatch"],
});
