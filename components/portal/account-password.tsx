"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { changeOwnPasswordAction } from "@/app/(portal-actions)/account-actions";
import { FormErrors } from "@/components/auth/form-errors";
import { Field } from "@/components/auth/login-form";
import { useErrorText, useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
import { passwordRuleFailures } from "@/lib/auth/password-policy";

type Values = { oldPassword: string; newPassword: string; repeat: string };

/**
 * spec foundation §4: old + new + repeat; with e-mail confirmation active and an e-mail present only
 * the old password is asked and a link is mailed. After a change the form resets (signed in again).
 */
export function AccountPassword({
  byMail,
  stationId,
  systemName,
  obfuscate,
}: {
  byMail: boolean;
  stationId: string;
  systemName: string;
  obfuscate: boolean;
}) {
  const t = useTranslations("account");
  const te = useTranslations("errors");
  const errorText = useErrorText();
  const { notify, notifyErrors } = useStatus();
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, startTransition] = useTransition();
  const form = useForm<Values>({ defaultValues: { oldPassword: "", newPassword: "", repeat: "" } });

  const onSubmit = form.handleSubmit((v) => {
    const local: string[] = [];
    if (!v.oldPassword) local.push(te("missingOldPassword"));
    if (!byMail) local.push(...passwordRuleFailures(v.newPassword, { repeat: v.repeat }).map((k) => te(k, { min: 6 })));
    setErrors(local);
    if (local.length) return;
    startTransition(async () => {
      const hide = (p: string) => (obfuscate ? obfuscateInBrowser(p, stationId, systemName) : Promise.resolve(p));
      const result = await changeOwnPasswordAction({
        oldPassword: await hide(v.oldPassword),
        newPassword: byMail ? undefined : await hide(v.newPassword),
      });
      if (!result.ok) {
        setErrors([errorText(result.errors)]);
        notifyErrors(result.errors, (error) => t("account_error_password", { error }));
        return;
      }
      form.reset();
      notify("success", result.data.result === "linkSent" ? t("passwordLinkSent") : t("passwordChanged"));
    });
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" data-testid="account-password">
      <FormErrors messages={errors} />
      {byMail && <p className="text-sm text-muted-foreground">{t("passwordByMail")}</p>}
      <Field id="oldPassword" label={t("oldPassword")}>
        <Input id="oldPassword" type="password" autoComplete="current-password" {...form.register("oldPassword")} />
      </Field>
      {!byMail && (
        <>
          <Field id="newPassword" label={t("newPassword")}>
            <Input id="newPassword" type="password" autoComplete="new-password" {...form.register("newPassword")} />
          </Field>
          <Field id="repeatNew" label={t("repeatPassword")}>
            <Input id="repeatNew" type="password" autoComplete="new-password" {...form.register("repeat")} />
          </Field>
        </>
      )}
      <div>
        <Button type="submit" disabled={pending}>
          {t("changePassword")}
        </Button>
      </div>
    </form>
  );
}
