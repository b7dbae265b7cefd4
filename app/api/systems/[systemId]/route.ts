import { deleteSystemContract, getSystemContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { getSystemForCaller } from "@/lib/systems/queries";
import { deleteSystem } from "@/lib/systems/services/delete-system";

export const GET = route(getSystemContract, ({ db, caller, params }) => getSystemForCaller(db, caller, { id: params.id }));

export const DELETE = route(deleteSystemContract, async ({ db, caller, params }) => {
  await deleteSystem(db, { caller, systemId: params.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
