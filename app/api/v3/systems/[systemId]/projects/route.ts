import { listProjectsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";
import { managesProjectsOf } from "@/lib/projects/access";
import { listProjects } from "@/lib/projects/queries";
import { findSystemById } from "@/lib/systems/queries";

export const GET = route(listProjectsContract, async ({ db, caller, params }) => {
  const system = await findSystemById(db, { id: params.id });
  if (!system || !managesProjectsOf(caller, system)) throw new AppError("SystemNotFound");
  return listProjects(db, { systemId: system.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
