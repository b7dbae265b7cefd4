"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { Database } from "@/db/client";
import { authAction, publicAction } from "@/lib/actions/safe-action";
import { homeOf } from "@/lib/auth/guard";
import { isSupersystemName } from "@/lib/auth/permissions";
import { type LoginInput, ZLogin } from "@/lib/auth/schemas";
import { login } from "@/lib/auth/services/login";
import { currentCaller, endWebSession, setSessionCookie } from "@/lib/auth/web-session";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { clientAddress } from "@/lib/limits";
import { requestOrigin } from "@/lib/settings/request-origin";
import { findUser } from "@/lib/users/queries";
import { ZChangeRequired, ZEmailViaLink, ZForgotPassword, ZPasswordViaLink, ZResetWithToken } from "@/lib/users/schemas";
import { changePasswordViaLink } from "@/lib/users/services/change-password-via-link";
import { changeRequiredPassword } from "@/lib/users/services/change-required-password";
import { confirmEmailChange } from "@/lib/users/services/confirm-email-change";
import { requestPasswordReset } from "@/lib/users/services/request-password-reset";
import { resetPasswordWithToken } from "@/lib/users/services/reset-password-with-token";

const YEAR_S = 365 * 24 * 60 * 60;

/** Only paths of this site (no scheme, no //host) are followed after login. */
function safeCallback(url: string | undefined): string | undefined {
  return url && /^\/(?!\/)[^\s\\]*$/.test(url) && !url.startsWith("/api/") ? url : undefined;
}

async function signIn(db: Database, input: LoginInput) {
  const { holder, sessionId } = await login(db, input, "web", { address: clientAddress(await headers()) });
  await setSessionCookie(holder, sessionId);
  const user = await findUser(db, { userId: holder.userId });
  if (user) (await cookies()).set(LOCALE_COOKIE, user.user.language, { path: "/", maxAge: YEAR_S, sameSite: "lax" });
  return holder;
}

/** spec foundation §2 "Login": password change first, then the admin dashboard or the system's. */
export const loginAction = publicAction(
  ZLogin.extend({ callbackUrl: z.string().max(2000).optional() }),
  async ({ callbackUrl, ...input }, { db }) => {
    const holder = await signIn(db, input);
    const home = homeOf(holder);
    redirect(holder.requiresPasswordChange ? home : (safeCallback(callbackUrl) ?? home));
  },
);

/**
 * Signs out and opens the sign-in page of the caller's own system, or of the system the form names (field `system`:
 * the login page of another system, met while signed in, signs out to sign in there).
 */
export async function logoutAction(form?: FormData): Promise<void> {
  const caller = await currentCaller();
  await endWebSession();
  const asked = form?.get("system");
  const next = typeof asked === "string" && asked.trim() ? asked.trim().slice(0, 200) : caller?.systemName;
  if (!next || isSupersystemName(next)) redirect("/admin/login");
  redirect(`/login?system=${encodeURIComponent(next)}`);
}

/**
 * spec foundation §4: the forced change; afterwards the user is signed in again with the new password.
 * The form has checked the rules and the repeat; the service checks the rules again once it has decoded
 * the (obfuscated) password.
 */
export const changeRequiredPasswordAction = authAction(ZChangeRequired, async ({ newPassword }, { db, caller }) => {
  await changeRequiredPassword(db, { caller, userId: caller.userId, input: { newPassword } });
  const holder = await signIn(db, { systemName: caller.systemName, userName: caller.userName, password: newPassword });
  redirect(homeOf(holder));
});

// The pages reached from mailed links and the forgot-password page: no session needed, the token is the proof.

/** spec foundation §2 "Forgot password": the answer is the same whether or not a user matched. */
export const forgotPasswordAction = publicAction(ZForgotPassword, async (by, { db }) =>
  requestPasswordReset(db, { by, origin: await requestOrigin() }),
);

export const resetPasswordAction = publicAction(
  ZResetWithToken.extend({ userName: z.string().min(1).max(256) }),
  async ({ userName, ...input }, { db }) => resetPasswordWithToken(db, { userName, input }),
);

export const changePasswordViaLinkAction = publicAction(
  ZPasswordViaLink.extend({ userId: z.string().min(1).max(100) }),
  async ({ userId, ...input }, { db }) => changePasswordViaLink(db, { userId, input }),
);

export const confirmEmailAction = publicAction(
  ZEmailViaLink.extend({ userId: z.string().min(1).max(100) }),
  async ({ userId, ...input }, { db }) => confirmEmailChange(db, { userId, input }),
);
