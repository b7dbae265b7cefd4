import { projectMetadataContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { updateLearnMetadata } from "@/lib/learn/services/update-learn-metadata";
import { projectForCaller } from "@/lib/projects/queries";
import { isLearnType } from "@/lib/projects/rules";
import { renameProject } from "@/lib/projects/services/rename-project";

// spec operations §7: renames a project of either kind; a learn project also takes its updating lock here
export const PUT = route(projectMetadataContract, async ({ db, caller, params, body }) => {
  const { project } = await projectForCaller(db, caller, params.id, "any");
  const rename = isLearnType(project.type) ? updateLearnMetadata : renameProject;
  return rename(db, { caller, id: project.id, input: body });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
