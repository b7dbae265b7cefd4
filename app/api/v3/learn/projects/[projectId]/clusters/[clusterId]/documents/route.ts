import { learnClusterDocumentsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { clusterDocumentsForCaller } from "@/lib/learn/clusters/queries";

export const GET = route(learnClusterDocumentsContract, ({ db, caller, params, query }) =>
  clusterDocumentsForCaller(db, { caller, projectId: params.id, clusterId: params.clusterId, ...query }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
