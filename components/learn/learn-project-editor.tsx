"use client";

import { ExternalLinkIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { CheckboxField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { useDates } from "@/components/i18n/use-dates";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { updateLearnMetadataAction } from "@/lib/learn/actions";
import { type LearnProjectDto, ZLearnMetadataForm } from "@/lib/learn/schemas";
import { learnPortalHref } from "./links";

type Values = z.input<typeof ZLearnMetadataForm>;

/**
 * spec operations §2 "Learn projects" edit: name, the updating lock (one form, one save), the link to the learn
 * portal. A deleted learn project is shown, not changed.
 */
export function LearnProjectEditor({ project, learnPortal }: { project: LearnProjectDto; learnPortal: boolean }) {
  const t = useTranslations("learnProjects");
  const { dateTime } = useDates();
  const deleted = project.deletedAt !== null;
  const { form, pending, submit, formErrors } = useActionForm<Values, z.output<typeof ZLearnMetadataForm>>({
    schema: ZLearnMetadataForm,
    defaultValues: { name: project.name, updating: project.updating },
    codes: { ProjectNameExists: "name" },
  });
  const save = submit((values) => updateLearnMetadataAction({ id: project.id, ...values }), {
    saved: t("project_text_edited"),
  });

  return (
    <Form {...form}>
      <form method="post" noValidate onSubmit={save} data-testid="learn-project-form">
        <Card className="max-w-3xl">
          <CardContent className="grid gap-4">
            <p className="text-sm text-muted-foreground">
              {t("id")}: <code data-testid="project-id">{project.id}</code> · {t("version")} {project.version}
              {deleted && (
                <>
                  {" "}
                  · {t("deletedAt")} <time dateTime={project.deletedAt ?? undefined}>{dateTime(project.deletedAt)}</time>
                </>
              )}
            </p>
            <FormError errors={formErrors} wrap={(error) => t("projects_error_edit", { error })} />
            <TextField<Values> name="name" id="learnProjectName" label={t("name")} className="max-w-md" disabled={deleted} />
            <CheckboxField<Values> name="updating" label={t("updating")} disabled={deleted} />
            <p className="text-sm text-muted-foreground">{t("updatingHint")}</p>
          </CardContent>
          {!deleted && (
            <FormButtons pending={pending} submitTestId="save-learn-project">
              {learnPortal && (
                <Button asChild variant="outline">
                  <a href={learnPortalHref(project.systemName, project.id)} target="_blank" rel="noopener noreferrer">
                    <ExternalLinkIcon />
                    {t("openLearnPortal")}
                  </a>
                </Button>
              )}
            </FormButtons>
          )}
        </Card>
      </form>
    </Form>
  );
}
