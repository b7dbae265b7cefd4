"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { loginAction } from "@/app/(auth)/actions";
import { FormErrors } from "@/components/auth/form-errors";
import { useErrorText } from "@/components/shell/status-bar";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
import { type LoginInput, ZLogin } from "@/lib/auth/schemas";
import type { ErrorCode } from "@/lib/errors/codes";

type Props = {
  /** admin login: the system is always Supersystem and is not shown */
  admin: boolean;
  /** a system name from ?system= fixes the field */
  fixedSystem?: string;
  stationId: string;
  callbackUrl?: string;
  showForgotPassword: boolean;
};

export function LoginForm({ admin, fixedSystem, stationId, callbackUrl, showForgotPassword }: Props) {
  const t = useTranslations("login");
  const te = useTranslations("errors");
  const errorText = useErrorText();
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const form = useForm<LoginInput>({
    resolver: zodResolver(ZLogin),
    defaultValues: { systemName: admin ? "Supersystem" : (fixedSystem ?? ""), userName: "", password: "" },
  });
  const fieldError = (name: keyof LoginInput) => {
    const message = form.formState.errors[name]?.message;
    return message ? te(message as ErrorCode) : undefined;
  };

  const onSubmit = form.handleSubmit((values) => {
    setServerErrors([]);
    startTransition(async () => {
      // spec foundation §6: passwords are obfuscated outside the admin portal
      const password = admin ? values.password : await obfuscateInBrowser(values.password, stationId, values.systemName);
      const result = await loginAction({ ...values, password }, callbackUrl);
      if (result && !result.ok) setServerErrors([t("failed", { error: errorText(result.errors) })]);
    });
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" data-testid="login-form">
      <FormErrors messages={serverErrors} />
      {!admin && (
        <Field id="systemName" label={t("systemName")} error={fieldError("systemName")}>
          <Input
            id="systemName"
            autoComplete="organization"
            readOnly={!!fixedSystem}
            className={fixedSystem ? "bg-muted text-muted-foreground" : undefined}
            aria-invalid={!!fieldError("systemName")}
            {...form.register("systemName")}
          />
        </Field>
      )}
      <Field id="userName" label={t("userName")} error={fieldError("userName")}>
        <Input
          id="userName"
          autoComplete="username"
          autoFocus
          aria-invalid={!!fieldError("userName")}
          {...form.register("userName")}
        />
      </Field>
      <Field id="password" label={t("password")} error={fieldError("password")}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!fieldError("password")}
          {...form.register("password")}
        />
      </Field>
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
  );
}

export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p className="text-sm text-destructive" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
