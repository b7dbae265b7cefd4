import { z } from "zod";
import {
  ZProject,
  ZProjectAddMeta,
  ZProjectDelete,
  ZProjectMetadata,
  ZProjectProperties,
  ZProjectUploadMeta,
} from "@/lib/projects/schemas";
import { defineContract } from "../contract";

const ZId = z.object({ id: z.uuid({ error: "InvalidId" }) });
const file = z.string().meta({ format: "binary" });
const base = { tag: "Projects", auth: "bearer", permission: "ManageProjects" } as const;

export const listProjectsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/systems/{id}/projects",
  summary: "The extraction projects of a system",
  params: ZId,
  response: z.array(ZProject),
});

export const projectNamesContract = defineContract({
  method: "GET",
  path: "/api/systems/{id}/projectNames",
  summary: "The project names of a system (for filters)",
  tag: "Projects",
  auth: "bearer",
  params: ZId,
  response: z.array(z.string()),
});

export const getProjectContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/projects/{id}",
  summary: "A project",
  params: ZId,
  response: ZProject,
});

export const addProjectContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/projects",
  summary: "Add a project: multipart with the part `esproject` (the file) and `meta` (JSON)",
  session: true,
  form: z.object({ esproject: file, meta: ZProjectAddMeta }),
  response: ZProject,
});

export const uploadProjectContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/projects/{id}/upload",
  summary: "Upload a new version: multipart `esproject` and `meta` (the current version must match)",
  session: true,
  params: ZId,
  form: z.object({ esproject: file, meta: ZProjectUploadMeta }),
  response: ZProject,
});

export const deleteProjectContract = defineContract({
  ...base,
  method: "DELETE",
  path: "/api/v3/projects/{id}",
  summary: "Delete a project (body: its current version)",
  params: ZId,
  body: ZProjectDelete,
});

export const projectPropertiesContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/projects/{id}/properties",
  summary: "Save a project's properties (every name non-empty; the version must match)",
  params: ZId,
  body: ZProjectProperties,
  response: ZProject,
});

export const projectMetadataContract = defineContract({
  ...base,
  method: "PUT",
  path: "/api/v3/projects/{id}/metadata",
  summary: "Rename a project",
  params: ZId,
  body: ZProjectMetadata,
  response: ZProject,
});

export const downloadProjectContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/projects/{id}/download",
  summary: "Download the current version's project file (.esproject)",
  session: true,
  params: ZId,
});

export const submissionKeyContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/projects/{id}/submissionKey",
  summary: "The project's submission key (POST /api/jobs?auth=…)",
  params: ZId,
  response: z.object({ submissionKey: z.string() }),
});

export const regenerateSubmissionKeyContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/projects/{id}/submissionKey",
  summary: "A new submission key; the old one stops working",
  params: ZId,
  response: z.object({ submissionKey: z.string() }),
});
