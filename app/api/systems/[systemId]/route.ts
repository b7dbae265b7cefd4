import { deleteSystemContract, getSystemContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";
import { canReadSystem } from "@/lib/systems/access";
import { getSystemDto } from "@/lib/systems/queries";
import { deleteSystem } from "@/lib/systems/services/delete-system";

export const GET = route(getSystemContract, async ({ db, caller, params }) => {
  const system = canReadSystem(caller, params.id) ? await getSystemDto(db, { id: params.id }) : undefined;
  if (!system) throw new AppError("SystemNotFound");
  return system;
});

export const DELETE = route(deleteSystemContract, async ({ db, caller, params }) => {
  await deleteSystem(db, { caller, systemId: params.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
