"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { passwordRuleFields } from "@/components/forms/use-server-errors";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { changeOwnPasswordAction } from "@/lib/account/actions";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
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
  const schema = useMemo(() => accountPasswordFormSchema({ byMail }), [byMail]);
  const { form, pending, submit, formErrors } = useActionForm<Values>({
    schema,
    defaultValues: { oldPassword: "", newPassword: "", repeat: "" },
    codes: { ...passwordRuleFields("newPassword"), WrongOldPassword: "oldPassword", missingOldPassword: "oldPassword" },
  });

  const onSubmit = submit(
    async (v) => {
      const hide = (p: string) => (obfuscate ? obfuscateInBrowser(p, stationId, systemName) : Promise.resolve(p));
      return changeOwnPasswordAction({
        oldPassword: await hide(v.oldPassword),
        newPassword: byMail ? undefined : await hide(v.newPassword),
      });
    },
    (data) => {
      form.reset();
      notify("success", data.result === "linkSent" ? t("passwordLinkSent") : t("passwordChanged"));
    },
  );

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
