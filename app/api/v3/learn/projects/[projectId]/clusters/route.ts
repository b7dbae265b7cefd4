import { learnClustersContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { clustersForCaller } from "@/lib/learn/clusters/queries";

export const GET = route(learnClustersContract, ({ db, caller, params }) =>
  clustersForCaller(db, { caller, projectId: params.id }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
