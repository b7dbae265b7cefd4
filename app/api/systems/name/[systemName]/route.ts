import { getSystemByNameContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";
import { canReadSystem } from "@/lib/systems/access";
import { findSystemByName, getSystemDto } from "@/lib/systems/queries";

export const GET = route(getSystemByNameContract, async ({ db, caller, params }) => {
  const found = await findSystemByName(db, { name: params.name });
  const system = found && canReadSystem(caller, found.id) ? await getSystemDto(db, { id: found.id }) : undefined;
  if (!system) throw new AppError("SystemNotFound");
  return system;
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
