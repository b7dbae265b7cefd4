import { userRolesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { getUserForCaller } from "@/lib/users/queries";

export const GET = route(
  userRolesContract,
  async ({ db, caller, params }) => (await getUserForCaller(db, caller, { userId: params.id })).roles,
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
