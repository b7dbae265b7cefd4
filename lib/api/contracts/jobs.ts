import { z } from "zod";
import { JOB_STATES, LOG_LEVELS } from "@/db/schema/jobs";
import { ZCreatedJob, ZJob, ZJobMeta } from "@/lib/jobs/schemas";
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
  summary: "Download an order, work or result file of a job (bearer token or ?auth=<the job's auth key>)",
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
