import { z } from "zod";
import { requestResetByIdContract, resetPasswordContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";
import { requestPasswordReset } from "@/lib/users/services/request-password-reset";
import { resetPasswordWithToken } from "@/lib/users/services/reset-password-with-token";
import { sendResetLink } from "@/lib/users/services/send-reset-link";

// POST: an administrator's "send reset link" (bearer, {id} = user id), or the reset page's
// { token, newPassword } ({id} = user name): spec foundation §7 names both on this path.
export const POST = route(resetPasswordContract, async ({ db, caller, params, body, req }) => {
  if (body.token !== undefined) {
    await resetPasswordWithToken(db, { userName: params.id, input: body });
    return;
  }
  if (!caller) throw new AppError("MissingToken");
  if (!z.uuid().safeParse(params.id).success) throw new AppError("InvalidId", { id: params.id });
  await sendResetLink(db, { caller, userId: params.id, origin: req.nextUrl.origin });
});

export const GET = route(requestResetByIdContract, async ({ db, params, req }) => {
  await requestPasswordReset(db, { by: { userId: params.id }, origin: req.nextUrl.origin });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
