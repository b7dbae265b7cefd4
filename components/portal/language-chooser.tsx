"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { useStatus } from "@/components/shell/status-bar";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { Language } from "@/db/schema/users";
import { changeLanguageAction } from "@/lib/account/actions";
import { LOCALES } from "@/lib/i18n/locales";

/** spec foundation §4 "Language change": applies at once and is saved to the user. */
export function LanguageChooser({ label }: { label: string }) {
  const locale = useLocale();
  const t = useTranslations("account");
  const tl = useTranslations("languages");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [pending, startTransition] = useTransition();

  const change = (language: string) =>
    startTransition(async () => {
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
    <Select value={locale} onValueChange={change} disabled={pending}>
      <SelectTrigger id="language" aria-label={label} className="w-48" data-testid="language-select">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {LOCALES.map((l) => (
          <SelectItem key={l} value={l} data-testid={`language-${l}`}>
            {tl(l)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
