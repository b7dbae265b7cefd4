"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ExternalLinkIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CheckboxField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useServerErrors } from "@/components/forms/use-server-errors";
import { useDates } from "@/components/i18n/use-dates";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { FORM_ISSUES } from "@/lib/errors/issues";
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
  const router = useRouter();
  const { dateTime } = useDates();
  const { notify } = useStatus();
  const [pending, startTransition] = useTransition();
  const deleted = project.deletedAt !== null;
  const form = useForm<Values, unknown, z.output<typeof ZLearnMetadataForm>>({
    resolver: zodResolver(ZLearnMetadataForm, FORM_ISSUES),
    criteriaMode: "all",
    defaultValues: { name: project.name, updating: project.updating },
  });
  const { formErrors, showErrors, clearFormErrors } = useServerErrors(form, { codes: { ProjectNameExists: "name" } });
  const save = form.handleSubmit((values) => {
    clearFormErrors();
    startTransition(async () => {
      const r = await updateLearnMetadataAction({ id: project.id, ...values });
      if (!r.ok) return showErrors(r.errors);
      notify("success", t("project_text_edited"));
      router.refresh();
    });
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
