import { z } from "zod";
import { ZCsbLicence, ZLicence, ZLicenceBasic, ZLicencePatch, ZLicenceUpload, ZVirtualLicence } from "@/lib/licences/schemas";
import { defineContract } from "../contract";

const ZId = z.object({ id: z.string().min(1).max(200).meta({ example: "ACME-2026-001" }) });
/** lib/licences/file.ts verifyLicenceFile */
const VERIFY_ERRORS = [
  "licence_error_noContent",
  "LicenceInvalid",
  "LicenceSignatureInvalid",
  "LicenceStationMismatch",
  "LicenceExpired",
] as const;
/** lib/licences/services/store-licence.ts storeLicence */
const STORE_ERRORS = ["LicenceDuplicate", "SystemNotFound"] as const;
/** lib/licences/csb-source.ts fetchCsbLicence */
const SOURCE_ERRORS = ["LicenceSourceUnreachable", "LicenceSourceRefused"] as const;
/** lib/licences/services/replace-children.ts checkChildren */
const CHILDREN_ERRORS = [
  "licence_error_upload_noChildren",
  "LicenceDuplicate",
  "LicenceNotFound",
  "LicenceCircularDependency",
] as const;
const upload = {
  tag: "Licences",
  auth: "bearer",
  permission: "ManageAdminLicence",
  body: ZLicenceUpload,
  response: ZLicence,
  errors: [...VERIFY_ERRORS, ...STORE_ERRORS],
  maxBodyBytes: 1_200_000,
} as const;

export const getLicenceOldContract = defineContract({
  method: "GET",
  path: "/api/licences/{id}",
  summary: "A licence (licence and system administrators; a system's administrators for its own licence)",
  tag: "Licences",
  auth: "bearer",
  params: ZId,
  response: ZLicence,
  errors: ["LicenceNotFound"],
});

export const uploadLicenceOldContract = defineContract({
  method: "POST",
  path: "/api/licences",
  idempotent: true,
  summary: "Add a licence file (base64); with systemId it is assigned to that system",
  ...upload,
});

export const uploadLicenceContract = defineContract({
  method: "POST",
  path: "/api/v3/licences",
  idempotent: true,
  summary: "Add a licence file (base64): signature, station and expiry are checked; the same licence not twice",
  ...upload,
});

export const listLicencesContract = defineContract({
  method: "GET",
  path: "/api/v3/licences",
  summary: "All licences with features, children and alerts",
  tag: "Licences",
  auth: "bearer",
  response: z.array(ZLicence),
  errors: ["AccessDenied"],
});

export const listLicencesBasicContract = defineContract({
  method: "GET",
  path: "/api/v3/licences/basic",
  summary: "All licences: id, name, type, expiration, alerts",
  tag: "Licences",
  auth: "bearer",
  response: z.array(ZLicenceBasic),
  errors: ["AccessDenied"],
});

export const getLicenceContract = defineContract({
  method: "GET",
  path: "/api/v3/licences/{id}",
  summary: "A licence with feature states (usage of the current period), children and alerts",
  tag: "Licences",
  auth: "bearer",
  params: ZId,
  response: ZLicence,
  errors: ["LicenceNotFound"],
});

export const licenceParentsContract = defineContract({
  method: "GET",
  path: "/api/v3/licences/{id}/parents",
  summary: "The virtual licences that contain this licence",
  tag: "Licences",
  auth: "bearer",
  params: ZId,
  response: z.array(ZLicenceBasic),
  errors: ["AccessDenied"],
});

export const createVirtualContract = defineContract({
  method: "POST",
  path: "/api/v3/licences/virtual",
  idempotent: true,
  summary: "Create a virtual licence from ordered child licences (primary, then fallbacks)",
  tag: "Licences",
  auth: "bearer",
  permission: "ManageAdminLicence",
  body: ZVirtualLicence,
  response: ZLicence,
  errors: CHILDREN_ERRORS,
});

export const patchLicenceContract = defineContract({
  method: "PATCH",
  path: "/api/v3/licences/{id}",
  summary: "Change a licence's name, alert thresholds, children (virtual) or cloud source",
  tag: "Licences",
  auth: "bearer",
  permission: "ManageAdminLicence",
  params: ZId,
  body: ZLicencePatch,
  response: ZLicence,
  errors: [
    "LicenceNotFound",
    "MissingLicenceName",
    "licence_error_upload_invalidDays",
    "licence_error_upload_invalidPercent",
    "licence_error_csb_missingUrl",
    "licence_error_csb_missingSystem",
    "licence_error_csb_missingUser",
    ...CHILDREN_ERRORS,
  ],
});

export const deleteLicenceContract = defineContract({
  method: "DELETE",
  path: "/api/v3/licences/{id}",
  summary: "Delete a licence no system uses and no virtual licence contains",
  tag: "Licences",
  auth: "bearer",
  permission: "ManageAdminLicence",
  params: ZId,
  errors: ["LicenceNotFound", "LicenceInUse"],
});

export const addCsbLicenceContract = defineContract({
  method: "POST",
  path: "/api/v3/licences/csb",
  idempotent: true,
  summary: "Add the licence of a cloud-service source (fetched with basic auth)",
  tag: "Licences",
  auth: "bearer",
  permission: "ManageAdminLicence",
  body: ZCsbLicence,
  response: ZLicence,
  errors: [...SOURCE_ERRORS, ...VERIFY_ERRORS, ...STORE_ERRORS],
});

export const refreshCsbLicenceContract = defineContract({
  method: "POST",
  path: "/api/v3/licences/csb/{id}/refresh",
  summary: "Fetch a cloud licence again from its source",
  tag: "Licences",
  auth: "bearer",
  permission: "ManageAdminLicence",
  params: ZId,
  response: ZLicence,
  errors: ["LicenceNotFound", "LicenceNotFromSource", ...SOURCE_ERRORS, ...VERIFY_ERRORS],
});
