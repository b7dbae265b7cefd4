"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { passwordRuleFields, useServerErrors } from "@/components/forms/use-server-errors";
import { useStatus } from "@/components/shell/status-bar";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { changePasswordViaLinkAction, resetPasswordAction } from "@/lib/auth/actions";
import { type NewPasswordForm as Values, ZNewPasswordForm } from "@/lib/auth/schemas";
import { FORM_ISSUES } from "@/lib/errors/issues";

type Props = { mode: "reset"; userName: string; token: string } | { mode: "changeViaLink"; userId: string; token: string };

/** The pages of mailed links: new password and repeat (spec foundation §2 Reset / Change password via link). */
export function NewPasswordForm(props: Props) {
  const t = useTranslations("password");
  const tc = useTranslations("changePassword");
  const router = useRouter();
  const { notify } = useStatus();
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const form = useForm<Values>({
    resolver: zodResolver(ZNewPasswordForm, FORM_ISSUES),
    criteriaMode: "all",
    defaultValues: { newPassword: "", repeat: "" },
  });
  const { formErrors, showErrors, clearFormErrors } = useServerErrors(form, { codes: passwordRuleFields("newPassword") });

  const onSubmit = form.handleSubmit(({ newPassword }) => {
    clearFormErrors();
    startTransition(async () => {
      const result =
        props.mode === "reset"
          ? await resetPasswordAction({ userName: props.userName, token: props.token, newPassword })
          : await changePasswordViaLinkAction({ userId: props.userId, token: props.token, newPassword });
      if (!result.ok) return showErrors(result.errors);
      notify("success", props.mode === "reset" ? t("resetDone") : t("changeDone"));
      // spec foundation §2: on success the reset goes to /, the change via link home
      router.push("/");
    });
  });

  const wrap = (error: string) =>
    props.mode === "reset" ? t("password_error_reset", { error }) : t("password_error_change", { error });

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" data-testid="new-password-form">
        <FormError errors={formErrors} wrap={wrap} />
        <p className="text-sm text-muted-foreground">{tc("rules")}</p>
        <TextField<Values> name="newPassword" label={t("newPassword")} type="password" autoComplete="new-password" autoFocus />
        <TextField<Values> name="repeat" label={t("repeatPassword")} type="password" autoComplete="new-password" />
        <Button type="submit" className="w-full" disabled={pending || !hydrated}>
          {t("save")}
        </Button>
      </form>
    </Form>
  );
}
