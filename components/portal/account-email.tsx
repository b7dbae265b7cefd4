"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useServerErrors } from "@/components/forms/use-server-errors";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { changeOwnEmailAction } from "@/lib/account/actions";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
import { FORM_ISSUES } from "@/lib/errors/issues";
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
  const [pending, startTransition] = useTransition();
  const form = useForm<Values, unknown, z.output<typeof ZEmailChange>>({
    resolver: zodResolver(ZEmailChange, FORM_ISSUES),
    criteriaMode: "all",
    defaultValues: { password: "", newEmail: "" },
  });
  const { formErrors, showErrors, clearFormErrors } = useServerErrors(form, {
    codes: { WrongPassword: "password", EmailInUse: "newEmail" },
  });

  const onSubmit = form.handleSubmit((v) => {
    clearFormErrors();
    startTransition(async () => {
      const password = obfuscate ? await obfuscateInBrowser(v.password, stationId, systemName) : v.password;
      const result = await changeOwnEmailAction({ password, newEmail: v.newEmail });
      if (!result.ok) return showErrors(result.errors);
      notify("success", t("emailLinkSent", { email: v.newEmail }));
      form.reset();
    });
  });

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
