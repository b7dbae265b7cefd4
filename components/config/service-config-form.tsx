"use client";

import { Loader2Icon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { CheckboxField, NumberField, SelectField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { useErrorText } from "@/components/shell/status-bar";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { testServiceAction, updateServiceConfigAction } from "@/lib/config/actions";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import { formatBytes } from "@/lib/i18n/bytes";
import {
  type ConfigTestResult,
  type ServiceConfigDto,
  serviceConfigFormSchema,
  type ServiceConfigDto as Values,
  WORKER_LOG_LEVELS,
} from "@/lib/settings/schemas";

type Service = "smtp" | "erpcs";

/** A fixed setting (FIXED_SERVICE_SETTINGS): shown as the service works with it, read-only, its reason below it. */
const FIXED = "[&_input]:border-dashed [&_input]:bg-muted [&_input]:text-muted-foreground";
type TestState = { status: "initial" } | { status: "loading" } | { status: "done"; success: boolean; message: string };
type TestReason = ConfigTestResult["reason"];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** spec operations §2 Configuration, customise tab: the service settings (spec §3 Service config, rules of §5). */
export function ServiceConfigForm({ config }: { config: ServiceConfigDto }) {
  const t = useTranslations("configuration");
  const errorText = useErrorText();
  // the test's reason in the user's language (the API's `message` is English)
  const reasonText = (reason: TestReason) => t(`testReason_${reason.code}`, reason.params);
  const [tests, setTests] = useState<Record<Service, TestState>>({ smtp: { status: "initial" }, erpcs: { status: "initial" } });
  const { form, pending, startTransition, submit, formErrors } = useActionForm<Values>({
    schema: serviceConfigFormSchema,
    defaultValues: config,
  });
  const onSubmit = submit(updateServiceConfigAction, { saved: t("configuration_text_saved") });

  const runTest = (service: Service) => {
    setTests((s) => ({ ...s, [service]: { status: "loading" } }));
    const v = form.getValues();
    startTransition(async () => {
      const result = await testServiceAction({
        service,
        config: { derpcsUrl: v.derpcsUrl, eMailHost: v.eMailHost, eMailUser: v.eMailUser, eMailPassword: v.eMailPassword },
      });
      const done: TestState = result.ok
        ? { status: "done", ...result.data, message: reasonText(result.data.reason) }
        : { status: "done", success: false, message: errorText(result.errors) };
      setTests((s) => ({ ...s, [service]: done }));
    });
  };

  // the upload limits are typed in bytes and read as KB or MB beside them, as they change
  const locale = useLocale();
  const sizeHint = (name: "maxOrderFileBytes" | "maxJobBytes" | "maxProjectFileBytes") => {
    const bytes = Number(form.watch(name));
    return Number.isFinite(bytes) && bytes > 0 ? t("bytesHint", { size: formatBytes(locale, bytes) }) : undefined;
  };
  const secretHint = (value: string) => (value === SECRET_PLACEHOLDER ? t("secretKept") : undefined);
  const tl = useTranslations("jobs");
  const levels = WORKER_LOG_LEVELS.map((l) => ({ value: l, label: tl(`level_${l}`) }));

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate data-testid="service-config-form">
        <Card className="max-w-4xl">
          <CardHeader>
            <CardTitle>{t("serviceSettings")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">
            <FormError errors={formErrors} />
            <Section title={t("section_jobs")}>
              <NumberField<Values> name="deleteNew" label={t("deleteNew")} min={0} />
              <NumberField<Values> name="deleteExtracted" label={t("deleteExtracted")} min={0} />
              <NumberField<Values> name="deleteDeleted" label={t("deleteDeleted")} min={0} />
              <NumberField<Values> name="deleteError" label={t("deleteError")} min={0} />
              <NumberField<Values> name="maxWorkerCount" label={t("maxWorkerCount")} min={0} description={t("workerCountHint")} />
              <NumberField<Values>
                name="maxSyncWorkerCount"
                label={t("maxSyncWorkerCount")}
                readOnly
                className={FIXED}
                description={t("fixed_maxSyncWorkerCount")}
              />
            </Section>
            <Section title={t("section_service")}>
              <TextField<Values> name="serviceUrl" label={t("serviceUrl")} type="url" placeholder="https://" />
              <div className="grid gap-2">
                <TextField<Values> name="derpcsUrl" label={t("derpcsUrl")} type="url" placeholder="https://" />
                <TestButton service="erpcs" state={tests.erpcs} onRun={runTest} />
              </div>
              <TextField<Values>
                name="ccsApiKey"
                label={t("ccsApiKey")}
                type="password"
                autoComplete="off"
                description={secretHint(form.watch("ccsApiKey"))}
              />
              <div className="grid content-start gap-2 pt-1">
                <CheckboxField<Values> name="isApiV1Enabled" label={t("isApiV1Enabled")} />
                <CheckboxField<Values> name="isMaintenanceModeEnabled" label={t("isMaintenanceModeEnabled")} />
              </div>
            </Section>
            <Section title={t("section_signIn")}>
              <NumberField<Values> name="tokenExpirationMinutes" label={t("tokenExpirationMinutes")} min={10} />
              <NumberField<Values> name="maxFailedAccessAttempts" label={t("maxFailedAccessAttempts")} min={1} />
              <NumberField<Values> name="lockoutMinutes" label={t("lockoutMinutes")} min={1} />
            </Section>
            <Section title={t("section_mail")}>
              <div className="sm:col-span-2">
                <CheckboxField<Values> name="isEmailConfirmationActive" label={t("isEmailConfirmationActive")} />
              </div>
              <TextField<Values> name="eMailHost" label={t("eMailHost")} placeholder="smtp.example.com:587" autoComplete="off" />
              <TextField<Values> name="eMailUser" label={t("eMailUser")} autoComplete="off" />
              <TextField<Values>
                name="eMailPassword"
                label={t("eMailPassword")}
                type="password"
                autoComplete="new-password"
                description={secretHint(form.watch("eMailPassword"))}
              />
              <div className="flex items-end">
                <TestButton service="smtp" state={tests.smtp} onRun={runTest} />
              </div>
            </Section>
            <Section title={t("section_logging")}>
              <div className="sm:col-span-2">
                <CheckboxField<Values> name="fileLoggingEnabled" label={t("fileLoggingEnabled")} />
              </div>
              <TextField<Values>
                name="fileLoggingFile"
                label={t("fileLoggingFile")}
                autoComplete="off"
                description={t("fileLoggingFileHint")}
              />
              <SelectField<Values> name="fileLoggingLevel" label={t("fileLoggingLevel")} options={levels} />
              <TextField<Values>
                name="log4NetFile"
                label={t("log4NetFile")}
                readOnly
                className={FIXED}
                description={t("fixed_log4NetFile")}
              />
            </Section>
            <Section title={t("section_directories")}>
              <TextField<Values>
                name="workingDirectory"
                label={t("workingDirectory")}
                readOnly
                className={FIXED}
                description={t("fixed_workingDirectory")}
              />
              <TextField<Values>
                name="systemsDirectory"
                label={t("systemsDirectory")}
                readOnly
                className={FIXED}
                description={t("fixed_systemsDirectory")}
              />
            </Section>
            <Section title={t("section_uploads")}>
              <NumberField<Values>
                name="maxOrderFileBytes"
                label={t("maxOrderFileBytes")}
                min={1024}
                description={sizeHint("maxOrderFileBytes")}
              />
              <NumberField<Values> name="maxJobBytes" label={t("maxJobBytes")} min={1024} description={sizeHint("maxJobBytes")} />
              <NumberField<Values> name="maxOrderFiles" label={t("maxOrderFiles")} min={1} />
              <NumberField<Values>
                name="maxProjectFileBytes"
                label={t("maxProjectFileBytes")}
                min={1024}
                description={sizeHint("maxProjectFileBytes")}
              />
            </Section>
          </CardContent>
          <FormButtons pending={pending} submitTestId="save-service-config" />
        </Card>
      </form>
    </Form>
  );
}

/** spec operations §2: each test goes loading, then shows an alert with the result (spec §8 texts). */
function TestButton({ service, state, onRun }: { service: Service; state: TestState; onRun: (s: Service) => void }) {
  const t = useTranslations("configuration");
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        disabled={state.status === "loading"}
        onClick={() => onRun(service)}
        data-testid={`test-${service}`}
      >
        {state.status === "loading" && <Loader2Icon className="animate-spin" aria-hidden />}
        {t(service === "smtp" ? "testSmtp" : "testErpcs")}
      </Button>
      {state.status === "done" && (
        <Alert variant={state.success ? "default" : "destructive"} data-testid={`test-${service}-result`} role="status">
          <AlertTitle>
            {state.success
              ? t(service === "smtp" ? "testSmtpOk" : "testErpcsOk")
              : t(service === "smtp" ? "configuration_error_testSmtp" : "configuration_error_testErpcs")}
          </AlertTitle>
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
