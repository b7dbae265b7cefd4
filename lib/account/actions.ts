"use server";

import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { authAction } from "@/lib/actions/safe-action";
import { login } from "@/lib/auth/services/login";
import { setSessionCookie } from "@/lib/auth/web-session";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { requestOrigin } from "@/lib/settings/request-origin";
import { ZApiKeyInput, ZApiKeyRevoke } from "@/lib/users/api-keys";
import { ZEmailChange, ZLanguageChange, ZPasswordChange } from "@/lib/users/schemas";
import { createApiKey, revokeApiKey } from "@/lib/users/services/api-keys";
import { changeOwnPassword } from "@/lib/users/services/change-own-password";
import { requestEmailChange } from "@/lib/users/services/request-email-change";
import { setLanguage } from "@/lib/users/services/set-language";

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * spec foundation §4 "Language change": saved to the user and to the locale cookie. The answer is the
 * success message in the new language, because the page that shows it still has the old one.
 */
export const changeLanguageAction = authAction(ZLanguageChange, async ({ language }, { db, caller }) => {
  await setLanguage(db, { caller, userId: caller.userId, input: { language } });
  (await cookies()).set(LOCALE_COOKIE, language, { path: "/", maxAge: YEAR_S, sameSite: "lax" });
  const t = await getTranslations({ locale: language, namespace: "account" });
  return { message: t("languageSaved") };
});

/**
 * spec foundation §4 "Password change (account)": on success (not by mail) every session ends, so the
 * user is signed in again here with the new password, and the form resets.
 */
export const changeOwnPasswordAction = authAction(ZPasswordChange, async (input, { db, caller }) => {
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

/** spec foundation §4 "E-mail change": password and new address; the new address confirms by link. */
export const changeOwnEmailAction = authAction(ZEmailChange, async (input, { db, caller }) => {
  await requestEmailChange(db, { caller, userId: caller.userId, input, origin: await requestOrigin() });
});

/** Issue 26 §3: an API key of one's own; the answer holds the key, which the page shows once. */
export const createOwnApiKeyAction = authAction(ZApiKeyInput, (input, { db, caller }) =>
  createApiKey(db, { caller, userId: caller.userId, input }),
);

/** Issue 26 §3: revokes one of one's own API keys. */
export const revokeOwnApiKeyAction = authAction(ZApiKeyRevoke, async ({ keyId }, { db, caller }) => {
  await revokeApiKey(db, { caller, userId: caller.userId, keyId });
});
