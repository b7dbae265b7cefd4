import { changeEmailViaLinkContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { confirmEmailChange } from "@/lib/users/services/email";

export const POST = route(changeEmailViaLinkContract, ({ db, params, body }) =>
  confirmEmailChange(db, { userId: params.id, input: body }),
);
