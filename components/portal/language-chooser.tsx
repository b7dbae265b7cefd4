"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useOptimistic, useTransition } from "react";
import { useStatus } from "@/components/shell/status-bar";
import { NativeSelect } from "@/components/ui/native-select";
import type { Language } from "@/db/schema/users";
import { changeLanguageAction } from "@/lib/account/actions";
import { LOCALES } from "@/lib/i18n/locales";

/**
 * spec foundation §4 "Language change": applies at once and is saved to the user. Its id is "language", which the
 * account page's label names.
 */
export function LanguageChooser() {
  const locale = useLocale();
  const t = useTranslations("account");
  const tl = useTranslations("languages");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [pending, startTransition] = useTransition();
  // the chosen language while it is saved (a controlled select would else show the old one until the refresh).
  // The select stays enabled while saving: arrow keys change a closed native select at once, and a disabled one
  // would drop the keyboard focus; the actions run one after the other, so the last choice is the one saved.
  const [shown, show] = useOptimistic(locale);

  const change = (language: string) =>
    startTransition(async () => {
      show(language);
      const result = await changeLanguageAction({ language: language as Language });
      if (!result.ok) {
        notifyErrors(result.errors, (error) => t("account_error_changeLanguage", { error }));
        return;
      }
      router.refresh();
      // the message comes in the new language: this page still speaks the old one until it has refreshed
      notify("success", result.data.message);
    });

  return (
    <NativeSelect
      id="language"
      className="w-48"
      value={shown}
      onChange={(e) => change(e.target.value)}
      aria-busy={pending}
      data-testid="language-select"
    >
      {LOCALES.map((l) => (
        <option key={l} value={l}>
          {tl(l)}
        </option>
      ))}
    </NativeSelect>
  );
}
