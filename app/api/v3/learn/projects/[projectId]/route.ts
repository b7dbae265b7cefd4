import { deleteLearnProjectContract, getLearnProjectContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { learnProjectForCaller, toLearnProjectDto } from "@/lib/learn/queries";
import { deleteLearnProject } from "@/lib/learn/services/delete-learn-project";

export const GET = route(getLearnProjectContract, async ({ db, caller, params }) => {
  const { project, systemName } = await learnProjectForCaller(db, caller, params.id);
  return toLearnProjectDto(project, systemName);
});

export const DELETE = route(deleteLearnProjectContract, ({ db, caller, params, body }) =>
  deleteLearnProject(db, { caller, id: params.id, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
