import { deleteProjectContract, getProjectContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { projectForCaller, toProjectDto } from "@/lib/projects/queries";
import { deleteProject } from "@/lib/projects/services/delete-project";

export const GET = route(getProjectContract, async ({ db, caller, params }) => {
  const { project, systemName } = await projectForCaller(db, caller, params.id);
  return toProjectDto(project, systemName);
});

export const DELETE = route(deleteProjectContract, async ({ db, caller, params, body }) => {
  await deleteProject(db, { caller, id: params.id, input: body });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
