import { taskFunctionsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listTaskFunctions } from "@/lib/scheduler/queries";

// without systemId: the functions of the caller's own system's scheduler
export const GET = route(taskFunctionsContract, async ({ db, caller, query }) =>
  listTaskFunctions(db, { caller, systemId: query.systemId ?? caller.systemId }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
