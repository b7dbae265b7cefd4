"use server";

import { cookies } from "next/headers";
import type { Language } from "@/db/schema/users";
import { login } from "@/lib/auth/services/login";
import { requireCaller, setSessionCookie } from "@/lib/auth/web-session";
import { requestOrigin } from "@/lib/config/request-origin";
import { type ActionResult, runAction } from "@/lib/errors/action";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { getDb } from "@/lib/setup/bootstrap";
import { changeOwnPassword } from "@/lib/users/services/change-own-password";
import { requestEmailChange } from "@/lib/users/services/request-email-change";
import { setLanguage } from "@/lib/users/services/set-language";

export async function changeLanguageAction(language: Language): Promise<ActionResult> {
  return runAction(async () => {
    const caller = await requireCaller();
    await setLanguage(await getDb(), { caller, userId: caller.userId, input: { language } });
    (await cookies()).set(LOCALE_COOKIE, language, { path: "/", maxAge: 365 * 24 * 60 * 60, sameSite: "lax" });
  });
}

/**
 * spec foundation §4 "Password change (account)": on success (not by mail) every session ends, so the
 * user is signed in again here with the new password, and the form resets.
 */
export async function changeOwnPasswordAction(input: {
  oldPassword: string;
  newPassword?: string;
}): Promise<ActionResult<{ result: "changed" | "linkSent" }>> {
  return runAction(async () => {
    const caller = await requireCaller();
    const db = await getDb();
    const outcome = await changeOwnPassword(db, { caller, userId: caller.userId, input, origin: await requestOrigin() });
    if (outcome.result === "changed" && input.newPassword) {
      const { holder, sessionId } = await login(
        db,
        { systemName: caller.systemName, userName: caller.userName, password: input.newPassword },
        "web",
      );
      await setSessionCookie(holder, sessionId);
    }
    return outcome;
  });
}

/** spec foundation §4 "E-mail change": password and new address; the new address confirms by link. */
export async function changeOwnEmailAction(input: { password: string; newEmail: string }): Promise<ActionResult> {
  return runAction(async () => {
    const caller = await requireCaller();
    await requestEmailChange(await getDb(), { caller, userId: caller.userId, input, origin: await requestOrigin() });
  });
}
