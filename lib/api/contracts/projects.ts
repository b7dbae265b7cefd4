import { z } from "zod";
import { ZLearnProject } from "@/lib/learn/schemas";
import {
  PROJECT_EXAMPLE,
  ZProject,
  ZProjectAddMeta,
  ZProjectDelete,
  ZProjectMetadata,
  ZProjectProperties,
  ZProjectUploadMeta,
} from "@/lib/projects/schemas";
import { defineContract } from "../contract";

const ZId = z.object({ id: z.uuid({ error: "InvalidId" }).meta({ example: "8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a" }) });
const ZSystemId = z.object({ id: z.uuid({ error: "InvalidId" }).meta({ example: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f" }) });
const file = z.string().meta({ format: "binary", examples: ["PK\u0003\u0004…"] });
/** lib/projects/esproject-zip.ts readEsproject */
const FILE_ERRORS = ["missingEsproject", "projects_error_invalidFile", "projects_error_tooLarge"] as const;
const ZSubmissionKey = z
  .object({ submissionKey: z.string() })
  .meta({ id: "SubmissionKey", examples: [{ submissionKey: "tR5vY8nB2mK7qW1xZ4cL9pD3sF6gH0jA2uE5iO8wQzE" }] });
const base = { tag: "Projects", auth: "bearer", permission: "ManageProjects" } as const;

export const listProjectsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/systems/{id}/projects",
  summary: "The extraction projects of a system",
  params: ZSystemId,
  response: z.array(ZProject),
  errors: ["SystemNotFound"],
});

export const projectNamesContract = defineContract({
  method: "GET",
  path: "/api/systems/{id}/projectNames",
  summary: "The names of a system's projects and learn projects, deleted learn projects included (for job filters)",
  tag: "Projects",
  auth: "bearer",
  params: ZSystemId,
  response: z.array(z.string()),
  example: { response: ["Invoices", "Delivery notes"] },
  errors: ["SystemNotFound"],
});

export const getProjectContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/projects/{id}",
  summary: "A project or a learn project (a deleted one too), each in its own shape",
  params: ZId,
  response: z.union([ZProject, ZLearnProject]),
  example: {
    response: PROJECT_EXAMPLE,
  },
  errors: ["ProjectNotFound"],
});

/** where the upload calls point for the project file's format */
const PROJECT_FILE_NOTE =
  "The file is a zip holding `project.json`, whose format is the JSON Schema of `GET /api/schemas/project.json` (every option with an example). A file that breaks it is refused with 400 `projects_error_invalidFile`, the message naming where (`project.json: documentClasses.3.fields.1.match: …`).";

export const projectFileSchemaContract = defineContract({
  method: "GET",
  path: "/api/schemas/project.json",
  summary: "The JSON Schema (draft 2020-12) of a project file's project.json, with an example using every option",
  tag: "Projects",
  auth: "none",
  response: z.record(z.string(), z.unknown()),
  example: { response: { $schema: "https://json-schema.org/draft/2020-12/schema", title: "project.json", type: "object" } },
});

export const addProjectContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/projects",
  idempotent: true,
  summary: "Add a project: multipart with the part `esproject` (the file) and `meta` (JSON)",
  description: PROJECT_FILE_NOTE,
  session: true,
  form: z.object({ esproject: file, meta: ZProjectAddMeta }),
  response: ZProject,
  errors: [...FILE_ERRORS, "SystemNotFound", "ProjectNameExists", "InvalidId"],
});

export const uploadProjectContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/projects/{id}/upload",
  summary: "Upload a new version: multipart `esproject` and `meta` (the current version must match)",
  description: PROJECT_FILE_NOTE,
  session: true,
  params: ZId,
  form: z.object({ esproject: file, meta: ZProjectUploadMeta }),
  response: ZProject,
  errors: [...FILE_ERRORS, "ProjectNotFound", "ProjectVersionMismatch"],
});

export const deleteProjectContract = defineContract({
  ...base,
  method: "DELETE",
  path: "/api/v3/projects/{id}",
  summary:
    "Delete a project (body: its current version); a learn project is soft-deleted as by DELETE /api/v3/learn/projects/{id}",
  params: ZId,
  body: ZProjectDelete,
  errors: ["ProjectNotFound", "ProjectVersionMismatch", "LearnProjectDeleted"],
});

export const projectPropertiesContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/projects/{id}/properties",
  summary: "Save a project's properties (every name non-empty; the version must match)",
  params: ZId,
  body: ZProjectProperties,
  response: ZProject,
  errors: ["projects_error_propertyKeyEmpty", "ProjectNotFound", "ProjectVersionMismatch"],
});

export const projectMetadataContract = defineContract({
  ...base,
  method: "PUT",
  path: "/api/v3/projects/{id}/metadata",
  summary: "Rename a project or a learn project; a learn project also takes its updating lock (`updating`)",
  params: ZId,
  body: ZProjectMetadata,
  response: z.union([ZProject, ZLearnProject]),
  example: {
    request: { name: "Incoming mail", updating: true },
    response: {
      id: "3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d",
      name: "Incoming mail",
      systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      systemName: "Acme",
      version: 2,
      type: "Learn",
      updating: true,
      deletedAt: null,
      linkedProjectId: null,
      learn: { minClusterSize: 5, similarity: 0.6 },
    },
  },
  errors: ["ProjectNotFound", "ProjectNameExists", "LearnProjectDeleted"],
});

export const downloadProjectContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/projects/{id}/download",
  summary: "Download the current version's project file (.esproject)",
  session: true,
  params: ZId,
  download: { mediaType: "application/zip", fileName: "{project name}.esproject" },
  errors: ["ProjectNotFound"],
});

export const submissionKeyContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/projects/{id}/submissionKey",
  summary: "The submission key of a project or a learn project (POST /api/jobs?auth=…)",
  params: ZId,
  response: ZSubmissionKey,
  errors: ["ProjectNotFound"],
});

export const regenerateSubmissionKeyContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/projects/{id}/submissionKey",
  summary: "A new submission key of a project or a learn project; the old one stops working",
  params: ZId,
  response: ZSubmissionKey,
  errors: ["ProjectNotFound", "LearnProjectDeleted"],
});
