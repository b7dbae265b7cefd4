"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { Caller } from "@/lib/auth/caller";
import { homeOf } from "@/lib/auth/guard";
import { isSupersystemName } from "@/lib/auth/permissions";
import { login } from "@/lib/auth/services/login";
import { currentCaller, endWebSession, setSessionCookie } from "@/lib/auth/web-session";
import { type ActionResult, runAction } from "@/lib/errors/action";
import { AppError } from "@/lib/errors/app-error";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { getDb } from "@/lib/setup/bootstrap";
import { findUser } from "@/lib/users/queries";
import { changeRequiredPassword } from "@/lib/users/services/change-required-password";

const YEAR = 365 * 24 * 60 * 60;

/** Only paths of this site (no scheme, no //host) are followed after login. */
function safeCallback(url: string | undefined): string | undefined {
  return url && /^\/(?!\/)[^\s\\]*$/.test(url) && !url.startsWith("/api/") ? url : undefined;
}

async function signIn(input: { systemName: string; userName: string; password: string }) {
  const db = await getDb();
  const { holder, sessionId } = await login(db, input, "web");
  await setSessionCookie(holder, sessionId);
  const user = await findUser(db, { userId: holder.userId });
  if (user) (await cookies()).set(LOCALE_COOKIE, user.user.language, { path: "/", maxAge: YEAR, sameSite: "lax" });
  return holder;
}

/** spec foundation §2 "Login": password change first, then the admin dashboard or the system's. */
export async function loginAction(
  input: { systemName: string; userName: string; password: string },
  callbackUrl?: string,
): Promise<ActionResult> {
  let target = "/";
  const result = await runAction(async () => {
    const holder = await signIn(input);
    const home = homeOf(holder);
    target = holder.requiresPasswordChange ? home : (safeCallback(callbackUrl) ?? home);
  });
  if (result.ok) redirect(target);
  return result;
}

export async function logoutAction(): Promise<void> {
  const caller = await currentCaller();
  await endWebSession();
  if (!caller || isSupersystemName(caller.systemName)) redirect("/admin/login");
  redirect(`/login?system=${encodeURIComponent(caller.systemName)}`);
}

/** spec foundation §4: forced change; afterwards the user is signed in again with the new password. */
export async function changeRequiredPasswordAction(input: { newPassword: string; repeat: string }): Promise<ActionResult> {
  let target = "/";
  const result = await runAction(async () => {
    const caller: Caller | null = await currentCaller();
    if (!caller) throw new AppError("InvalidToken");
    if (input.newPassword !== input.repeat) throw new AppError("PasswordsNotEqual");
    const db = await getDb();
    await changeRequiredPassword(db, { caller, userId: caller.userId, input: { newPassword: input.newPassword } });
    const holder = await signIn({ systemName: caller.systemName, userName: caller.userName, password: input.newPassword });
    target = homeOf(holder);
  });
  if (result.ok) redirect(target);
  return result;
}
