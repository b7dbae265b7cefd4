import { changePasswordContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { changeOwnPassword } from "@/lib/users/services/change-own-password";

export const POST = route(changePasswordContract, ({ db, caller, params, body, req }) =>
  changeOwnPassword(db, { caller, userId: params.id, input: body, origin: req.nextUrl.origin }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
