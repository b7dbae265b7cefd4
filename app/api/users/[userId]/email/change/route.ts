import { changeEmailContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { requestEmailChange } from "@/lib/users/services/request-email-change";

export const POST = route(changeEmailContract, async ({ db, caller, params, body, req }) => {
  await requestEmailChange(db, { caller, userId: params.id, input: body, origin: req.nextUrl.origin });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
