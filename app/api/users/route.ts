import { updateUserContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { updateUser } from "@/lib/users/services/update-user";

export const PUT = route(updateUserContract, ({ db, caller, body }) => updateUser(db, { caller, input: body }));
