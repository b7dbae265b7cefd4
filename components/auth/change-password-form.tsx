"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { passwordRuleFields, useServerErrors } from "@/components/forms/use-server-errors";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { changeRequiredPasswordAction } from "@/lib/auth/actions";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
import { type NewPasswordForm, ZNewPasswordForm } from "@/lib/auth/schemas";
import { FORM_ISSUES } from "@/lib/errors/issues";

/** spec foundation §2 "Forced password change": new password and repeat, the rules of §5 all at once. */
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
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm, FORM_ISSUES),
    criteriaMode: "all",
    defaultValues: { newPassword: "", repeat: "" },
  });
  const { formErrors, showErrors, clearFormErrors } = useServerErrors(form, { codes: passwordRuleFields("newPassword") });

  const onSubmit = form.handleSubmit((values) => {
    clearFormErrors();
    startTransition(async () => {
      const newPassword = obfuscate ? await obfuscateInBrowser(values.newPassword, stationId, systemName) : values.newPassword;
      const result = await changeRequiredPasswordAction({ newPassword });
      if (!result.ok) showErrors(result.errors);
    });
  });

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" data-testid="change-password-form">
        <FormError errors={formErrors} />
        <p className="text-sm text-muted-foreground">{t("rules")}</p>
        <TextField<NewPasswordForm>
          name="newPassword"
          label={t("newPassword")}
          type="password"
          autoComplete="new-password"
          autoFocus
        />
        <TextField<NewPasswordForm> name="repeat" label={t("repeatPassword")} type="password" autoComplete="new-password" />
        <Button type="submit" className="w-full" disabled={pending || !hydrated}>
          {t("submit")}
        </Button>
      </form>
    </Form>
  );
}
