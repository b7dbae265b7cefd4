"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { forgotPasswordAction } from "@/lib/account/sign-in-actions";
import { ZForgotPassword } from "@/lib/users/schemas";

type Values = z.input<typeof ZForgotPassword>;

/** spec foundation §2 "Forgot password": system name, login name and e-mail; each missing one has its message. */
export function ForgotPasswordForm({ systemName }: { systemName?: string }) {
  const t = useTranslations("password");
  const [sent, setSent] = useState(false);
  const hydrated = useHydrated();
  const { form, pending, submit, formErrors } = useActionForm<Values, z.output<typeof ZForgotPassword>>({
    schema: ZForgotPassword,
    defaultValues: { systemName: systemName ?? "", userName: "", email: "" },
  });

  const onSubmit = submit(
    (values) => {
      setSent(false);
      return forgotPasswordAction(values);
    },
    () => setSent(true),
  );

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" data-testid="forgot-password-form">
        <p className="text-sm text-muted-foreground">{t("forgotIntro")}</p>
        <FormError errors={formErrors} wrap={(error) => t("password_error_send", { error })} />
        {sent && (
          <Alert variant="success" data-testid="forgot-sent">
            <AlertDescription>{t("sent")}</AlertDescription>
          </Alert>
        )}
        <TextField<Values> name="systemName" label={t("systemName")} autoComplete="organization" />
        <TextField<Values> name="userName" label={t("userName")} autoComplete="username" />
        <TextField<Values> name="email" label={t("email")} type="email" autoComplete="email" />
        <Button type="submit" className="w-full" disabled={pending || !hydrated}>
          {t("send")}
        </Button>
        <Link href="/login" className="block text-center text-sm text-primary underline underline-offset-4">
          {t("backToLogin")}
        </Link>
      </form>
    </Form>
  );
}
