import { updateUserContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { updateUser } from "@/lib/users/services/update-user";

export const PUT = route(updateUserContract, ({ db, caller, body }) => updateUser(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
