import { systemUserNamesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";
import { findSystemById } from "@/lib/systems/queries";
import { userNamesOf } from "@/lib/users/queries";

export const GET = route(systemUserNamesContract, async ({ db, caller, params }) => {
  const system = await findSystemById(db, { id: params.id });
  if (!system) throw new AppError("SystemNotFound");
  return userNamesOf(db, caller, system);
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
