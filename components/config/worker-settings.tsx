"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, Path } from "react-hook-form";
import { CheckboxField, NumberField, SelectField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { updateLearnWorkerConfigAction, updateWorkerConfigAction } from "@/lib/config/actions";
import {
  JSON_FORMATS,
  type LearnWorkerConfigDto,
  learnWorkerConfigFormSchema,
  WORKER_LOG_LEVELS,
  type WorkerConfigDto,
  workerConfigFormSchema,
} from "@/lib/settings/schemas";

type Props = { worker: WorkerConfigDto; learnWorker: LearnWorkerConfigDto; readOnly: boolean };

/** spec operations §2 Worker settings: tabs Extraction and Learn; read-only while configuration export is disabled. */
export function WorkerSettings({ worker, learnWorker, readOnly }: Props) {
  const t = useTranslations("worker");
  return (
    <div className="grid gap-4">
      {readOnly && (
        <Alert data-testid="worker-read-only">
          <AlertDescription>{t("readOnly")}</AlertDescription>
        </Alert>
      )}
      <Tabs defaultValue="extraction">
        <TabsList>
          <TabsTrigger value="extraction" data-testid="tab-extraction">
            {t("tabExtraction")}
          </TabsTrigger>
          <TabsTrigger value="learn" data-testid="tab-learn">
            {t("tabLearn")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="extraction">
          <ExtractionForm config={worker} readOnly={readOnly} />
        </TabsContent>
        <TabsContent value="learn">
          <LearnWorkerForm config={learnWorker} readOnly={readOnly} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function LevelsField({ name, levels }: { name: string; levels: readonly (typeof WORKER_LOG_LEVELS)[number][] }) {
  const t = useTranslations("worker");
  const tl = useTranslations("jobs");
  return (
    <div className="grid gap-2">
      <Label>{t("logLevels")}</Label>
      <p className="text-sm text-muted-foreground" data-testid={`levels-${name}`}>
        {levels.map((l) => tl(`level_${l}`)).join(", ")}
      </p>
    </div>
  );
}

function ExtractionForm({ config, readOnly }: { config: WorkerConfigDto; readOnly: boolean }) {
  const t = useTranslations("worker");
  const { form, pending, submit, formErrors } = useActionForm<WorkerConfigDto>({
    schema: workerConfigFormSchema,
    defaultValues: config,
  });
  const onSubmit = submit(updateWorkerConfigAction, { saved: t("worker_text_saved") });
  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate data-testid="worker-config-form">
        <Card className="max-w-3xl">
          <CardContent className="grid gap-5">
            <FormError errors={formErrors} />
            <fieldset disabled={readOnly} className="grid gap-5 sm:grid-cols-2">
              <SelectField<WorkerConfigDto>
                name="jsonFormat"
                label={t("jsonFormat")}
                disabled={readOnly}
                options={JSON_FORMATS.map((f) => ({ value: f, label: t(`jsonFormat_${f}`) }))}
              />
              <LevelSelect<WorkerConfigDto> name="logLevel" readOnly={readOnly} />
              <NumberField<WorkerConfigDto>
                name="documentTimeoutSeconds"
                label={t("documentTimeoutSeconds")}
                description={t("documentTimeoutSeconds_hint")}
                min={10}
                max={3600}
              />
              <NumberField<WorkerConfigDto>
                name="documentMemoryMegabytes"
                label={t("documentMemoryMegabytes")}
                description={t("documentMemoryMegabytes_hint")}
                min={128}
                max={65536}
              />
              <div className="sm:col-span-2">
                <CheckboxField<WorkerConfigDto> name="isScriptingEnabled" label={t("isScriptingEnabled")} disabled={readOnly} />
              </div>
              <LevelsField name="worker" levels={config.logLevels} />
            </fieldset>
          </CardContent>
          {!readOnly && <FormButtons pending={pending} submitTestId="save-worker-config" />}
        </Card>
      </form>
    </Form>
  );
}

function LearnWorkerForm({ config, readOnly }: { config: LearnWorkerConfigDto; readOnly: boolean }) {
  const t = useTranslations("worker");
  const { form, pending, submit, formErrors } = useActionForm<LearnWorkerConfigDto>({
    schema: learnWorkerConfigFormSchema,
    defaultValues: config,
  });
  const onSubmit = submit(updateLearnWorkerConfigAction, { saved: t("worker_text_saved") });
  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate data-testid="learn-worker-config-form">
        <Card className="max-w-3xl">
          <CardContent className="grid gap-5">
            <FormError errors={formErrors} />
            <fieldset disabled={readOnly} className="grid gap-5 sm:grid-cols-2">
              <LevelSelect<LearnWorkerConfigDto> name="logLevel" readOnly={readOnly} />
              <LevelsField name="learnWorker" levels={config.logLevels} />
            </fieldset>
          </CardContent>
          {!readOnly && <FormButtons pending={pending} submitTestId="save-learn-worker-config" />}
        </Card>
      </form>
    </Form>
  );
}

function LevelSelect<T extends FieldValues>({ name, readOnly }: { name: Path<T>; readOnly: boolean }) {
  const t = useTranslations("worker");
  const tl = useTranslations("jobs");
  return (
    <SelectField<T>
      name={name}
      label={t("logLevel")}
      disabled={readOnly}
      options={WORKER_LOG_LEVELS.map((l) => ({ value: l, label: tl(`level_${l}`) }))}
    />
  );
}
