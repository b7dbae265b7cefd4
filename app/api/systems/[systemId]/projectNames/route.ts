import { projectNamesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { isDeputyFor } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { projectNames } from "@/lib/projects/queries";
import { findSystemById } from "@/lib/systems/queries";

export const GET = route(projectNamesContract, async ({ db, caller, params }) => {
  const system = await findSystemById(db, { id: params.id });
  if (!system || (caller.systemId !== system.id && !isDeputyFor(caller, system.name))) throw new AppError("SystemNotFound");
  return projectNames(db, { systemId: system.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
