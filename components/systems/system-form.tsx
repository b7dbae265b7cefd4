"use client";

import { Loader2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { CheckboxField, SelectField, TextareaField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { useErrorText } from "@/components/shell/status-bar";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import { createSystemAction, testCsbAction, updateSystemAction } from "@/lib/systems/actions";
import { EMPTY_SYSTEM_FORM, type SystemDto, systemFormSchema, type SystemFormValues as Values } from "@/lib/systems/schemas";

type TestState = { status: "initial" } | { status: "loading" } | { status: "done"; success: boolean; message: string };

/** spec foundation §2/§3 system form; §4 "Test status of external services": initial, loading, then an alert. */
export function SystemForm({ system, licences }: { system?: SystemDto; licences: { id: string; name: string }[] }) {
  const t = useTranslations("systems");
  const errorText = useErrorText();
  const [test, setTest] = useState<TestState>({ status: "initial" });
  const isSuper = system?.type === "Super";
  const schema = useMemo(
    () => systemFormSchema({ isSuper, hasStoredCsbPassword: system?.csbPassword === SECRET_PLACEHOLDER }),
    [isSuper, system?.csbPassword],
  );
  const { form, pending, startTransition, submit, formErrors } = useActionForm<Values>({
    schema,
    defaultValues: system
      ? { ...system, activationCode: system.activationCode ?? "", licenceId: system.licenceId ?? "" }
      : EMPTY_SYSTEM_FORM,
    codes: { SystemNameExists: "name", LicenceNotFound: "licenceId", SystemNotEditable: "name" },
  });
  const isCsb = form.watch("type") === "CSB";

  const onSubmit = submit<unknown>(
    (v) => {
      // spec foundation §3: the id of a new system is generated on the client
      const input = {
        ...v,
        id: system?.id ?? crypto.randomUUID(),
        licenceId: v.licenceId || null,
        activationCode: v.activationCode || null,
      };
      return system ? updateSystemAction(input) : createSystemAction(input);
    },
    { saved: system ? t("saved") : t("created"), goTo: "/admin/systems" },
  );

  const runTest = () => {
    setTest({ status: "loading" });
    const v = form.getValues();
    startTransition(async () => {
      const result = await testCsbAction({
        systemId: system?.id,
        csbUrl: v.csbUrl,
        csbUser: v.csbUser,
        csbPassword: v.csbPassword,
        csbSystem: v.csbSystem,
      });
      setTest(
        result.ok ? { status: "done", ...result.data } : { status: "done", success: false, message: errorText(result.errors) },
      );
    });
  };

  const secretHint = (value: string) => (value === SECRET_PLACEHOLDER ? t("secretKept") : undefined);

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate data-testid="system-form">
        <Card className="max-w-3xl">
          <CardContent className="grid gap-5">
            <FormError errors={formErrors} wrap={(error) => t("systems_error_edit", { error })} />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField<Values> name="name" label={t("name")} readOnly={isSuper} autoComplete="off" />
              <SelectField<Values>
                name="type"
                label={t("type")}
                disabled={isSuper}
                options={(isSuper ? (["Super"] as const) : (["Local", "CSB"] as const)).map((type) => ({
                  value: type,
                  label: t(`type_${type}`),
                }))}
              />
            </div>
            <TextareaField<Values>
              name="description"
              label={t("description")}
              rows={3}
              className="[&_textarea]:max-h-60 [&_textarea]:min-h-20"
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField<Values>
                name="licenceId"
                label={t("licenceId")}
                emptyLabel={t("noLicence")}
                options={licences.map((l) => ({ value: l.id, label: l.name }))}
              />
              <TextField<Values> name="activationCode" label={t("activationCode")} autoComplete="off" />
              <TextField<Values> name="derpcsUrl" label={t("derpcsUrl")} type="url" placeholder="https://" />
              <TextField<Values>
                name="ccsApiKey"
                label={t("ccsApiKey")}
                type="password"
                autoComplete="off"
                description={secretHint(form.watch("ccsApiKey"))}
              />
            </div>
            <div className="grid gap-2">
              <CheckboxField<Values> name="isActive" label={t("isActive")} disabled={isSuper} />
              <CheckboxField<Values> name="canReadGlobalResources" label={t("canReadGlobalResources")} />
            </div>
            {isCsb && (
              <fieldset className="grid gap-4 rounded-md border p-4">
                <legend className="px-1 text-sm font-medium">{t("csbSection")}</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField<Values> name="csbUrl" label={t("csbUrl")} type="url" placeholder="https://" />
                  <TextField<Values> name="csbSystem" label={t("csbSystem")} autoComplete="off" />
                  <TextField<Values> name="csbUser" label={t("csbUser")} autoComplete="off" />
                  <TextField<Values>
                    name="csbPassword"
                    label={t("csbPassword")}
                    type="password"
                    autoComplete="new-password"
                    description={secretHint(form.watch("csbPassword"))}
                  />
                </div>
                <div className="flex flex-wrap items-start gap-3">
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={runTest}
                    disabled={test.status === "loading"}
                    data-testid="test-connection"
                  >
                    {test.status === "loading" && <Loader2Icon className="animate-spin" />}
                    {test.status === "loading" ? t("testing") : t("testConnection")}
                  </Button>
                  {test.status === "done" && (
                    <Alert variant={test.success ? "success" : "destructive"} className="flex-1" data-testid="test-result">
                      <AlertTitle>{test.success ? t("testOk") : t("testFailed")}</AlertTitle>
                      <AlertDescription>{test.message}</AlertDescription>
                    </Alert>
                  )}
                </div>
              </fieldset>
            )}
          </CardContent>
          <FormButtons pending={pending} submitTestId="save-system" cancelHref="/admin/systems" />
        </Card>
      </form>
    </Form>
  );
}
