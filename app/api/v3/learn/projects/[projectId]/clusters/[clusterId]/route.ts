import { learnClusterContract, updateLearnClusterContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { clusterForCaller } from "@/lib/learn/clusters/queries";
import { updateLearnCluster } from "@/lib/learn/services/update-learn-cluster";

export const GET = route(learnClusterContract, ({ db, caller, params }) =>
  clusterForCaller(db, { caller, projectId: params.id, clusterId: params.clusterId }),
);

export const PUT = route(updateLearnClusterContract, ({ db, caller, params, body }) =>
  updateLearnCluster(db, { caller, projectId: params.id, clusterId: params.clusterId, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
