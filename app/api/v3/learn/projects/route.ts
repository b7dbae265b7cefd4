import { addLearnProjectContract, learnProjectsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { learnProjectsForCaller } from "@/lib/learn/queries";
import { addLearnProject } from "@/lib/learn/services/add-learn-project";
import { readProjectUpload } from "@/lib/projects/upload";

export const GET = route(learnProjectsContract, ({ db, caller, query }) =>
  learnProjectsForCaller(db, { caller, systemId: query.systemId ?? caller.systemId, includeDeleted: query.includeDeleted }),
);

export const POST = route(addLearnProjectContract, async ({ db, caller, req }) => {
  const { meta, file } = await readProjectUpload(db, req);
  return addLearnProject(db, { caller, meta, file });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
