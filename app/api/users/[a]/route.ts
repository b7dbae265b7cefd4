import { getUserContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { getUserForCaller } from "@/lib/users/queries";

// [a] is the user id (STACK.md: one dynamic name per level under users/)
export const GET = route(getUserContract, ({ db, caller, params }) => getUserForCaller(db, caller, { userId: params.id }));
