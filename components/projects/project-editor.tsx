"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { PlusIcon, XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useServerErrors } from "@/components/forms/use-server-errors";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { FORM_ISSUES } from "@/lib/errors/issues";
import { renameProjectAction, savePropertiesAction } from "@/lib/projects/actions";
import { type ProjectDto, type PropertiesFormValues, ZProjectMetadata, ZPropertiesForm } from "@/lib/projects/schemas";
import { SubmissionKeyCard } from "./submission-key-card";

type NameValues = z.input<typeof ZProjectMetadata>;
const COLUMNS = { name: "propertyName", value: "propertyValue", description: "propertyDescription" } as const;

/** spec operations §2 "Edit": name with save, property table, submission key (DESIGN.md "Job creation"). */
export function ProjectEditor({ project, submissionKey }: { project: ProjectDto; submissionKey: string }) {
  const t = useTranslations("projects");
  const router = useRouter();
  const { notify } = useStatus();
  const [pending, startTransition] = useTransition();

  const nameForm = useForm<NameValues, unknown, z.output<typeof ZProjectMetadata>>({
    resolver: zodResolver(ZProjectMetadata, FORM_ISSUES),
    criteriaMode: "all",
    defaultValues: { name: project.name },
  });
  const nameErrors = useServerErrors(nameForm, { codes: { ProjectNameExists: "name" } });
  const rename = nameForm.handleSubmit(({ name }) => {
    nameErrors.clearFormErrors();
    startTransition(async () => {
      const r = await renameProjectAction({ id: project.id, name });
      if (!r.ok) return nameErrors.showErrors(r.errors);
      notify("success", t("project_text_edited"));
      router.refresh();
    });
  });

  const propertiesForm = useForm<PropertiesFormValues>({
    resolver: zodResolver(ZPropertiesForm, FORM_ISSUES),
    criteriaMode: "all",
    defaultValues: { properties: project.properties },
  });
  const rows = useFieldArray({ control: propertiesForm.control, name: "properties" });
  const propertyErrors = useServerErrors(propertiesForm);
  // spec operations §5: a new row cannot be added while an unnamed one exists
  const canAddRow = propertiesForm.watch("properties").every((r) => r.name.trim());
  const saveProperties = propertiesForm.handleSubmit(({ properties }) => {
    propertyErrors.clearFormErrors();
    startTransition(async () => {
      const r = await savePropertiesAction({ id: project.id, version: project.version, properties });
      if (!r.ok) return propertyErrors.showErrors(r.errors);
      notify("success", t("project_text_edited"));
      router.refresh();
    });
  });

  return (
    <div className="grid max-w-4xl gap-4">
      <Card>
        <CardContent className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            {t("id")}: <code data-testid="project-id">{project.id}</code> · {t("version")} {project.version} · {t("classes")}:{" "}
            {project.documentClasses.join(", ")}
          </p>
          <Form {...nameForm}>
            <form method="post" noValidate className="grid gap-2" onSubmit={rename} data-testid="project-name-form">
              <FormError errors={nameErrors.formErrors} wrap={(error) => t("projects_error_edit", { error })} />
              <div className="flex flex-wrap items-start gap-2">
                <TextField<NameValues> name="name" id="projectName" label={t("name")} className="w-80" />
                <Button type="submit" disabled={pending} className="mt-[1.375rem]">
                  {t("save")}
                </Button>
              </div>
            </form>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("properties")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Form {...propertiesForm}>
            <form method="post" noValidate className="grid gap-2" onSubmit={saveProperties} data-testid="property-table">
              <FormError errors={propertyErrors.formErrors} wrap={(error) => t("projects_error_edit", { error })} />
              {rows.fields.map((row, i) => (
                <div key={row.id} className="grid grid-cols-[1fr_1fr_2fr_auto] items-start gap-2">
                  {(Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]).map((column) => (
                    <FormField
                      key={column}
                      control={propertiesForm.control}
                      name={`properties.${i}.${column}`}
                      render={({ field }) => (
                        <FormItem>
                          <FormControl>
                            <Input aria-label={`${t(COLUMNS[column])} ${i + 1}`} {...field} />
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                  ))}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`${t("removeRow")} ${i + 1}`}
                    onClick={() => rows.remove(i)}
                  >
                    <XIcon />
                  </Button>
                </div>
              ))}
              <div className="flex gap-2">
                <Button
                  type="button"
                  variant="outline"
                  disabled={!canAddRow}
                  onClick={() => rows.append({ name: "", value: "", description: "" })}
                >
                  <PlusIcon />
                  {t("addRow")}
                </Button>
                <Button type="submit" disabled={pending} data-testid="save-properties">
                  {t("saveProperties")}
                </Button>
              </div>
            </form>
          </Form>
        </CardContent>
      </Card>
      <SubmissionKeyCard projectId={project.id} submissionKey={submissionKey} />
    </div>
  );
}
