import { learnRunContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { learnRunForCaller } from "@/lib/learn/runs/queries";

export const GET = route(learnRunContract, ({ db, caller, params }) =>
  learnRunForCaller(db, { caller, projectId: params.id, runId: params.runId }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
