import { registerContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { registerUser } from "@/lib/users/register";

export const POST = route(registerContract, ({ db, caller, body }) => registerUser(db, { caller, input: body }));
