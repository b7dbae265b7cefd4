import { z } from "zod";
import { JOB_STATES, LOG_LEVELS } from "@/db/schema/jobs";
import { COUNT_CAP, EXAMPLE_JOB, ZCreatedJob, ZJob, ZJobMeta, ZJobPatch, ZJobSearch } from "@/lib/jobs/schemas";
import { defineContract } from "../contract";

const ZJobId = z.object({
  id: z.coerce.number({ error: "InvalidJobId" }).int("InvalidJobId").positive("InvalidJobId").meta({ example: 4711 }),
});
/** `?auth=`: documented as a security scheme (contract.authKey), read by the handler from the query */
const ZAuthQuery = z.object({ auth: z.string().max(200).optional() });
/** a job's own key opens the job alone: anything else answers as if there were no such job */
const JOB_READ_ERRORS = ["JobNotFound"] as const;
const JOB_CHANGE_ERRORS = ["JobNotFound", "InvalidJobUpdate", "InvalidJobState"] as const;
const JOB_DELETE_ERRORS = ["JobNotFound", "InvalidJobUpdate", "InvalidJobState", "jobMonitor_text_delete_locked"] as const;

export const createJobContract = defineContract({
  method: "POST",
  path: "/api/jobs",
  idempotent: true,
  summary:
    "Post a job: multipart with one or more `file` parts and an optional `meta` JSON part. A bearer token of a user with JobCreator or ManageJobs, or ?auth=<project submission key>. Answers the job with its own auth key",
  tag: "Jobs",
  auth: "optional",
  authKey: "submissionKey",
  query: ZAuthQuery,
  form: z.object({
    file: z.array(z.string().meta({ format: "binary", examples: ["%PDF-1.7 …"] })),
    meta: ZJobMeta.optional(),
  }),
  response: ZCreatedJob,
  errors: [
    "InvalidAuthKey",
    "AccessDenied",
    "MissingProject",
    "ProjectNotFound",
    "LearnProjectDeleted",
    "JobNoOrderFiles",
    "InvalidOrderFile",
    "PayloadTooLarge",
  ],
});

export const getJobContract = defineContract({
  method: "GET",
  path: "/api/jobs/{id}",
  etag: true,
  summary: "A job, with a bearer token of its system or ?auth=<the job's auth key>",
  tag: "Jobs",
  auth: "optional",
  authKey: "jobKey",
  params: ZJobId,
  query: ZAuthQuery,
  response: ZJob,
  errors: JOB_READ_ERRORS,
});

export const jobFileContract = defineContract({
  method: "GET",
  path: "/api/jobs/{id}/files/{kind}/{file}",
  etag: true,
  ranges: true,
  summary: "Download an order, work or result file of a job (bearer token, the session, or ?auth=<the job's auth key>)",
  session: true,
  tag: "Jobs",
  auth: "optional",
  authKey: "jobKey",
  params: ZJobId.extend({
    kind: z.enum(["order", "work", "result"], { error: "BadRequest" }),
    file: z.string().min(1).max(300).meta({ example: "invoice-2026-0412.pdf" }),
  }),
  query: ZAuthQuery,
  download: { mediaType: "*/*", fileName: "the file's own name" },
  errors: [...JOB_READ_ERRORS, "NotFound"],
});

export const jobStatesContract = defineContract({
  method: "GET",
  path: "/api/jobs/jobstates",
  summary: "The job states",
  tag: "Jobs",
  auth: "bearer",
  response: z.array(z.enum(JOB_STATES)),
  example: { response: [...JOB_STATES] },
});

export const logLevelsContract = defineContract({
  method: "GET",
  path: "/api/jobs/loglevels",
  summary: "The log levels of jobs",
  tag: "Jobs",
  auth: "bearer",
  response: z.array(z.enum(LOG_LEVELS)),
  example: { response: [...LOG_LEVELS] },
});

const ZSystemId = z.object({ id: z.uuid({ error: "InvalidId" }).meta({ example: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f" }) });

export const searchJobsContract = defineContract({
  method: "GET",
  path: "/api/v3/systems/{id}/jobs",
  summary: "Search a system's jobs (spec operations §3 Job search parameters; orderby default Created:DESC; page from 0)",
  tag: "Jobs",
  auth: "bearer",
  permission: "ManageJobs",
  params: ZSystemId,
  query: ZJobSearch,
  queryCaseInsensitive: true,
  response: z
    .object({
      totalCount: z
        .number()
        .int()
        .meta({
          description: `Exact up to ${COUNT_CAP} matches (and up to the end of the asked page); above that the lower bound`,
        }),
      totalCountExact: z.boolean().meta({ description: "false when totalCount is the lower bound of a larger count" }),
      items: z.array(ZJob),
    })
    .meta({ id: "JobList", examples: [{ totalCount: 1, totalCountExact: true, items: [EXAMPLE_JOB] }] }),
  errors: ["SystemNotFound"],
});

export const oldJobListContract = defineContract({
  method: "GET",
  path: "/api/systems/{id}/jobs",
  summary: "The older job list: start, count, includeRemoved, sorting",
  tag: "Jobs",
  auth: "bearer",
  permission: "ManageJobs",
  params: ZSystemId,
  query: z.object({
    start: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(0).max(1000).default(25),
    includeRemoved: z.enum(["true", "false"]).default("false"),
    sorting: z.string().max(500).default("Created:DESC"),
  }),
  response: z.object({ totalJobCount: z.number().int(), jobs: z.array(ZJob) }),
  example: { response: { totalJobCount: 1, jobs: [EXAMPLE_JOB] } },
  errors: ["SystemNotFound"],
});

export const patchJobContract = defineContract({
  method: "PATCH",
  path: "/api/jobs/{id}",
  summary: "Restart (state Waiting), set the log level, lock or unlock deletion",
  tag: "Jobs",
  auth: "bearer",
  permission: "ManageJobs",
  params: ZJobId,
  body: ZJobPatch,
  response: ZJob,
  errors: JOB_CHANGE_ERRORS,
});

export const patchJobsContract = defineContract({
  method: "PATCH",
  path: "/api/jobs",
  summary: "The same for several jobs (jobIds); all or none",
  tag: "Jobs",
  auth: "bearer",
  permission: "ManageJobs",
  body: ZJobPatch,
  response: z.array(z.number().int()),
  example: { request: { jobIds: [4711, 4712], state: "Waiting" }, response: [4711, 4712] },
  errors: JOB_CHANGE_ERRORS,
});

export const deleteJobContract = defineContract({
  method: "DELETE",
  path: "/api/jobs/{id}",
  summary: "Remove a job (soft; not while protected, processing or waiting)",
  tag: "Jobs",
  auth: "bearer",
  permission: "ManageJobs",
  params: ZJobId,
  errors: JOB_DELETE_ERRORS,
});

export const deleteJobsContract = defineContract({
  method: "DELETE",
  path: "/api/jobs",
  summary: "Remove several jobs (body: an array of ids); all or none",
  tag: "Jobs",
  auth: "bearer",
  permission: "ManageJobs",
  body: z.array(z.number().int().positive()).max(1000),
  response: z.array(z.number().int()),
  example: { request: [4711, 4712], response: [4711, 4712] },
  errors: JOB_DELETE_ERRORS,
});

export const downloadJobContract = defineContract({
  method: "GET",
  path: "/api/jobs/{id}/download",
  summary: "The job's files as a zip (bearer token, the session, or ?auth=<the job's auth key>)",
  tag: "Jobs",
  auth: "optional",
  authKey: "jobKey",
  session: true,
  params: ZJobId,
  query: ZAuthQuery,
  download: { mediaType: "application/zip", fileName: "job-{id}.zip" },
  errors: JOB_READ_ERRORS,
});
