"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { passwordRuleFields, useServerErrors } from "@/components/forms/use-server-errors";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { changeOwnPasswordAction } from "@/lib/account/actions";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
import { FORM_ISSUES } from "@/lib/errors/issues";
import { accountPasswordFormSchema, type AccountPasswordFormValues as Values } from "@/lib/users/schemas";

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
  const { notify } = useStatus();
  const [pending, startTransition] = useTransition();
  const schema = useMemo(() => accountPasswordFormSchema({ byMail }), [byMail]);
  const form = useForm<Values>({
    resolver: zodResolver(schema, FORM_ISSUES),
    criteriaMode: "all",
    defaultValues: { oldPassword: "", newPassword: "", repeat: "" },
  });
  const { formErrors, showErrors, clearFormErrors } = useServerErrors(form, {
    codes: { ...passwordRuleFields("newPassword"), WrongOldPassword: "oldPassword", missingOldPassword: "oldPassword" },
  });

  const onSubmit = form.handleSubmit((v) => {
    clearFormErrors();
    startTransition(async () => {
      const hide = (p: string) => (obfuscate ? obfuscateInBrowser(p, stationId, systemName) : Promise.resolve(p));
      const result = await changeOwnPasswordAction({
        oldPassword: await hide(v.oldPassword),
        newPassword: byMail ? undefined : await hide(v.newPassword),
      });
      if (!result.ok) return showErrors(result.errors);
      form.reset();
      notify("success", result.data.result === "linkSent" ? t("passwordLinkSent") : t("passwordChanged"));
    });
  });

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" data-testid="account-password">
        <FormError errors={formErrors} wrap={(error) => t("account_error_password", { error })} />
        {byMail && <p className="text-sm text-muted-foreground">{t("passwordByMail")}</p>}
        <TextField<Values> name="oldPassword" label={t("oldPassword")} type="password" autoComplete="current-password" />
        {!byMail && (
          <>
            <TextField<Values> name="newPassword" label={t("newPassword")} type="password" autoComplete="new-password" />
            <TextField<Values>
              name="repeat"
              id="repeatNew"
              label={t("repeatPassword")}
              type="password"
              autoComplete="new-password"
            />
          </>
        )}
        <div>
          <Button type="submit" disabled={pending}>
            {t("changePassword")}
          </Button>
        </div>
      </form>
    </Form>
  );
}
