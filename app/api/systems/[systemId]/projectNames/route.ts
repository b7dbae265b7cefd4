import { projectNamesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { systemForCaller } from "@/lib/auth/tenancy";
import { projectNames } from "@/lib/projects/queries";

export const GET = route(projectNamesContract, async ({ db, caller, params }) => {
  const system = await systemForCaller(db, caller, { id: params.id });
  return projectNames(db, { systemId: system.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
