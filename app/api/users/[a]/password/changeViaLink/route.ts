import { changePasswordViaLinkContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { changePasswordViaLink } from "@/lib/users/services/password";

export const POST = route(changePasswordViaLinkContract, async ({ db, params, body }) => {
  await changePasswordViaLink(db, { userId: params.id, input: body });
});
