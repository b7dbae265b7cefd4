"use client";

import { UploadIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { CheckboxField, FieldFrame, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { useStatus } from "@/components/shell/status-bar";
import { Card, CardContent } from "@/components/ui/card";
import { FileInput } from "@/components/ui/file-input";
import { Form, FormControl } from "@/components/ui/form";
import { UploadProgress } from "@/components/ui/upload-progress";
import { projectUploadFormSchema, type ProjectUploadFormValues as Values } from "@/lib/projects/schemas";
import { uploadWithProgress } from "./upload";

/** The file name without directories and extension (spec operations §2 "Add": name prefilled). */
function nameFromFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

type Props = (
  | { mode: "add"; systemId: string; base: string }
  | { mode: "version"; projectId: string; version: number; base: string }
) & {
  /** the list the project belongs to: a learn project (spec operations §2 "Add: file and name") has no checkboxes */
  area?: "extraction" | "learn";
};

/** Where each list's uploads go and its pages live. */
const AREA = {
  extraction: { api: "/api/v3/projects", pages: "projects", messages: "projects" },
  learn: { api: "/api/v3/learn/projects", pages: "learnProjects", messages: "learnProjects" },
} as const;

/**
 * Add a project or a learn project, or upload a new version of one, with upload progress. It posts to the REST route
 * itself (XMLHttpRequest reports upload progress, a server action does not); the route validates with the same
 * schemas, and its answer maps back onto the fields.
 */
export function ProjectUploadForm(props: Props) {
  const t = useTranslations("projects");
  const area = AREA[props.area ?? "extraction"];
  // client-messages: projects, learnProjects
  const done = useTranslations(area.messages);
  const learn = props.area === "learn";
  const router = useRouter();
  const { notify } = useStatus();
  const [progress, setProgress] = useState<number | null>(null);
  const add = props.mode === "add";
  const schema = useMemo(() => projectUploadFormSchema({ add }), [add]);
  const { form, formErrors, showErrors, clearFormErrors } = useActionForm<Values>({
    schema,
    defaultValues: { file: null, name: "", withCustomizing: false, replaceDefaultProperties: false },
    fields: { esproject: "file" },
    codes: {
      missingEsproject: "file",
      projects_error_invalidFile: "file",
      projects_error_tooLarge: "file",
      PayloadTooLarge: "file",
      ProjectNameExists: "name",
    },
  });

  const onSubmit = form.handleSubmit(async (v) => {
    clearFormErrors();
    if (!v.file) return;
    const body = new FormData();
    body.append("esproject", v.file);
    const checkboxes = learn
      ? {}
      : props.mode === "add"
        ? { withCustomizing: v.withCustomizing }
        : { withCustomizing: v.withCustomizing, replaceDefaultProperties: v.replaceDefaultProperties };
    const meta =
      props.mode === "add"
        ? { id: crypto.randomUUID(), name: v.name.trim(), systemId: props.systemId, ...checkboxes }
        : { version: props.version, ...checkboxes };
    body.append("meta", JSON.stringify(meta));
    setProgress(0);
    const url = props.mode === "add" ? area.api : `${area.api}/${props.projectId}/upload`;
    const result = await uploadWithProgress(url, body, setProgress);
    setProgress(null);
    if (!result.ok) return showErrors(result.errors);
    const id = (result.json as { id: string }).id;
    notify("success", add ? done("project_text_added") : done("project_text_edited"));
    router.push(`${props.base}/${area.pages}/edit/${id}`);
    router.refresh();
  });

  return (
    <Form {...form}>
      <form method="post" noValidate data-testid="project-upload-form" onSubmit={onSubmit}>
        <Card className="max-w-3xl">
          <CardContent className="grid gap-5">
            <FormError errors={formErrors} wrap={(error) => t("projects_error_edit", { error })} />
            <FieldFrame<Values> name="file" id="esproject" label={t("file")}>
              {(field) => (
                <FormControl>
                  <FileInput
                    accept=".esproject,application/zip"
                    data-testid="esproject-file"
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      const chosen = e.target.files?.[0] ?? null;
                      field.onChange(chosen);
                      if (chosen && !form.getValues("name")) form.setValue("name", nameFromFile(chosen.name));
                    }}
                  />
                </FormControl>
              )}
            </FieldFrame>
            {add && <TextField<Values> name="name" id="projectName" label={t("name")} />}
            {!learn && (
              <div className="grid gap-2">
                <CheckboxField<Values> name="withCustomizing" label={t("withCustomizing")} />
                {!add && <CheckboxField<Values> name="replaceDefaultProperties" label={t("replaceDefaultProperties")} />}
              </div>
            )}
            {progress !== null && <UploadProgress percent={progress} label={t("uploading", { percent: progress })} />}
          </CardContent>
          <FormButtons
            pending={progress !== null}
            submitTestId="upload-project"
            submit={
              <>
                <UploadIcon />
                {add ? t("upload") : t("uploadVersion")}
              </>
            }
            cancelHref={add ? `${props.base}/${area.pages}` : undefined}
          />
        </Card>
      </form>
    </Form>
  );
}
