"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { changeRequiredPasswordAction } from "@/app/(auth)/actions";
import { FormErrors } from "@/components/auth/form-errors";
import { Field } from "@/components/auth/login-form";
import { useErrorText } from "@/components/shell/status-bar";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
import { passwordRuleFailures } from "@/lib/auth/password-policy";

type Values = { newPassword: string; repeat: string };

/** spec foundation §2 "Forced password change": new password and repeat, rules of §5 checked as you type. */
export function ChangePasswordForm({
  stationId,
  systemName,
  obfuscate,
}: {
  stationId: string;
  systemName: string;
  obfuscate: boolean;
}) {
  const t = useTranslations("changePassword");
  const te = useTranslations("errors");
  const errorText = useErrorText();
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const form = useForm<Values>({ defaultValues: { newPassword: "", repeat: "" } });
  const [ruleErrors, setRuleErrors] = useState<string[]>([]);

  const onSubmit = form.handleSubmit((values) => {
    const failures = passwordRuleFailures(values.newPassword, { repeat: values.repeat });
    setRuleErrors(failures.map((code) => te(code, { min: 6 })));
    setServerErrors([]);
    if (failures.length) return;
    startTransition(async () => {
      const hide = (p: string) => (obfuscate ? obfuscateInBrowser(p, stationId, systemName) : Promise.resolve(p));
      const result = await changeRequiredPasswordAction({
        newPassword: await hide(values.newPassword),
        repeat: await hide(values.repeat),
      });
      if (result && !result.ok) setServerErrors([errorText(result.errors)]);
    });
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" data-testid="change-password-form">
      <FormErrors messages={[...ruleErrors, ...serverErrors]} />
      <p className="text-sm text-muted-foreground">{t("rules")}</p>
      <Field id="newPassword" label={t("newPassword")}>
        <Input id="newPassword" type="password" autoComplete="new-password" autoFocus {...form.register("newPassword")} />
      </Field>
      <Field id="repeat" label={t("repeatPassword")}>
        <Input id="repeat" type="password" autoComplete="new-password" {...form.register("repeat")} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending || !hydrated}>
        {t("submit")}
      </Button>
    </form>
  );
}
