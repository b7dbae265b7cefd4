import { mergeLearnClustersContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { mergeLearnClusters } from "@/lib/learn/services/merge-learn-clusters";

export const POST = route(mergeLearnClustersContract, ({ db, caller, params, body }) =>
  mergeLearnClusters(db, { caller, projectId: params.id, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
