"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { CheckboxField, SelectField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { passwordRuleFields } from "@/components/forms/use-server-errors";
import { useDates } from "@/components/i18n/use-dates";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Form, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import type { UserType } from "@/db/schema/users";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
import type { Role } from "@/lib/auth/roles";
import { LOCALES } from "@/lib/i18n/locales";
import { createUserAction, sendResetLinkAction, updateUserAction } from "@/lib/users/actions";
import { type UserDto, userFormSchema, type UserFormValues as Values } from "@/lib/users/schemas";

type Props = {
  systemName: string;
  base: string;
  /** users/systemRoles or users/adminRoles, without Everybody */
  roles: readonly Role[];
  types: readonly UserType[];
  user?: UserDto;
  stationId: string;
  /** spec foundation §6: passwords are obfuscated outside the admin portal */
  obfuscate: boolean;
  /** spec foundation §5: in a CSB system a new user's password may be left empty */
  passwordOptional: boolean;
};

/** spec foundation §2 "User form": type on add only; CSB users have neither e-mail nor password. */
export function UserForm({ systemName, base, roles, types, user, stationId, obfuscate, passwordOptional }: Props) {
  const t = useTranslations("users");
  const tg = useTranslations("general");
  const tl = useTranslations("languages");
  const { dateTime } = useDates();
  const { notify, notifyErrors } = useStatus();
  const schema = useMemo(() => userFormSchema({ edit: !!user, passwordOptional }), [user, passwordOptional]);
  const { form, pending, startTransition, submit, formErrors } = useActionForm<Values>({
    schema,
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
    codes: {
      ...passwordRuleFields("password"),
      UserAlreadyExists: "name",
      EmailInUse: "emailAddress",
      RoleNotAllowed: "roles",
      LastSuperAdmin: "isActive",
      UserTypeNotChangeable: "type",
    },
  });
  const isCsb = form.watch("type") === "CSB";

  const onSubmit = submit<unknown>(
    async (v) => {
      const password =
        isCsb || !v.password ? undefined : obfuscate ? await obfuscateInBrowser(v.password, stationId, systemName) : v.password;
      const common = {
        systemName,
        name: v.name,
        fullName: v.fullName,
        emailAddress: isCsb ? null : v.emailAddress,
        password,
        roles: v.roles,
        language: v.language,
        requiresPasswordChange: v.requiresPasswordChange,
        isActive: v.isActive,
      };
      return user
        ? updateUserAction({ ...common, id: user.id, unlock: v.unlock })
        : createUserAction({ ...common, type: v.type });
    },
    { saved: user ? t("saved") : t("created"), goTo: `${base}/users` },
  );

  const sendReset = () =>
    user &&
    startTransition(async () => {
      const result = await sendResetLinkAction({ systemName, userId: user.id });
      if (!result.ok) notifyErrors(result.errors);
      else notify("success", t("resetSent"));
    });

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate data-testid="user-form">
        <Card className="max-w-3xl">
          <CardContent className="grid gap-5">
            <FormError errors={formErrors} wrap={(error) => t("users_error_edit", { error })} />
            {!user && (
              <SelectField<Values>
                name="type"
                label={t("type")}
                selectClassName="w-60"
                options={types.map((type) => ({ value: type, label: t(`type_${type}`) }))}
              />
            )}
            {isCsb && <p className="text-sm text-muted-foreground">{t("csbHint")}</p>}
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField<Values> name="name" label={t("name")} autoComplete="off" />
              <TextField<Values> name="fullName" label={t("fullName")} autoComplete="off" />
              {!isCsb && <TextField<Values> name="emailAddress" label={t("emailAddress")} type="email" autoComplete="off" />}
              <SelectField<Values>
                name="language"
                label={t("language")}
                options={LOCALES.map((l) => ({ value: l, label: tl(l) }))}
              />
              {!isCsb && (
                <>
                  <TextField<Values>
                    name="password"
                    label={t("password")}
                    type="password"
                    autoComplete="new-password"
                    description={user ? t("passwordOptional") : undefined}
                  />
                  <TextField<Values> name="repeat" label={t("repeatPassword")} type="password" autoComplete="new-password" />
                </>
              )}
            </div>
            <FormField
              control={form.control}
              name="roles"
              render={({ field }) => (
                <FormItem id="roles" role="group" aria-labelledby="roles-legend">
                  <p id="roles-legend" className="mb-2 font-medium text-sm">
                    {t("roles")}
                  </p>
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
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="grid gap-2">
              <CheckboxField<Values> name="isActive" label={t("isActive")} />
              {!isCsb && <CheckboxField<Values> name="requiresPasswordChange" label={t("requiresPasswordChange")} />}
              {user?.isLockedOut && (
                <>
                  <p className="text-sm text-destructive">{t("lockedUntil", { until: dateTime(user.lockoutEnd) })}</p>
                  <CheckboxField<Values> name="unlock" label={t("unlock")} />
                </>
              )}
            </div>
          </CardContent>
          <FormButtons pending={pending} submitTestId="save-user" cancelHref={`${base}/users`}>
            {user?.emailAddress && user.type !== "CSB" && (
              <Button type="button" variant="secondary" className="ml-auto" onClick={sendReset} disabled={pending}>
                {t("sendReset")}
              </Button>
            )}
          </FormButtons>
        </Card>
      </form>
    </Form>
  );
}
