"use client";

import { useTranslations } from "next-intl";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { passwordRuleFields } from "@/components/forms/use-server-errors";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { type NewPasswordForm as Values, ZNewPasswordForm } from "@/lib/auth/schemas";
import type { ActionResult } from "@/lib/errors/action";

type Props = {
  testId: string;
  submitLabel: string;
  /** frames a form-level error ("Failed to reset the password: {error}") */
  wrap?: (error: string) => string;
  /** sends the new password (the server action; one that redirects answers nothing) */
  send: (newPassword: string) => Promise<ActionResult<unknown> | undefined>;
  onSent?: () => void;
};

/** A new password and its repeat, the rules of spec foundation §5 all at once; `send` says what becomes of it. */
export function PasswordPairForm({ testId, submitLabel, wrap, send, onSent }: Props) {
  const t = useTranslations("changePassword");
  const hydrated = useHydrated();
  const { form, pending, submit, formErrors } = useActionForm<Values>({
    schema: ZNewPasswordForm,
    defaultValues: { newPassword: "", repeat: "" },
    codes: passwordRuleFields("newPassword"),
  });

  const onSubmit = submit(
    ({ newPassword }) => send(newPassword),
    () => onSent?.(),
  );

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" data-testid={testId}>
        <FormError errors={formErrors} wrap={wrap} />
        <p className="text-sm text-muted-foreground">{t("rules")}</p>
        <TextField<Values> name="newPassword" label={t("newPassword")} type="password" autoComplete="new-password" autoFocus />
        <TextField<Values> name="repeat" label={t("repeatPassword")} type="password" autoComplete="new-password" />
        <Button type="submit" className="w-full" disabled={pending || !hydrated}>
          {submitLabel}
        </Button>
      </form>
    </Form>
  );
}
