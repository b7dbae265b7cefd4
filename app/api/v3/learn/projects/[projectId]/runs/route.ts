import { learnRunsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { learnRunsForCaller } from "@/lib/learn/runs/queries";

export const GET = route(learnRunsContract, ({ db, caller, params, query }) =>
  learnRunsForCaller(db, { caller, projectId: params.id, page: query.page, pageSize: query.pageSize }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
