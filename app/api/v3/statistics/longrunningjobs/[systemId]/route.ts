import { longRunningJobsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readLongRunningJobs } from "@/lib/statistics/queries";
import { statisticsRange } from "@/lib/statistics/schemas";

export const GET = route(longRunningJobsContract, async ({ db, caller, params, query }) => {
  const { projectName: _, ...result } = await readLongRunningJobs(db, {
    caller,
    systemId: params.systemId,
    projectId: query.projectId,
    range: statisticsRange(query),
  });
  return result;
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
