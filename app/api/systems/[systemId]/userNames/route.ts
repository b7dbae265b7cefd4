import { systemUserNamesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { systemForCaller } from "@/lib/auth/tenancy";
import { userNamesOf } from "@/lib/users/queries";

export const GET = route(systemUserNamesContract, async ({ db, caller, params }) => {
  const system = await systemForCaller(db, caller, { id: params.id });
  return userNamesOf(db, { systemId: system.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
