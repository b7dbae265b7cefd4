import { learnDocumentContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { documentForCaller } from "@/lib/learn/clusters/queries";

export const GET = route(learnDocumentContract, ({ db, caller, params }) =>
  documentForCaller(db, { caller, projectId: params.id, documentId: params.documentId }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
