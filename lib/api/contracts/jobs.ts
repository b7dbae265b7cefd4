import { z } from "zod";
import { JOB_STATES, LOG_LEVELS } from "@/db/schema/jobs";
import { COUNT_CAP, ZCreatedJob, ZJob, ZJobMeta, ZJobPatch, ZJobSearch } from "@/lib/jobs/schemas";
import { defineContract } from "../contract";

const ZJobId = z.object({ id: z.coerce.number({ error: "InvalidJobId" }).int("InvalidJobId").positive("InvalidJobId") });
const ZAuthQuery = z.object({ auth: z.string().max(200).optional() });

export const createJobContract = defineContract({
  method: "POST",
  path: "/api/jobs",
  summary:
    "Post a job: multipart with one or more `file` parts and an optional `meta` JSON part. A bearer token of a user with JobCreator or ManageJobs, or ?auth=<project submission key>. Answers the job with its own auth key",
  tag: "Jobs",
  auth: "optional",
  query: ZAuthQuery,
  form: z.object({ file: z.array(z.string().meta({ format: "binary" })), meta: ZJobMeta.optional() }),
  response: ZCreatedJob,
});

export const getJobContract = defineContract({
  method: "GET",
  path: "/api/jobs/{id}",
  summary: "A job, with a bearer token of its system or ?auth=<the job's auth key>",
  tag: "Jobs",
  auth: "optional",
  params: ZJobId,
  query: ZAuthQuery,
  response: ZJob,
});

export const jobFileContract = defineContract({
  method: "GET",
  path: "/api/jobs/{id}/files/{kind}/{file}",
  summary: "Download an order, work or result file of a job (bearer token, the session, or ?auth=<the job's auth key>)",
  session: true,
  tag: "Jobs",
  auth: "optional",
  params: ZJobId.extend({ kind: z.enum(["order", "work", "result"], { error: "BadRequest" }), file: z.string().min(1).max(300) }),
  query: ZAuthQuery,
});

export const jobStatesContract = defineContract({
  method: "GET",
  path: "/api/jobs/jobstates",
  summary: "The job states",
  tag: "Jobs",
  auth: "bearer",
  response: z.array(z.enum(JOB_STATES)),
});

export const logLevelsContract = defineContract({
  method: "GET",
  path: "/api/jobs/loglevels",
  summary: "The log levels of jobs",
  tag: "Jobs",
  auth: "bearer",
  response: z.array(z.enum(LOG_LEVELS)),
});

const ZSystemId = z.object({ id: z.uuid({ error: "InvalidId" }) });

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
    .meta({ id: "JobList" }),
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
});

export const deleteJobContract = defineContract({
  method: "DELETE",
  path: "/api/jobs/{id}",
  summary: "Remove a job (soft; not while protected, processing or waiting)",
  tag: "Jobs",
  auth: "bearer",
  permission: "ManageJobs",
  params: ZJobId,
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
});

export const downloadJobContract = defineContract({
  method: "GET",
  path: "/api/jobs/{id}/download",
  summary: "The job's files as a zip (bearer token, the session, or ?auth=<the job's auth key>)",
  tag: "Jobs",
  auth: "optional",
  session: true,
  params: ZJobId,
  query: ZAuthQuery,
});
