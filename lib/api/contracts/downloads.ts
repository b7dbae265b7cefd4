import { ZDownload, ZDownloadExport, ZDownloadPage, ZDownloadParams, ZDownloadSearch } from "@/lib/downloads/schemas";
import { defineContract } from "../contract";

/**
 * spec operations §7 "Downloads" (DESIGN.md "Downloads", docs/decisions.md "Downloads"). No contract-level permission:
 * a download takes the permission of its type (spec §2/§6), in its own system or, in the Supersystem, in every one;
 * lib/downloads/access.ts decides per download. Without AccessDownloads or AccessAdminDownloads every call is 403.
 */
const base = { tag: "Downloads", auth: "bearer" } as const;

export const searchDownloadsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v2/downloads",
  // before the input is read: a caller who may do none of it gets 403, not a field error (issue 23 walk)
  permission: ["AccessDownloads", "AccessAdminDownloads"],
  summary:
    "Downloads, newest first: of `systemId` (default: the caller's system; in the Supersystem every system and the archives over all systems), of `type` (absent or 0: every type the caller may see)",
  query: ZDownloadSearch,
  response: ZDownloadPage,
  example: {
    response: {
      items: [
        {
          id: "5e0c9a1b-7d3f-4b2a-9c8e-1f6a2b3c4d5e",
          systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
          systemName: "Acme",
          type: 2,
          displayFileName: "AuditTrail_2026-10_Acme.zip",
          externalId: "AuditTrail:2026-10:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
          created: "2026-11-01T02:00:04.180Z",
          size: 48213,
        },
      ],
      totalCount: 1,
    },
  },
  errors: ["SystemNotFound", "AccessDenied", "FeatureDisabled"],
});

export const downloadDownloadContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v2/downloads/{id}/download",
  ranges: true,
  summary: "The download's zip (each entry as CSV and JSON)",
  session: true,
  params: ZDownloadParams,
  download: { mediaType: "application/zip", fileName: "{displayFileName}" },
  errors: ["DownloadNotFound", "AccessDenied", "FeatureDisabled"],
});

export const deleteDownloadContract = defineContract({
  ...base,
  method: "DELETE",
  path: "/api/v2/downloads/{id}",
  summary: "Delete a download (row and file)",
  params: ZDownloadParams,
  errors: ["DownloadNotFound", "AccessDenied", "FeatureDisabled"],
});

export const exportDownloadContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/v2/downloads",
  idempotent: true,
  // before the input is read: a caller who may do none of it gets 403, not a field error (issue 23 walk)
  permission: ["AccessDownloads", "AccessAdminDownloads"],
  summary:
    "Archive now (beyond the spec): the audit trail or the job metrics of a range of UTC days, both counted, as one download " +
    "(of `systemId`, default the caller's system; in the Supersystem with the type's admin permission, without `systemId`, " +
    "one over all systems); answers the download, which is listed at once",
  body: ZDownloadExport,
  response: ZDownload,
  example: {
    request: { type: "AuditTrail", start: "2026-11-01", end: "2026-11-28" },
    response: {
      id: "5e0c9a1b-7d3f-4b2a-9c8e-1f6a2b3c4d5e",
      systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      systemName: "Acme",
      type: 2,
      displayFileName: "AuditTrail_2026-11-01_2026-11-28_Acme.zip",
      externalId:
        "AuditTrail:2026-11-01_2026-11-28:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f:export-0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      created: "2026-11-28T10:15:04.180Z",
      size: 48213,
    },
  },
  errors: ["EndBeforeStart", "SystemNotFound", "AccessDenied", "FeatureDisabled"],
});
