import { taskRunsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listTaskRuns } from "@/lib/scheduler/queries";

export const GET = route(taskRunsContract, async ({ db, caller, params, query }) =>
  listTaskRuns(db, { caller, id: params.id, page: query.page, pageSize: query.pageSize }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
