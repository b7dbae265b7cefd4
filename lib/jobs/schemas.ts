import { z } from "zod";
import { JOB_STATES, LOG_LEVELS } from "@/db/schema/jobs";
import { DEFAULT_PAGE_SIZE } from "@/lib/paging";

/** The `meta` part of POST /api/jobs (DESIGN.md "Job creation"). */
export const ZJobMeta = z
  .object({
    projectId: z.uuid({ error: "InvalidId" }).optional(),
    projectName: z.string().trim().max(200).optional(),
    client: z.string().max(200).default(""),
    clientInfo: z.string().max(2000).default(""),
    priority: z.number({ error: "InvalidField" }).int().min(1).max(10).default(5),
    logLevel: z.enum(LOG_LEVELS).optional(),
    properties: z
      .array(z.object({ name: z.string().trim().min(1).max(200), value: z.string().max(10_000) }))
      .max(200)
      .default([]),
  })
  .meta({
    id: "JobMeta",
    description: "the meta part of a job order",
    examples: [
      { projectName: "Invoices", client: "scanner-3", priority: 5, properties: [{ name: "costCentre", value: "4200" }] },
    ],
  });
export type JobMeta = z.infer<typeof ZJobMeta>;

const ZJobFile = z.object({
  name: z.string(),
  contentType: z.string(),
  mediaType: z.string(),
  size: z.number(),
  isMultiPageFile: z.boolean(),
});

/** A job as an answer shows it (the examples of the API document). */
export const EXAMPLE_JOB = {
  id: 4711,
  projectId: "8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a",
  project: "Invoices",
  systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  system: "Acme",
  creatorId: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
  creator: "jdoe",
  errorCode: null,
  errorMessage: null,
  errorParams: null,
  state: "Ready",
  logLevel: "Info",
  useDefaultLogLevel: true,
  client: "scanner-3",
  clientInfo: "mailroom, 2nd floor",
  priority: 5,
  workerProcessId: "worker-1:5120",
  preventDelete: false,
  orderFiles: [
    {
      name: "invoice-2026-0412.pdf",
      contentType: "application/pdf",
      mediaType: "application/pdf",
      size: 84213,
      isMultiPageFile: true,
    },
  ],
  resultFiles: [
    { name: "result.json", contentType: "application/json", mediaType: "application/json", size: 1204, isMultiPageFile: false },
  ],
  workFiles: [
    { name: "invoice-2026-0412.txt", contentType: "text/plain", mediaType: "text/plain", size: 3310, isMultiPageFile: false },
  ],
  created: "2026-05-04T10:15:02.114Z",
  started: "2026-05-04T10:15:02.530Z",
  finished: "2026-05-04T10:15:04.871Z",
  deleted: null,
  properties: [{ name: "costCentre", value: "4200" }],
};

/** spec operations §3 "Job". */
export const ZJob = z
  .object({
    id: z.number().int(),
    projectId: z.uuid().nullable(),
    project: z.string(),
    systemId: z.uuid(),
    system: z.string(),
    creatorId: z.uuid().nullable(),
    creator: z.string(),
    errorCode: z.string().nullable(),
    errorMessage: z.string().nullable(),
    /** the parameters of errorCode (the portal translates the error by code; errorMessage is its English text) */
    errorParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
    state: z.enum(JOB_STATES),
    logLevel: z.enum(LOG_LEVELS),
    useDefaultLogLevel: z.boolean(),
    client: z.string(),
    clientInfo: z.string(),
    priority: z.number().int(),
    workerProcessId: z.string().nullable(),
    preventDelete: z.boolean(),
    orderFiles: z.array(ZJobFile),
    resultFiles: z.array(ZJobFile),
    workFiles: z.array(ZJobFile),
    created: z.iso.datetime(),
    started: z.iso.datetime().nullable(),
    finished: z.iso.datetime().nullable(),
    deleted: z.iso.datetime().nullable(),
    properties: z.array(z.object({ name: z.string(), value: z.string() })),
  })
  .meta({ id: "Job", description: "spec operations §3 Job", examples: [EXAMPLE_JOB] });
export type JobDto = z.infer<typeof ZJob>;

/** The answer of POST /api/jobs: the job and its own auth key (shown once). */
export const ZCreatedJob = ZJob.extend({ auth: z.string() }).meta({
  id: "CreatedJob",
  examples: [
    {
      ...EXAMPLE_JOB,
      state: "Waiting",
      workerProcessId: null,
      resultFiles: [],
      workFiles: [],
      started: null,
      finished: null,
      auth: "hB4nW8qZ1xK6vT3mR9yC2pL7sD0fG5jA8uE1iO4wQzY",
    },
  ],
});

/** spec operations §3 "Job patch": state (restart = Waiting), logLevel, preventDeletion, jobIds (batch). */
export const ZJobPatch = z
  .object({
    state: z.literal("Waiting", { error: "InvalidJobUpdate" }).optional(),
    logLevel: z.enum(LOG_LEVELS).nullable().optional(),
    preventDeletion: z.boolean().optional(),
    jobIds: z.array(z.number().int().positive()).max(1000).optional(),
  })
  .meta({ id: "JobPatch", examples: [{ state: "Waiting", logLevel: "Debug" }] });

/** The date columns of the job search: each has `<column>start` and `<column>end` bounds. */
export const JOB_DATE_COLUMNS = ["created", "assigned", "started", "finished", "deleted"] as const;

/**
 * The search's count stops here (and at the rows up to the end of the asked page): counting a million matches costs a
 * scan of them all, so above it the list says "more than 1 000" (totalCountExact false) and paging goes on while
 * pages are full.
 */
export const COUNT_CAP = 1000;

const date = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .transform((v) => new Date(v));
const text = z.string().trim().max(500).optional();

/** spec operations §3 "Job search parameters" (names compared case-insensitively). */
export const ZJobSearch = z
  .object({
    project: text,
    id: z
      .string()
      .trim()
      .regex(/^\d{0,18}$/, "InvalidJobId")
      .optional(),
    state: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      )
      .pipe(z.array(z.enum(JOB_STATES))),
    creator: text,
    priority: z.coerce.number().int().min(1).max(10).optional(),
    client: text,
    clientinfo: text,
    errorcode: text,
    errormessage: text,
    ...Object.fromEntries(
      JOB_DATE_COLUMNS.flatMap((c) => [
        [`${c}start`, date.optional()],
        [`${c}end`, date.optional()],
      ]),
    ),
    orderby: z.string().max(500).default("Created:DESC"),
    includedeleted: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    pagesize: z.coerce.number().int().min(0).max(1000).default(DEFAULT_PAGE_SIZE),
    page: z.coerce.number().int().min(0).default(0),
  })
  .meta({ id: "JobSearch" });
export type JobSearch = z.infer<typeof ZJobSearch>;

/** How many log lines the details page shows at most (the newest ones). */
export const JOB_LOG_LINES_MAX = 1000;
