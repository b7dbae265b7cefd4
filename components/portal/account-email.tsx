"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { changeOwnEmailAction } from "@/lib/account/actions";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
import { ZEmailChange } from "@/lib/users/schemas";

type Values = z.input<typeof ZEmailChange>;

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
  const { notify } = useStatus();
  const { form, pending, submit, formErrors } = useActionForm<Values, z.output<typeof ZEmailChange>>({
    schema: ZEmailChange,
    defaultValues: { password: "", newEmail: "" },
    codes: { WrongPassword: "password", EmailInUse: "newEmail" },
  });

  const onSubmit = submit(
    async (v) => {
      const password = obfuscate ? await obfuscateInBrowser(v.password, stationId, systemName) : v.password;
      return changeOwnEmailAction({ password, newEmail: v.newEmail });
    },
    (_, v) => {
      notify("success", t("emailLinkSent", { email: v.newEmail }));
      form.reset();
    },
  );

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" data-testid="account-email">
        <p className="text-sm text-muted-foreground">{current ? t("currentEmail", { email: current }) : t("noEmail")}</p>
        <FormError errors={formErrors} wrap={(error) => t("account_error_email", { error })} />
        <TextField<Values> name="newEmail" label={t("newEmail")} type="email" autoComplete="email" />
        <TextField<Values>
          name="password"
          id="emailPassword"
          label={t("password")}
          type="password"
          autoComplete="current-password"
        />
        <div>
          <Button type="submit" disabled={pending}>
            {t("changeEmail")}
          </Button>
        </div>
      </form>
    </Form>
  );
}
