import { moveLearnDocumentsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { moveLearnDocuments } from "@/lib/learn/services/move-learn-documents";

export const POST = route(moveLearnDocumentsContract, ({ db, caller, params, body }) =>
  moveLearnDocuments(db, { caller, projectId: params.id, clusterId: params.clusterId, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
