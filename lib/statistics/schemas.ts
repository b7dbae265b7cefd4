import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { currentMonth, type DateRange, endsBeforeStart, isIsoDay, utcDay } from "./rules";

/**
 * The statistics' shapes (spec operations §3 "Statistics row", "Long-running job"; DESIGN.md "Operational areas" →
 * Statistics). The page, the REST contracts and the OpenAPI document use the same schemas.
 */

/** spec §9: the top 10 long-running jobs */
export const LONG_RUNNING_LIMIT = 10;

const ISO_DATE_TIME = z.iso.datetime({ offset: true, local: true });

/** An ISO date (YYYY-MM-DD), or an ISO date-time whose UTC day counts. */
const ZDay = z
  .string()
  .trim()
  .refine((v) => isIsoDay(v) || ISO_DATE_TIME.safeParse(v).success, { error: "InvalidFormat" })
  .transform((v) => (isIsoDay(v) ? v : utcDay(new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(v) ? v : `${v}Z`))))
  .meta({ example: "2026-05-01" });

/** `?start&end` of the statistics calls: UTC days, both counted; each defaults to the current month's (spec §9). */
export const ZStatisticsRangeQuery = z.object({
  start: ZDay.optional().meta({ description: "first day (UTC), YYYY-MM-DD; default: the first of the current month" }),
  end: ZDay.optional().meta({ description: "last day (UTC, counted), YYYY-MM-DD; default: today" }),
});

/**
 * The range of a query, the defaults filled in (spec §9: the first of the current month through today); spec §5
 * "begin before end": an end before the start is 400 EndBeforeStart (the audit search's code for the same rule).
 */
export function statisticsRange(query: z.output<typeof ZStatisticsRangeQuery>, now = new Date()): DateRange {
  const fallback = currentMonth(now);
  const range = { start: query.start ?? fallback.start, end: query.end ?? fallback.end };
  if (endsBeforeStart(range)) throw new AppError("EndBeforeStart", { ...range, field: "end" });
  return range;
}

/** The figures of one statistics row (spec §3 "Statistics row"); durations in seconds, 3 decimals. */
export const ZStatisticsFigures = z
  .object({
    total: z.number().int().meta({ description: "jobs created in the range" }),
    successful: z.number().int().meta({ description: "Ready (also when removed since)" }),
    failed: z.number().int().meta({ description: "Error (also when removed since)" }),
    notStarted: z.number().int().meta({ description: "New, Waiting or Assigned: processing has not begun" }),
    waiting: z.number().int().meta({ description: "Waiting" }),
    restarts: z.number().int().meta({ description: "restarts of these jobs" }),
    notDeleted: z.number().int().meta({ description: "not Removed" }),
    documents: z.number().int().meta({ description: "documents read (each job's last run)" }),
    pages: z.number().int(),
    ocrDocuments: z.number().int().meta({ description: "documents with pages read by OCR (images, scanned PDF pages)" }),
    ocrPages: z.number().int(),
    einvoices: z
      .number()
      .int()
      .meta({ description: "documents read as an e-invoice (issue 25): the XML, or a PDF carrying one" }),
    einvoicesCii: z.number().int().meta({ description: "e-invoices in the CII syntax (ZUGFeRD, Factur-X, XRechnung CII)" }),
    einvoicesUbl: z.number().int().meta({ description: "e-invoices in the UBL 2.1 syntax" }),
    einvoicesWarned: z.number().int().meta({ description: "e-invoices with at least one check warning" }),
    einvoicesMinimum: z.number().int().meta({ description: "profile MINIMUM" }),
    einvoicesBasicWl: z.number().int().meta({ description: "profile BASIC WL" }),
    einvoicesBasic: z.number().int().meta({ description: "profile BASIC" }),
    einvoicesEn16931: z.number().int().meta({ description: "profile EN16931 (ZUGFeRD 1: COMFORT)" }),
    einvoicesExtended: z.number().int().meta({ description: "profile EXTENDED" }),
    einvoicesXrechnung: z.number().int().meta({ description: "XRechnung; any other profile counts in einvoices only" }),
    networkUpload: z.number().int().meta({ description: "bytes of the order files received (ingress)" }),
    networkDownload: z.number().int().meta({ description: "bytes of the work and result files written (egress)" }),
    averageProcessingTime: z.number().meta({ description: "seconds, 3 decimals; 0 without processed jobs" }),
    maxProcessingTime: z.number().meta({ description: "seconds, 3 decimals: the longest run recorded" }),
  })
  .meta({ id: "StatisticsFigures" });
export type StatisticsFigures = z.infer<typeof ZStatisticsFigures>;

const EXAMPLE_FIGURES: StatisticsFigures = {
  total: 1250,
  successful: 1190,
  failed: 35,
  notStarted: 20,
  waiting: 12,
  restarts: 8,
  notDeleted: 1201,
  documents: 2410,
  pages: 5120,
  ocrDocuments: 310,
  ocrPages: 402,
  einvoices: 180,
  einvoicesCii: 150,
  einvoicesUbl: 30,
  einvoicesWarned: 4,
  einvoicesMinimum: 0,
  einvoicesBasicWl: 0,
  einvoicesBasic: 12,
  einvoicesEn16931: 120,
  einvoicesExtended: 8,
  einvoicesXrechnung: 40,
  networkUpload: 734_003_200,
  networkDownload: 51_380_224,
  averageProcessingTime: 1.482,
  maxProcessingTime: 41.207,
};

export const ZSystemStatisticsRow = ZStatisticsFigures.extend({
  systemId: z.uuid(),
  systemName: z.string(),
}).meta({ id: "SystemStatisticsRow" });
export type SystemStatisticsRow = z.infer<typeof ZSystemStatisticsRow>;

export const ZProjectStatisticsRow = ZStatisticsFigures.extend({
  projectId: z.uuid().nullable().meta({ description: "null: jobs without a project (their project was deleted)" }),
  projectName: z.string().nullable(),
}).meta({ id: "ProjectStatisticsRow" });
export type ProjectStatisticsRow = z.infer<typeof ZProjectStatisticsRow>;

/** GET v3/statistics/summary: a row per system (the Supersystem, every tenant system), zeros included. */
export const ZSystemStatisticsSummary = z.object({ items: z.array(ZSystemStatisticsRow), total: ZStatisticsFigures }).meta({
  id: "SystemStatisticsSummary",
  examples: [
    {
      items: [{ systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f", systemName: "Acme", ...EXAMPLE_FIGURES }],
      total: EXAMPLE_FIGURES,
    },
  ],
});
export type SystemStatisticsSummary = z.infer<typeof ZSystemStatisticsSummary>;

/** GET v3/statistics/summary/{systemId}: a row per project of the system, zeros included. */
export const ZProjectStatisticsSummary = z.object({ items: z.array(ZProjectStatisticsRow), total: ZStatisticsFigures }).meta({
  id: "ProjectStatisticsSummary",
  examples: [
    {
      items: [{ projectId: "8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a", projectName: "Invoices", ...EXAMPLE_FIGURES }],
      total: EXAMPLE_FIGURES,
    },
  ],
});
export type ProjectStatisticsSummary = z.infer<typeof ZProjectStatisticsSummary>;

/** spec §3 "Long-running job" (with the job's project, state and creation time besides). */
export const ZLongRunningJob = z
  .object({
    jobId: z.number().int(),
    client: z.string(),
    clientInfo: z.string(),
    processingTime: z.number().meta({ description: "seconds, 3 decimals: the job's last run" }),
    projectId: z.uuid().nullable(),
    projectName: z.string(),
    state: z.string(),
    created: z.string().meta({ description: "ISO date-time" }),
  })
  .meta({ id: "LongRunningJob" });
export type LongRunningJob = z.infer<typeof ZLongRunningJob>;

export const ZLongRunningJobs = z
  .object({
    items: z.array(ZLongRunningJob).meta({ description: "at most 10, the longest first" }),
    totalCount: z.number().int().meta({ description: "jobs of the range with a recorded run" }),
  })
  .meta({
    id: "LongRunningJobs",
    examples: [
      {
        items: [
          {
            jobId: 4711,
            client: "scanner-3",
            clientInfo: "mailroom",
            processingTime: 41.207,
            projectId: "8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a",
            projectName: "Invoices",
            state: "Ready",
            created: "2026-05-04T10:15:02.114Z",
          },
        ],
        totalCount: 1190,
      },
    ],
  });
export type LongRunningJobsResult = z.infer<typeof ZLongRunningJobs>;
