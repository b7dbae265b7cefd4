import { exportLearnClustersContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { exportLearnClusters } from "@/lib/learn/services/export-learn-clusters";

export const POST = route(exportLearnClustersContract, ({ db, caller, params, body }) =>
  exportLearnClusters(db, { caller, id: params.id, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
