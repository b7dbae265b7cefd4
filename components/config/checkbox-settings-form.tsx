"use client";

import { useTranslations } from "next-intl";
import type { DefaultValues, Path } from "react-hook-form";
import type { z } from "zod";
import { CheckboxField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import type { ActionResult } from "@/lib/errors/action";

type Values = Record<string, boolean>;

type Props<V extends Values> = {
  title: string;
  description?: string;
  schema: z.ZodType<V, V>;
  values: V;
  /** each checkbox: its field and its label */
  fields: { name: Path<V>; label: string }[];
  save: (values: V) => Promise<ActionResult<void>>;
  testId: string;
};

/** A card of switches saved together (the customise tab's learn settings and feature flags). */
export function CheckboxSettingsForm<V extends Values>({ title, description, schema, values, fields, save, testId }: Props<V>) {
  const t = useTranslations("configuration");
  const { form, pending, submit, formErrors } = useActionForm<V>({ schema, defaultValues: values as DefaultValues<V> });
  const onSubmit = submit(save, { saved: t("configuration_text_saved") });
  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate data-testid={testId}>
        <Card className="max-w-4xl">
          <CardHeader>
            <CardTitle>{title}</CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent className="grid gap-3">
            <FormError errors={formErrors} />
            {fields.map((field) => (
              <CheckboxField<V> key={field.name} name={field.name} label={field.label} />
            ))}
          </CardContent>
          <FormButtons pending={pending} submitTestId={`save-${testId}`} />
        </Card>
      </form>
    </Form>
  );
}
