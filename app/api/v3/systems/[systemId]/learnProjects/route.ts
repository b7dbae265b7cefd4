import { listLearnProjectsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { learnProjectsForCaller } from "@/lib/learn/queries";

export const GET = route(listLearnProjectsContract, ({ db, caller, params, query }) =>
  learnProjectsForCaller(db, { caller, systemId: params.id, includeDeleted: query.includeDeleted }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
