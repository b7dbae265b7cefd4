"use client";

import { useTranslations } from "next-intl";
import { NumberField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { saveCheckIntervalAction } from "@/lib/scheduler/actions";
import { CHECK_INTERVAL_MAX, type SchedulerSettings as Values, ZSchedulerSettings } from "@/lib/scheduler/schemas";

/** spec operations §2 "Scheduler": the global checkInterval (seconds) with its save button, admin portal only. */
export function CheckIntervalForm({ checkInterval }: { checkInterval: number }) {
  const t = useTranslations("scheduler");
  const { form, pending, submit, formErrors } = useActionForm<Values>({
    schema: ZSchedulerSettings,
    defaultValues: { checkInterval },
  });
  const onSubmit = submit(saveCheckIntervalAction, { saved: t("checkIntervalSaved") });
  return (
    <Card className="mb-6 max-w-3xl">
      <CardHeader>
        <CardTitle className="text-base">{t("settings")}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form method="post" onSubmit={onSubmit} noValidate className="grid gap-3" data-testid="check-interval-form">
            <FormError errors={formErrors} />
            <div className="flex flex-wrap items-start gap-3">
              <NumberField<Values>
                name="checkInterval"
                label={t("checkInterval")}
                description={t("checkIntervalHint")}
                min={1}
                max={CHECK_INTERVAL_MAX}
                className="w-72"
              />
              <Button type="submit" disabled={pending} className="mt-[1.375rem]" data-testid="save-check-interval">
                {t("save")}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
