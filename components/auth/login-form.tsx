"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { loginAction } from "@/lib/account/sign-in-actions";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
import { type LoginInput, ZLogin } from "@/lib/auth/schemas";

type Props = {
  /** admin login: the system is always Supersystem and is not shown */
  admin: boolean;
  /** a system name from ?system= fixes the field */
  fixedSystem?: string;
  stationId: string;
  callbackUrl?: string;
  showForgotPassword: boolean;
};

/** spec foundation §2 "Login" / "Admin login", §5: each missing field its own message. */
export function LoginForm({ admin, fixedSystem, stationId, callbackUrl, showForgotPassword }: Props) {
  const t = useTranslations("login");
  const hydrated = useHydrated();
  const { form, pending, submit, formErrors } = useActionForm<LoginInput>({
    schema: ZLogin,
    defaultValues: { systemName: admin ? "Supersystem" : (fixedSystem ?? ""), userName: "", password: "" },
    // a wrong name or password belongs to no single field (spec: the same answer for both)
    codes: { MissingSystem: "systemName", SystemNotFound: "systemName" },
  });

  // a signed-in user is sent on by the action itself
  const onSubmit = submit(
    async (values) => {
      // spec foundation §6: passwords are obfuscated outside the admin portal
      const password = admin ? values.password : await obfuscateInBrowser(values.password, stationId, values.systemName);
      return loginAction({ ...values, password, callbackUrl });
    },
    () => {},
  );

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" data-testid="login-form">
        <FormError errors={formErrors} wrap={(error) => t("failed", { error })} />
        {!admin && (
          <TextField<LoginInput>
            name="systemName"
            label={t("systemName")}
            autoComplete="organization"
            readOnly={!!fixedSystem}
            className={fixedSystem ? "[&_input]:bg-muted [&_input]:text-muted-foreground" : undefined}
          />
        )}
        <TextField<LoginInput> name="userName" label={t("userName")} autoComplete="username" autoFocus />
        <TextField<LoginInput> name="password" label={t("password")} type="password" autoComplete="current-password" />
        <Button type="submit" className="w-full" disabled={pending || !hydrated}>
          {t("submit")}
        </Button>
        <div className="flex justify-between text-sm">
          {showForgotPassword ? (
            <Link className="text-primary underline underline-offset-4 hover:decoration-2" href="/forgotPassword">
              {t("forgotPassword")}
            </Link>
          ) : (
            <span />
          )}
          <Link
            className="text-muted-foreground underline underline-offset-4 hover:decoration-2"
            href={admin ? "/login" : "/admin/login"}
          >
            {admin ? t("systemLink") : t("adminLink")}
          </Link>
        </div>
      </form>
    </Form>
  );
}
