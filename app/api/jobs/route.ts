import { createJobContract, deleteJobsContract, patchJobsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";
import { jsonField, readMultipart } from "@/lib/input/multipart";
import { createJob } from "@/lib/jobs/services/create-job";
import { deleteJobs } from "@/lib/jobs/services/delete-jobs";
import { patchJobs } from "@/lib/jobs/services/patch-jobs";
import { uploadLimits } from "@/lib/settings/upload-limits";

export const POST = route(createJobContract, async ({ db, caller, query, req }) => {
  const limits = await uploadLimits(db);
  const body = await readMultipart(req, {
    limits: {
      fileBytes: limits.maxOrderFileBytes,
      totalBytes: limits.maxJobBytes,
      files: limits.maxOrderFiles,
      tooManyFiles: () => new AppError("InvalidOrderFile", { name: "*", reason: `more than ${limits.maxOrderFiles} files` }),
    },
    fileFields: ["file"],
    textFields: ["meta"],
  });
  try {
    return await createJob(db, { caller, submissionKey: query.auth, meta: jsonField(body, "meta"), files: body.files });
  } finally {
    await body.cleanup();
  }
});

export const PATCH = route(patchJobsContract, ({ db, caller, body }) => patchJobs(db, { caller, input: body }));
export const DELETE = route(deleteJobsContract, ({ db, caller, body }) => deleteJobs(db, { caller, ids: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
