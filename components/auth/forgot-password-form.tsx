"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { forgotPasswordAction } from "@/app/(auth)/link-actions";
import { FormErrors } from "@/components/auth/form-errors";
import { Field } from "@/components/auth/login-form";
import { useErrorText } from "@/components/shell/status-bar";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

type Values = { systemName: string; userName: string; email: string };

/** spec foundation §2 "Forgot password": system name, login name and e-mail; each missing one has its message. */
export function ForgotPasswordForm({ systemName }: { systemName?: string }) {
  const t = useTranslations("password");
  const te = useTranslations("errors");
  const errorText = useErrorText();
  const [errors, setErrors] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const form = useForm<Values>({ defaultValues: { systemName: systemName ?? "", userName: "", email: "" } });

  const onSubmit = form.handleSubmit((v) => {
    const local = [
      ...(v.systemName.trim() ? [] : [te("MissingSystem")]),
      ...(v.userName.trim() ? [] : [te("MissingUserName")]),
      ...(v.email.trim() ? [] : [te("MissingEmail")]),
    ];
    setErrors(local);
    setSent(false);
    if (local.length) return;
    startTransition(async () => {
      const result = await forgotPasswordAction({
        systemName: v.systemName.trim(),
        userName: v.userName.trim(),
        email: v.email.trim(),
      });
      if (!result.ok) setErrors([t("password_error_send", { error: errorText(result.errors) })]);
      else setSent(true);
    });
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" data-testid="forgot-password-form">
      <p className="text-sm text-muted-foreground">{t("forgotIntro")}</p>
      <FormErrors messages={errors} />
      {sent && (
        <Alert variant="success" data-testid="forgot-sent">
          <AlertDescription>{t("sent")}</AlertDescription>
        </Alert>
      )}
      <Field id="systemName" label={t("systemName")}>
        <Input id="systemName" autoComplete="organization" {...form.register("systemName")} />
      </Field>
      <Field id="userName" label={t("userName")}>
        <Input id="userName" autoComplete="username" {...form.register("userName")} />
      </Field>
      <Field id="email" label={t("email")}>
        <Input id="email" type="email" autoComplete="email" {...form.register("email")} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending || !hydrated}>
        {t("send")}
      </Button>
      <Link href="/login" className="block text-center text-sm text-primary underline underline-offset-4">
        {t("backToLogin")}
      </Link>
    </form>
  );
}
