import { createJobContract, deleteJobsContract, patchJobsContract } from "@/lib/api/contracts";
import { jsonPart, readForm } from "@/lib/api/multipart";
import { route } from "@/lib/api/route";
import { JOB_LIMITS } from "@/lib/jobs/schemas";
import { createJob, type OrderFile } from "@/lib/jobs/services/create-job";
import { deleteJobs } from "@/lib/jobs/services/delete-jobs";
import { patchJobs } from "@/lib/jobs/services/patch-jobs";

// multipart overhead on top of the files themselves
const FORM_LIMIT = JOB_LIMITS.maxTotalBytes + 1024 * 1024;

export const POST = route(createJobContract, async ({ db, caller, query, req }) => {
  const form = await readForm(req, FORM_LIMIT);
  const files: OrderFile[] = [];
  for (const part of form.getAll("file")) {
    if (typeof part === "string") continue;
    files.push({ name: part.name, contentType: part.type, bytes: new Uint8Array(await part.arrayBuffer()) });
  }
  return createJob(db, { caller, submissionKey: query.auth, meta: await jsonPart(form, "meta"), files });
});

export const PATCH = route(patchJobsContract, ({ db, caller, body }) => patchJobs(db, { caller, input: body }));
export const DELETE = route(deleteJobsContract, ({ db, caller, body }) => deleteJobs(db, { caller, ids: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
