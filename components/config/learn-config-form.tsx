"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { CheckboxField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useServerErrors } from "@/components/forms/use-server-errors";
import { useStatus } from "@/components/shell/status-bar";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { updateLearnConfigAction } from "@/lib/config/actions";
import { learnConfigFormSchema, type LearnConfigDto as Values } from "@/lib/config/schemas";
import { FORM_ISSUES } from "@/lib/errors/issues";

/** spec operations §2 Configuration, customise tab: the learn settings (spec §3 Learn config). */
export function LearnConfigForm({ config }: { config: Values }) {
  const t = useTranslations("configuration");
  const router = useRouter();
  const { notify } = useStatus();
  const [pending, startTransition] = useTransition();
  const form = useForm<Values>({ resolver: zodResolver(learnConfigFormSchema, FORM_ISSUES), defaultValues: config });
  const { formErrors, showErrors, clearFormErrors } = useServerErrors(form);
  const onSubmit = form.handleSubmit((v) => {
    clearFormErrors();
    startTransition(async () => {
      const result = await updateLearnConfigAction(v);
      if (!result.ok) return showErrors(result.errors);
      notify("success", t("configuration_text_saved"));
      router.refresh();
    });
  });
  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate data-testid="learn-config-form">
        <Card className="max-w-4xl">
          <CardHeader>
            <CardTitle>{t("learnSettings")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <FormError errors={formErrors} />
            <CheckboxField<Values> name="createLearnJobOnClusterChange" label={t("createLearnJobOnClusterChange")} />
            <CheckboxField<Values> name="createLearnJobOnProjectChange" label={t("createLearnJobOnProjectChange")} />
          </CardContent>
          <FormButtons pending={pending} submitTestId="save-learn-config" />
        </Card>
      </form>
    </Form>
  );
}
