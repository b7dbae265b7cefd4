import { projectPropertiesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { saveProjectProperties } from "@/lib/projects/services/save-project-properties";

export const POST = route(projectPropertiesContract, ({ db, caller, params, body }) =>
  saveProjectProperties(db, { caller, id: params.id, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
