import { deleteProjectContract, getProjectContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { toLearnProjectDto } from "@/lib/learn/queries";
import { deleteLearnProject } from "@/lib/learn/services/delete-learn-project";
import { projectForCaller, toProjectDto } from "@/lib/projects/queries";
import { isLearnType } from "@/lib/projects/rules";
import { deleteProject } from "@/lib/projects/services/delete-project";

// spec operations §7: a project of either kind is read and deleted here (a learn project as GET v3/learn/projects/{id},
// deleted softly as DELETE v3/learn/projects/{id} deletes it)
export const GET = route(getProjectContract, async ({ db, caller, params }) => {
  const { project, systemName } = await projectForCaller(db, caller, params.id, "any");
  return isLearnType(project.type) ? toLearnProjectDto(project, systemName) : toProjectDto(project, systemName);
});

export const DELETE = route(deleteProjectContract, async ({ db, caller, params, body }) => {
  const { project } = await projectForCaller(db, caller, params.id, "any");
  const remove = isLearnType(project.type) ? deleteLearnProject : deleteProject;
  await remove(db, { caller, id: project.id, input: body });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
