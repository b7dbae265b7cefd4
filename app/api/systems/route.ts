import { createSystemContract, listSystemsContract, updateSystemContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";
import { canListSystems } from "@/lib/systems/access";
import { listSystems } from "@/lib/systems/queries";
import { createSystem } from "@/lib/systems/services/create-system";
import { updateSystem } from "@/lib/systems/services/update-system";

export const GET = route(listSystemsContract, async ({ db, caller, query }) => {
  if (!canListSystems(caller)) throw new AppError("AccessDenied");
  return listSystems(db, { licenceId: query.licenceId });
});

export const POST = route(createSystemContract, ({ db, caller, body }) => createSystem(db, { caller, input: body }));
export const PUT = route(updateSystemContract, ({ db, caller, body }) => updateSystem(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
