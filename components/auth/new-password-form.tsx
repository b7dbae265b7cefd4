"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { changePasswordViaLinkAction, resetPasswordAction } from "@/app/(auth)/link-actions";
import { FormErrors } from "@/components/auth/form-errors";
import { Field } from "@/components/auth/login-form";
import { useErrorText, useStatus } from "@/components/shell/status-bar";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { passwordRuleFailures } from "@/lib/auth/password-policy";

type Props = { mode: "reset"; userName: string; token: string } | { mode: "changeViaLink"; userId: string; token: string };

/** The pages of mailed links: new password and repeat (spec foundation §2 Reset / Change password via link). */
export function NewPasswordForm(props: Props) {
  const t = useTranslations("password");
  const tc = useTranslations("changePassword");
  const te = useTranslations("errors");
  const router = useRouter();
  const errorText = useErrorText();
  const { notify } = useStatus();
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const form = useForm<{ newPassword: string; repeat: string }>({ defaultValues: { newPassword: "", repeat: "" } });

  const onSubmit = form.handleSubmit((v) => {
    const local = passwordRuleFailures(v.newPassword, { repeat: v.repeat }).map((k) => te(k, { min: 6 }));
    setErrors(local);
    if (local.length) return;
    startTransition(async () => {
      const result =
        props.mode === "reset"
          ? await resetPasswordAction({ userName: props.userName, token: props.token, ...v })
          : await changePasswordViaLinkAction({ userId: props.userId, token: props.token, ...v });
      if (!result.ok) {
        const error = errorText(result.errors);
        setErrors([props.mode === "reset" ? t("password_error_reset", { error }) : t("password_error_change", { error })]);
        return;
      }
      notify("success", props.mode === "reset" ? t("resetDone") : t("changeDone"));
      // spec foundation §2: on success the reset goes to /, the change via link home
      router.push("/");
    });
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" data-testid="new-password-form">
      <FormErrors messages={errors} />
      <p className="text-sm text-muted-foreground">{tc("rules")}</p>
      <Field id="newPassword" label={t("newPassword")}>
        <Input id="newPassword" type="password" autoComplete="new-password" autoFocus {...form.register("newPassword")} />
      </Field>
      <Field id="repeat" label={t("repeatPassword")}>
        <Input id="repeat" type="password" autoComplete="new-password" {...form.register("repeat")} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending || !hydrated}>
        {t("save")}
      </Button>
    </form>
  );
}
