import { z } from "zod";
import { zPage, zPageSize } from "@/lib/paging";
import { DOWNLOAD_TYPES } from "./rules";

/** spec operations §3 "Download search" and its item (docs/decisions.md "Downloads"). */

const SYSTEM_ID = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const DOWNLOAD_ID = "5e0c9a1b-7d3f-4b2a-9c8e-1f6a2b3c4d5e";
const zType = z
  .number()
  .int()
  .min(0)
  .max(DOWNLOAD_TYPES.length - 1)
  .meta({ description: "Unknown 0, Metric 1, AuditTrail 2, MetricAggregate 3", example: 2 });

/** a download type's name (any case; "All" for 0) as its number; anything else as it is */
function typeNumberOfName(value: unknown): unknown {
  if (typeof value !== "string" || /^\s*\d+\s*$/.test(value)) return value;
  const name = value.trim().toLowerCase();
  if (name === "all") return 0;
  const index = DOWNLOAD_TYPES.findIndex((t) => t.toLowerCase() === name);
  return index >= 0 ? index : value;
}

/** GET v2/downloads/: type absent or 0 lists every type the caller may see; systemId absent, every system it may see. */
export const ZDownloadSearch = z.object({
  systemId: z.uuid({ error: "InvalidId" }).optional().meta({ example: SYSTEM_ID }),
  // the number or the name (as POST v2/downloads and the DownloadCleaner take names; "All" is 0)
  type: z
    .preprocess(typeNumberOfName, z.coerce.number({ error: "InvalidChoice" }).pipe(zType))
    .optional()
    .meta({
      description: "Unknown 0 (every type; also `All`), Metric 1, AuditTrail 2, MetricAggregate 3: the number or the name",
      example: 2,
    }),
  pageSize: zPageSize(),
  page: zPage(),
});
export type DownloadSearch = z.output<typeof ZDownloadSearch>;

export const ZDownloadParams = z.object({ id: z.uuid({ error: "InvalidId" }).meta({ example: DOWNLOAD_ID }) });

/** One download (spec §3 item: displayFileName, externalId, created; plus id, system, type and size in bytes). */
export const ZDownload = z
  .object({
    id: z.uuid(),
    /** null: an archive over every system */
    systemId: z.uuid().nullable(),
    /** the system's name; null for every system, or when the system no longer exists */
    systemName: z.string().nullable(),
    type: zType,
    displayFileName: z.string(),
    externalId: z.string(),
    created: z.iso.datetime(),
    size: z.number().int(),
  })
  .meta({
    id: "Download",
    examples: [
      {
        id: DOWNLOAD_ID,
        systemId: SYSTEM_ID,
        systemName: "Acme",
        type: 2,
        displayFileName: "AuditTrail_2026-10_Acme.zip",
        externalId: `AuditTrail:2026-10:${SYSTEM_ID}`,
        created: "2026-11-01T02:00:04.180Z",
        size: 48213,
      },
    ],
  });
export type DownloadDto = z.infer<typeof ZDownload>;

/** The types an "archive now" writes: the archivers' (an aggregate is written by MetricsAggregator per month). */
export const EXPORT_TYPES = ["AuditTrail", "Metric"] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
const zDay = (description: string) => z.iso.date({ error: "InvalidFormat" }).meta({ description, example: "2026-11-01" });

/**
 * POST v2/downloads (beyond the spec, issue 23 "archive now / export this range"): an archive of the rows of a range of
 * UTC days, both counted, as the archivers write them. `systemId`: that system's rows; absent, the caller's system,
 * or in the Supersystem with the admin permission of the type every system's (one archive over all systems).
 */
export const ZDownloadExport = z
  .object({
    type: z.enum(EXPORT_TYPES, { error: "InvalidChoice" }).meta({ example: "AuditTrail" }),
    systemId: z.uuid({ error: "InvalidId" }).optional().meta({ example: SYSTEM_ID }),
    start: zDay("first day (UTC), YYYY-MM-DD"),
    end: zDay("last day (UTC, counted), YYYY-MM-DD"),
  })
  .refine((v) => v.end >= v.start, {
    message: "EndBeforeStart",
    path: ["end"],
  })
  .meta({ id: "DownloadExport" });
export type DownloadExport = z.infer<typeof ZDownloadExport>;

export const ZDownloadPage = z.object({ items: z.array(ZDownload), totalCount: z.number().int() }).meta({ id: "DownloadPage" });
export type DownloadPage = z.infer<typeof ZDownloadPage>;
