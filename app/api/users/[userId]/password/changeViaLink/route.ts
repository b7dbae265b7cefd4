import { changePasswordViaLinkContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { changePasswordViaLink } from "@/lib/users/services/change-password-via-link";

export const POST = route(changePasswordViaLinkContract, async ({ db, params, body }) => {
  await changePasswordViaLink(db, { userId: params.id, input: body });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
