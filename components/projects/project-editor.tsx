"use client";

import { PlusIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useFieldArray } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { renameProjectAction, savePropertiesAction } from "@/lib/projects/actions";
import { type ProjectDto, type PropertiesFormValues, ZProjectMetadata, ZPropertiesForm } from "@/lib/projects/schemas";
import { cn } from "@/lib/utils";
import { SubmissionKeyCard } from "./submission-key-card";

type NameValues = z.input<typeof ZProjectMetadata>;
const COLUMNS = { name: "propertyName", value: "propertyValue", description: "propertyDescription" } as const;

/** spec operations §2 "Edit": name with save, property table, submission key (DESIGN.md "Job creation"). */
export function ProjectEditor({ project, submissionKey }: { project: ProjectDto; submissionKey: string }) {
  const t = useTranslations("projects");
  const saved = { saved: t("project_text_edited") };

  const nameEdit = useActionForm<NameValues, z.output<typeof ZProjectMetadata>>({
    schema: ZProjectMetadata,
    defaultValues: { name: project.name },
    codes: { ProjectNameExists: "name" },
  });
  const nameForm = nameEdit.form;
  const rename = nameEdit.submit(({ name }) => renameProjectAction({ id: project.id, name }), saved);

  const propertiesEdit = useActionForm<PropertiesFormValues>({
    schema: ZPropertiesForm,
    defaultValues: { properties: project.properties },
  });
  const propertiesForm = propertiesEdit.form;
  const rows = useFieldArray({ control: propertiesForm.control, name: "properties" });
  // spec operations §5: a new row cannot be added while an unnamed one exists
  const canAddRow = propertiesForm.watch("properties").every((r) => r.name.trim());
  const saveProperties = propertiesEdit.submit(
    ({ properties }) => savePropertiesAction({ id: project.id, version: project.version, properties }),
    saved,
  );
  // the two forms of the page wait for each other's save
  const pending = nameEdit.pending || propertiesEdit.pending;

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
              <FormError errors={nameEdit.formErrors} wrap={(error) => t("projects_error_edit", { error })} />
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
              <FormError errors={propertiesEdit.formErrors} wrap={(error) => t("projects_error_edit", { error })} />
              <table className="w-full table-fixed text-sm" data-testid="property-rows">
                <thead>
                  <tr className="text-left text-muted-foreground">
                    {(Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]).map((column) => (
                      <th
                        key={column}
                        scope="col"
                        className={cn("pb-1 pr-2 font-medium", column === "description" ? "w-1/2" : "w-1/4")}
                      >
                        {t(COLUMNS[column])}
                      </th>
                    ))}
                    <th scope="col" className="w-10 pb-1">
                      <span className="sr-only">{t("removeRow")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.fields.length === 0 && (
                    <tr>
                      <td colSpan={4} className="py-2 text-muted-foreground">
                        {t("noProperties")}
                      </td>
                    </tr>
                  )}
                  {rows.fields.map((row, i) => (
                    <tr key={row.id} className="align-top">
                      {(Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]).map((column) => (
                        <td key={column} className="pr-2 pb-2">
                          <FormField
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
                        </td>
                      ))}
                      <td className="pb-2">
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-label={`${t("removeRow")} ${i + 1}`}
                          onClick={() => rows.remove(i)}
                        >
                          <XIcon />
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
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
