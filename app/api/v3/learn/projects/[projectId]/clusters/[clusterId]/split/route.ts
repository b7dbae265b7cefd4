import { splitLearnClusterContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { splitLearnCluster } from "@/lib/learn/services/split-learn-cluster";

export const POST = route(splitLearnClusterContract, ({ db, caller, params, body }) =>
  splitLearnCluster(db, { caller, projectId: params.id, clusterId: params.clusterId, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
