import { changeEmailViaLinkContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { confirmEmailChange } from "@/lib/users/services/confirm-email-change";

export const POST = route(changeEmailViaLinkContract, ({ db, params, body }) =>
  confirmEmailChange(db, { userId: params.id, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
