"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { CheckboxField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { updateLearnClusterAction } from "@/lib/learn/clusters/actions";
import { type LearnClusterDto, ZLearnClusterForm } from "@/lib/learn/clusters/schemas";

type Values = z.input<typeof ZLearnClusterForm>;

/** A cluster's name (empty: it shows its number) and its complete mark, one save (DESIGN.md "Learn": PUT { name?, complete? }). */
export function ClusterForm({
  projectId,
  cluster,
  editable,
}: {
  projectId: string;
  cluster: LearnClusterDto;
  editable: boolean;
}) {
  const t = useTranslations("learnPortal");
  const { form, pending, submit, formErrors } = useActionForm<Values, z.output<typeof ZLearnClusterForm>>({
    schema: ZLearnClusterForm,
    values: { name: cluster.name ?? "", complete: cluster.complete },
    codes: { LearnClusterNameExists: "name" },
  });
  const save = submit((values) => updateLearnClusterAction({ projectId, clusterId: cluster.id, ...values }), {
    saved: t("text_saved"),
  });
  return (
    <Form {...form}>
      <form method="post" noValidate onSubmit={save} data-testid="cluster-form">
        <Card className="h-full">
          <CardHeader>
            <CardTitle>
              <h2>{t("formTitle")}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormError errors={formErrors} wrap={(error) => t("error_save", { error })} />
            <TextField<Values>
              name="name"
              id="clusterName"
              label={t("name")}
              description={t("nameHint", { number: cluster.number })}
              disabled={!editable}
            />
            <CheckboxField<Values> name="complete" label={t("completeLabel")} disabled={!editable} />
            <p className="text-sm text-muted-foreground">{t("completeHint")}</p>
          </CardContent>
          {editable && <FormButtons pending={pending} submitTestId="save-cluster" />}
        </Card>
      </form>
    </Form>
  );
}
