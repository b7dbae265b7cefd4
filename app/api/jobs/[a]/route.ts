import { deleteJobContract, getJobContract, patchJobContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";
import { assertCanReadJob } from "@/lib/jobs/access";
import { loadJob, toJobDto } from "@/lib/jobs/queries";
import { deleteJobs, patchJobs } from "@/lib/jobs/services/change-jobs";

// [a] is the job id (STACK.md: one dynamic name per level under jobs/)
export const GET = route(getJobContract, async ({ db, caller, params, query }) => {
  const loaded = await loadJob(db, params.id);
  assertCanReadJob(loaded, { id: params.id, caller, auth: query.auth });
  return toJobDto(loaded.job, loaded.systemName, loaded.files);
});

export const PATCH = route(patchJobContract, async ({ db, caller, params, body }) => {
  await patchJobs(db, { caller, ids: [params.id], input: body });
  const loaded = await loadJob(db, params.id);
  if (!loaded) throw new AppError("JobNotFound", { id: params.id });
  return toJobDto(loaded.job, loaded.systemName, loaded.files);
});

export const DELETE = route(deleteJobContract, async ({ db, caller, params }) => {
  await deleteJobs(db, { caller, ids: [params.id] });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
