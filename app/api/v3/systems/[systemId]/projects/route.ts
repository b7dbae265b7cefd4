import { listProjectsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listProjects, systemForProjects } from "@/lib/projects/queries";

export const GET = route(listProjectsContract, async ({ db, caller, params }) => {
  const system = await systemForProjects(db, caller, params.id);
  return listProjects(db, { systemId: system.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
