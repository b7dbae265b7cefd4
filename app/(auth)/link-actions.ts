"use server";

import { requestOrigin } from "@/lib/config/request-origin";
import { type ActionResult, runAction } from "@/lib/errors/action";
import { AppError } from "@/lib/errors/app-error";
import { getDb } from "@/lib/setup/bootstrap";
import { changePasswordViaLink } from "@/lib/users/services/change-password-via-link";
import { confirmEmailChange } from "@/lib/users/services/confirm-email-change";
import { requestPasswordReset } from "@/lib/users/services/request-password-reset";
import { resetPasswordWithToken } from "@/lib/users/services/reset-password-with-token";

// The pages reached from mailed links and the forgot-password page: no session needed, the token is the proof.

/** spec foundation §2 "Forgot password": the answer is the same whether or not a user matched. */
export async function forgotPasswordAction(input: {
  systemName: string;
  userName: string;
  email: string;
}): Promise<ActionResult> {
  return runAction(async () => requestPasswordReset(await getDb(), { by: input, origin: await requestOrigin() }));
}

export async function resetPasswordAction(input: {
  userName: string;
  token: string;
  newPassword: string;
  repeat: string;
}): Promise<ActionResult> {
  return runAction(async () => {
    if (input.newPassword !== input.repeat) throw new AppError("PasswordsNotEqual");
    await resetPasswordWithToken(await getDb(), {
      userName: input.userName,
      input: { token: input.token, newPassword: input.newPassword },
    });
  });
}

export async function changePasswordViaLinkAction(input: {
  userId: string;
  token: string;
  newPassword: string;
  repeat: string;
}): Promise<ActionResult> {
  return runAction(async () => {
    if (input.newPassword !== input.repeat) throw new AppError("PasswordsNotEqual");
    await changePasswordViaLink(await getDb(), {
      userId: input.userId,
      input: { token: input.token, newPassword: input.newPassword },
    });
  });
}

export async function confirmEmailAction(input: { userId: string; token: string; newEmail: string }): Promise<ActionResult> {
  return runAction(async () => {
    await confirmEmailChange(await getDb(), { userId: input.userId, input: { token: input.token, newEmail: input.newEmail } });
  });
}
