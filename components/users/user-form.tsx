"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Controller, useForm } from "react-hook-form";
import { createUserAction, sendResetLinkAction, updateUserAction } from "@/app/(portal-actions)/user-actions";
import { FormErrors } from "@/components/auth/form-errors";
import { Field } from "@/components/auth/login-form";
import { useErrorText, useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { Language, UserType } from "@/db/schema/users";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
import { passwordRuleFailures } from "@/lib/auth/password-policy";
import { LOCALES } from "@/lib/i18n/locales";
import type { UserDto } from "@/lib/users/schemas";

type Values = {
  type: UserType;
  name: string;
  fullName: string;
  emailAddress: string;
  password: string;
  repeat: string;
  roles: string[];
  language: Language;
  requiresPasswordChange: boolean;
  isActive: boolean;
  unlock: boolean;
};

type Props = {
  systemName: string;
  base: string;
  /** users/systemRoles or users/adminRoles, without Everybody */
  roles: readonly string[];
  types: readonly UserType[];
  user?: UserDto;
  stationId: string;
  /** spec foundation §6: passwords are obfuscated outside the admin portal */
  obfuscate: boolean;
};

/** spec foundation §2 "User form": type on add only; CSB users have neither e-mail nor password. */
export function UserForm({ systemName, base, roles, types, user, stationId, obfuscate }: Props) {
  const t = useTranslations("users");
  const te = useTranslations("errors");
  const tg = useTranslations("general");
  const tl = useTranslations("languages");
  const router = useRouter();
  const errorText = useErrorText();
  const { notify, notifyErrors } = useStatus();
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, startTransition] = useTransition();
  const form = useForm<Values>({
    defaultValues: {
      type: user?.type ?? types[0] ?? "Local",
      name: user?.name ?? "",
      fullName: user?.fullName ?? "",
      emailAddress: user?.emailAddress ?? "",
      password: "",
      repeat: "",
      roles: user?.roles.filter((r) => r !== "Everybody") ?? [],
      language: user?.language ?? "en-US",
      requiresPasswordChange: user?.requiresPasswordChange ?? true,
      isActive: user?.isActive ?? true,
      unlock: false,
    },
  });
  const isCsb = form.watch("type") === "CSB";

  const onSubmit = form.handleSubmit((v) => {
    const local: string[] = [];
    if (!isCsb && (v.password || !user)) {
      local.push(...passwordRuleFailures(v.password, { repeat: v.repeat, optional: !!user }).map((k) => te(k, { min: 6 })));
    }
    setErrors(local);
    if (local.length) return;
    startTransition(async () => {
      const password =
        isCsb || !v.password ? undefined : obfuscate ? await obfuscateInBrowser(v.password, stationId, systemName) : v.password;
      const common = {
        name: v.name,
        fullName: v.fullName,
        emailAddress: isCsb ? null : v.emailAddress,
        password,
        roles: v.roles,
        language: v.language,
        requiresPasswordChange: v.requiresPasswordChange,
        isActive: v.isActive,
      };
      const result = user
        ? await updateUserAction(systemName, { ...common, id: user.id, unlock: v.unlock })
        : await createUserAction(systemName, { ...common, type: v.type });
      if (!result.ok) {
        setErrors([errorText(result.errors)]);
        notifyErrors(result.errors, (error) => t("users_error_edit", { error }));
        return;
      }
      notify("success", user ? t("saved") : t("created"));
      router.push(`${base}/users`);
      router.refresh();
    });
  });

  const sendReset = () =>
    user &&
    startTransition(async () => {
      const result = await sendResetLinkAction(systemName, user.id);
      if (!result.ok) notifyErrors(result.errors);
      else notify("success", t("resetSent"));
    });

  return (
    <form method="post" onSubmit={onSubmit} noValidate data-testid="user-form">
      <Card className="max-w-3xl">
        <CardContent className="grid gap-5">
          <FormErrors messages={errors} />
          {!user && (
            <Field id="type" label={t("type")}>
              <Controller
                control={form.control}
                name="type"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="type" className="w-60">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {types.map((type) => (
                        <SelectItem key={type} value={type}>
                          {t(`type_${type}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
          )}
          {isCsb && <p className="text-sm text-muted-foreground">{t("csbHint")}</p>}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="name" label={t("name")}>
              <Input id="name" autoComplete="off" required {...form.register("name")} />
            </Field>
            <Field id="fullName" label={t("fullName")}>
              <Input id="fullName" autoComplete="off" {...form.register("fullName")} />
            </Field>
            {!isCsb && (
              <Field id="emailAddress" label={t("emailAddress")}>
                <Input id="emailAddress" type="email" autoComplete="off" {...form.register("emailAddress")} />
              </Field>
            )}
            <Field id="language" label={t("language")}>
              <Controller
                control={form.control}
                name="language"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="language" className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {LOCALES.map((l) => (
                        <SelectItem key={l} value={l}>
                          {tl(l)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            {!isCsb && (
              <>
                <Field id="password" label={t("password")}>
                  <Input id="password" type="password" autoComplete="new-password" {...form.register("password")} />
                  {user && <p className="text-xs text-muted-foreground">{t("passwordOptional")}</p>}
                </Field>
                <Field id="repeat" label={t("repeatPassword")}>
                  <Input id="repeat" type="password" autoComplete="new-password" {...form.register("repeat")} />
                </Field>
              </>
            )}
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t("roles")}</legend>
            <Controller
              control={form.control}
              name="roles"
              render={({ field }) => (
                <div className="grid gap-2 sm:grid-cols-2" data-testid="roles">
                  {roles.map((role) => (
                    <Label key={role} className="flex items-center gap-2 font-normal">
                      <Checkbox
                        checked={field.value.includes(role)}
                        onCheckedChange={(on) =>
                          field.onChange(on ? [...field.value, role] : field.value.filter((r) => r !== role))
                        }
                      />
                      {tg(`general_enum_role_${role}`)}
                    </Label>
                  ))}
                </div>
              )}
            />
          </fieldset>
          <div className="grid gap-2">
            <CheckboxField form={form} name="isActive" label={t("isActive")} />
            {!isCsb && <CheckboxField form={form} name="requiresPasswordChange" label={t("requiresPasswordChange")} />}
            {user?.isLockedOut && (
              <>
                <p className="text-sm text-destructive">{t("lockedUntil", { until: user.lockoutEnd ?? "" })}</p>
                <CheckboxField form={form} name="unlock" label={t("unlock")} />
              </>
            )}
          </div>
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending} data-testid="save-user">
            {t("save")}
          </Button>
          <Button type="button" variant="outline" onClick={() => router.push(`${base}/users`)}>
            {t("cancel")}
          </Button>
          {user?.emailAddress && user.type !== "CSB" && (
            <Button type="button" variant="secondary" className="ml-auto" onClick={sendReset} disabled={pending}>
              {t("sendReset")}
            </Button>
          )}
        </CardFooter>
      </Card>
    </form>
  );
}

function CheckboxField({
  form,
  name,
  label,
}: {
  form: ReturnType<typeof useForm<Values>>;
  name: "isActive" | "requiresPasswordChange" | "unlock";
  label: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Label className="flex items-center gap-2 font-normal">
          <Checkbox checked={field.value} onCheckedChange={(on) => field.onChange(on === true)} data-testid={`check-${name}`} />
          {label}
        </Label>
      )}
    />
  );
}
