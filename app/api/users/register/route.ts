import { registerContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { registerUser } from "@/lib/users/services/register-user";

export const POST = route(registerContract, ({ db, caller, body }) => registerUser(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
