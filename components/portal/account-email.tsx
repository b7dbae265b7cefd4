"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { changeOwnEmailAction } from "@/app/(portal-actions)/account-actions";
import { FormErrors } from "@/components/auth/form-errors";
import { Field } from "@/components/auth/login-form";
import { useErrorText, useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";

type Values = { password: string; newEmail: string };

/** spec foundation §4/§5 "E-mail change": password and new address, both required; confirmed by a mailed link. */
export function AccountEmail({
  current,
  stationId,
  systemName,
  obfuscate,
}: {
  current: string | null;
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
  const form = useForm<Values>({ defaultValues: { password: "", newEmail: "" } });

  const onSubmit = form.handleSubmit((v) => {
    const local = [...(v.newEmail.trim() ? [] : [te("MissingEmail")]), ...(v.password ? [] : [te("MissingPassword")])];
    setErrors(local);
    if (local.length) return;
    startTransition(async () => {
      const password = obfuscate ? await obfuscateInBrowser(v.password, stationId, systemName) : v.password;
      const result = await changeOwnEmailAction({ password, newEmail: v.newEmail.trim() });
      if (!result.ok) {
        setErrors([errorText(result.errors)]);
        notifyErrors(result.errors, (error) => t("account_error_email", { error }));
        return;
      }
      notify("success", t("emailLinkSent", { email: v.newEmail.trim() }));
      form.reset();
    });
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" data-testid="account-email">
      <p className="text-sm text-muted-foreground">{current ? t("currentEmail", { email: current }) : t("noEmail")}</p>
      <FormErrors messages={errors} />
      <Field id="newEmail" label={t("newEmail")}>
        <Input id="newEmail" type="email" autoComplete="email" {...form.register("newEmail")} />
      </Field>
      <Field id="emailPassword" label={t("password")}>
        <Input id="emailPassword" type="password" autoComplete="current-password" {...form.register("password")} />
      </Field>
      <div>
        <Button type="submit" disabled={pending}>
          {t("changeEmail")}
        </Button>
      </div>
    </form>
  );
}
