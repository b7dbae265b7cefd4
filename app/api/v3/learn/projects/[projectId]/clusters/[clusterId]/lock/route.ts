import { lockLearnClusterContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { lockLearnCluster } from "@/lib/learn/services/lock-learn-cluster";

export const POST = route(lockLearnClusterContract, ({ db, caller, params }) =>
  lockLearnCluster(db, { caller, projectId: params.id, clusterId: params.clusterId }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
