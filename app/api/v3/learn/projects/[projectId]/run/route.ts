import { requestLearnRunContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { requestLearnRun } from "@/lib/learn/services/request-learn-run";

export const POST = route(requestLearnRunContract, ({ db, caller, params, body }) =>
  requestLearnRun(db, { caller, projectId: params.id, trigger: "Manual", onlyChanged: body.onlyChanged }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
