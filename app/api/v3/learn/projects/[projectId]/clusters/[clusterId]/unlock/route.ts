import { unlockLearnClusterContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { unlockLearnCluster } from "@/lib/learn/services/unlock-learn-cluster";

export const POST = route(unlockLearnClusterContract, ({ db, caller, params }) =>
  unlockLearnCluster(db, { caller, projectId: params.id, clusterId: params.clusterId }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
