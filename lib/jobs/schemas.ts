import { z } from "zod";
import { JOB_STATES, LOG_LEVELS } from "@/db/schema/jobs";

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
  .meta({ id: "JobMeta", description: "the meta part of a job order" });
export type JobMeta = z.infer<typeof ZJobMeta>;

const ZJobFile = z.object({
  name: z.string(),
  contentType: z.string(),
  mediaType: z.string(),
  size: z.number(),
  isMultiPageFile: z.boolean(),
});

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
  .meta({ id: "Job", description: "spec operations §3 Job" });
export type JobDto = z.infer<typeof ZJob>;

/** The answer of POST /api/jobs: the job and its own auth key (shown once). */
export const ZCreatedJob = ZJob.extend({ auth: z.string() }).meta({ id: "CreatedJob" });
