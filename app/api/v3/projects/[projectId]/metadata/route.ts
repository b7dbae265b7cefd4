import { projectMetadataContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { renameProject } from "@/lib/projects/services/rename-project";

export const PUT = route(projectMetadataContract, ({ db, caller, params, body }) =>
  renameProject(db, { caller, id: params.id, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
