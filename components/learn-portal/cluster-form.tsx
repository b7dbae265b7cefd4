"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CheckboxField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useServerErrors } from "@/components/forms/use-server-errors";
import { useStatus } from "@/components/shell/status-bar";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { FORM_ISSUES } from "@/lib/errors/issues";
import { updateLearnClusterAction } from "@/lib/learn/actions";
import { type LearnClusterDto, ZLearnClusterForm } from "@/lib/learn/cluster-schemas";

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
  const router = useRouter();
  const { notify } = useStatus();
  const [pending, startTransition] = useTransition();
  const form = useForm<Values, unknown, z.output<typeof ZLearnClusterForm>>({
    resolver: zodResolver(ZLearnClusterForm, FORM_ISSUES),
    criteriaMode: "all",
    values: { name: cluster.name ?? "", complete: cluster.complete },
  });
  const { formErrors, showErrors, clearFormErrors } = useServerErrors(form, { codes: { LearnClusterNameExists: "name" } });
  const save = form.handleSubmit((values) => {
    clearFormErrors();
    startTransition(async () => {
      const r = await updateLearnClusterAction({ projectId, clusterId: cluster.id, ...values });
      if (!r.ok) return showErrors(r.errors);
      notify("success", t("text_saved"));
      router.refresh();
    });
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
