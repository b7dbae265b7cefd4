import { deleteJobContract, getJobContract, patchJobContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readJob, toJobDto } from "@/lib/jobs/queries";
import { deleteJobs } from "@/lib/jobs/services/delete-jobs";
import { patchJobs } from "@/lib/jobs/services/patch-jobs";

export const GET = route(getJobContract, async ({ db, caller, params, query }) => {
  const loaded = await readJob(db, { id: params.id, caller, auth: query.auth });
  return toJobDto(loaded.job, loaded.systemName, loaded.files);
});

export const PATCH = route(patchJobContract, async ({ db, caller, params, body }) => {
  await patchJobs(db, { caller, ids: [params.id], input: body });
  const loaded = await readJob(db, { id: params.id, caller });
  return toJobDto(loaded.job, loaded.systemName, loaded.files);
});

export const DELETE = route(deleteJobContract, async ({ db, caller, params }) => {
  await deleteJobs(db, { caller, ids: [params.id] });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
