"use server";

import { cookies } from "next/headers";
import type { Language } from "@/db/schema/users";
import { currentCaller } from "@/lib/auth/web-session";
import { type ActionResult, runAction } from "@/lib/errors/action";
import { AppError } from "@/lib/errors/app-error";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { getDb } from "@/lib/setup/bootstrap";
import { setLanguage } from "@/lib/users/service";

export async function changeLanguageAction(language: Language): Promise<ActionResult> {
  return runAction(async () => {
    const caller = await currentCaller();
    if (!caller) throw new AppError("InvalidToken");
    await setLanguage(await getDb(), { caller, userId: caller.userId, input: { language } });
    (await cookies()).set(LOCALE_COOKIE, language, { path: "/", maxAge: 365 * 24 * 60 * 60, sameSite: "lax" });
  });
}
