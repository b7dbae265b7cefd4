import { z } from "zod";
import {
  ZDeleted,
  ZDeletePoolParams,
  ZDownloadParams,
  ZPoolDetail,
  ZPoolDetailQuery,
  ZResource,
  ZResourceDelete,
  ZResourceMeta,
  ZResourcePool,
  ZSubtype,
  ZSystemIdParams,
  ZTypeParams,
} from "@/lib/resources/schemas";
import { type Contract, defineContract } from "../contract";

/**
 * spec operations §7 "Resources" (docs/decisions.md "Resources"). The Supersystem's resources take
 * ManageAdminResources, a system's own ManageResources; lib/resources/access.ts decides per system. A caller with
 * neither is refused (403) before the input is read or a system is looked up (issue 23 walk).
 */
const base = {
  tag: "Resources",
  auth: "bearer",
  permission: ["ManageResources", "ManageAdminResources"],
} as const satisfies Partial<Contract>;
const file = z.string().meta({ format: "binary", examples: ["Number;Name\n4711;ACME\n"] });
const ZUploaded = ZResource.extend({ created: z.boolean() }).meta({ id: "ResourceUploaded" });
const SYSTEM = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const POOL = "0c9b8a7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d";
const SUBTYPE = { id: POOL, name: "Suppliers", type: "Csv", level: "System", projectId: null, count: 1 };
const RESOURCE = {
  id: "3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d",
  systemId: SYSTEM,
  projectId: null,
  name: "suppliers.csv",
  type: "Csv",
  level: "System",
  subtype: "Suppliers",
  subtypeId: POOL,
  size: 20,
  lastUpdate: "2025-03-15T10:30:00.000Z",
};

export const resourcePoolsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/resources/Pool/{systemId}",
  summary: "The resource types of a system (Profile, Csv, LanguageKeyFile, Other), each with its pools",
  params: ZSystemIdParams,
  response: z.array(ZResourcePool),
  example: {
    response: ["Profile", "Csv", "LanguageKeyFile", "Other"].map((type) => ({
      id: type,
      name: type,
      systemId: SYSTEM,
      subtypes: type === "Csv" ? [SUBTYPE] : [],
    })),
  },
  errors: ["SystemNotFound"],
});

export const resourceSubtypesContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/resources/pools/{systemId}",
  summary: "Every resource pool (subtype) of a system",
  params: ZSystemIdParams,
  response: z.array(ZSubtype),
  example: { response: [SUBTYPE] },
  errors: ["SystemNotFound"],
});

export const poolDetailsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/resources/{systemId}/{type}",
  summary: "The pools of one type with their resources (one pool with ?subtypeId=)",
  params: ZTypeParams,
  query: ZPoolDetailQuery,
  response: z.array(ZPoolDetail),
  example: { response: [{ type: "Csv", subtype: SUBTYPE, resources: [RESOURCE] }] },
  errors: ["SystemNotFound", "ResourceTypeUnknown", "ResourcePoolNotFound"],
});

export const uploadResourceContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v3/resources",
  idempotent: true,
  summary:
    "Add a resource, or update it when its pool holds the name: multipart with `resourceFile` (the file) and `meta` (JSON)",
  session: true,
  form: z.object({ resourceFile: file, meta: ZResourceMeta }),
  response: ZUploaded,
  example: { response: { ...RESOURCE, created: true } },
  errors: [
    "SystemNotFound",
    "ProjectNotFound",
    "resources_error_noFileSelected",
    "resources_error_noName",
    "resources_error_nameLengthExceeded",
    "resources_error_fileExtensions",
    "resources_error_invalidName",
    "resources_error_noType",
    "resources_error_noPool",
    "ResourceTypeUnknown",
    "ResourceLevelUnknown",
    "ResourceLevelNotSupported",
    "ResourceDataMissing",
    "ResourceUploadInProgress",
    "ResourceNameDiffers",
    "InvalidId",
  ],
});

export const deleteResourcesContract = defineContract({
  ...base,
  method: "DELETE",
  path: "/api/v3/resources",
  summary: "Delete resources of a pool by name, or all of them when no names are sent (the pool stays)",
  body: ZResourceDelete,
  response: ZDeleted,
  errors: ["SystemNotFound", "ResourcePoolNotFound", "ResourceNotFound", "InvalidId"],
});

export const deletePoolContract = defineContract({
  ...base,
  method: "DELETE",
  path: "/api/v3/resources/{system}/{level}/{pool}",
  summary: "Delete a pool (by id) with all its resources",
  params: ZDeletePoolParams,
  response: ZDeleted,
  errors: ["SystemNotFound", "ResourceLevelUnknown", "ResourcePoolNotFound", "InvalidId"],
});

export const downloadResourceContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/resources/{systemId}/{type}/{subtype}/{name}",
  summary: "Download a resource ({subtype}: the pool's id or name)",
  session: true,
  params: ZDownloadParams,
  download: { mediaType: "*/*", fileName: "{name}" },
  errors: ["SystemNotFound", "ResourceTypeUnknown", "ResourcePoolNotFound", "ResourceNotFound"],
});
