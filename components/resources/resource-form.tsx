"use client";

import { UploadIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FieldFrame, ReadOnlyField, SelectField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { uploadWithProgress } from "@/components/projects/upload";
import { useStatus } from "@/components/shell/status-bar";
import { Card, CardContent } from "@/components/ui/card";
import { FileInput } from "@/components/ui/file-input";
import { Form, FormControl } from "@/components/ui/form";
import { UploadProgress } from "@/components/ui/upload-progress";
import { RESOURCE_TYPES, type ResourceLevel } from "@/db/schema/resources";
import { code } from "@/lib/errors/issues";
import { isResourceType, RESOURCE_EXTENSIONS, resourceNameProblem } from "@/lib/resources/rules";
import { type ResourceDto, type ResourceFormValues as Values, ZResourceForm } from "@/lib/resources/schemas";

type Props = {
  systemId: string;
  level: ResourceLevel;
  /** the resources page of the portal */
  base: string;
  /** from the query (spec operations §2): each one given is fixed; a name makes the save an update */
  fixed: { type?: string; subtype?: string; subtypeId?: string; name?: string };
};

/**
 * Add or update a resource with upload progress: posts multipart to POST v3/resources (XMLHttpRequest reports
 * upload progress); afterwards back to the pool when a subtype id came in, else to the type's list.
 */
export function ResourceForm({ systemId, level, base, fixed }: Props) {
  const t = useTranslations("resources");
  const router = useRouter();
  const { notify } = useStatus();
  const [progress, setProgress] = useState<number | null>(null);
  // a type, pool and name from the query identify the resource (spec operations §2): shown, not edited
  const fixedType = fixed.type && isResourceType(fixed.type) ? fixed.type : undefined;
  const { form, formErrors, showErrors, clearFormErrors } = useActionForm<Values>({
    schema: ZResourceForm,
    defaultValues: {
      type: (fixedType ?? "") as Values["type"],
      subtype: fixed.subtype ?? "",
      file: null,
      name: fixed.name ?? "",
    },
    fields: { resourceFile: "file", "meta.type": "type", "meta.subtype": "subtype", "meta.name": "name" },
    codes: {
      resources_error_noFileSelected: "file",
      PayloadTooLarge: "file",
      resources_error_noName: "name",
      resources_error_nameLengthExceeded: "name",
      resources_error_fileExtensions: "name",
      resources_error_invalidName: "name",
      ResourceUploadInProgress: "name",
      ResourceNameDiffers: "name",
      resources_error_noType: "type",
      ResourceTypeUnknown: "type",
      resources_error_noPool: "subtype",
    },
  });
  const type = form.watch("type");
  const extension = type ? RESOURCE_EXTENSIONS[type] : null;

  const onSubmit = form.handleSubmit(async (v) => {
    clearFormErrors();
    if (!v.file) return form.setError("file", { message: "resources_error_noFileSelected" });
    const problem = resourceNameProblem(v.name, v.type);
    if (problem) return form.setError("name", { message: code(problem.code, problem.params) });
    const body = new FormData();
    body.append("meta", JSON.stringify({ systemId, type: v.type, subtype: v.subtype.trim(), name: v.name.trim(), level }));
    body.append("resourceFile", v.file);
    setProgress(0);
    const result = await uploadWithProgress("/api/v3/resources", body, setProgress);
    setProgress(null);
    if (!result.ok) return showErrors(result.errors);
    const saved = result.json as ResourceDto;
    notify("success", t("resources_text_add"));
    router.push(fixed.subtypeId ? `${base}/${saved.subtypeId}` : `${base}?type=${saved.type}`);
    router.refresh();
  });

  const back = fixed.subtypeId ? `${base}/${fixed.subtypeId}` : `${base}${fixed.type ? `?type=${fixed.type}` : ""}`;
  return (
    <Form {...form}>
      <form method="post" noValidate data-testid="resource-form" onSubmit={onSubmit}>
        <Card className="max-w-3xl">
          <CardContent className="grid gap-5">
            <FormError errors={formErrors} wrap={(error) => t("resources_error_add", { name: form.getValues("name"), error })} />
            {fixedType ? (
              <ReadOnlyField<Values> name="type" id="resourceType" label={t("type")} text={t(`typeName_${fixedType}`)} />
            ) : (
              <SelectField<Values>
                name="type"
                id="resourceType"
                label={t("type")}
                emptyLabel={t("chooseType")}
                options={RESOURCE_TYPES.map((value) => ({ value, label: t(`typeName_${value}`) }))}
              />
            )}
            {fixed.subtype ? (
              <ReadOnlyField<Values> name="subtype" id="resourceSubtype" label={t("subtype")} text={fixed.subtype} />
            ) : (
              <TextField<Values> name="subtype" id="resourceSubtype" label={t("subtype")} />
            )}
            {fixed.name && <ReadOnlyField<Values> name="name" id="resourceName" label={t("name")} text={fixed.name} />}
            <FieldFrame<Values> name="file" id="resourceFile" label={t("file")}>
              {(field) => (
                <FormControl>
                  <FileInput
                    accept={extension ?? undefined}
                    data-testid="resource-file"
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      const chosen = e.target.files?.[0] ?? null;
                      field.onChange(chosen);
                      if (chosen && !form.getValues("name")) form.setValue("name", chosen.name);
                    }}
                  />
                </FormControl>
              )}
            </FieldFrame>
            {!fixed.name && <TextField<Values> name="name" id="resourceName" label={t("name")} />}
            {extension && !fixed.name && (
              <p className="-mt-3 text-xs text-muted-foreground">
                {t("extensionHint", { type: t(`typeName_${type}`), extension })}
              </p>
            )}
            {progress !== null && <UploadProgress percent={progress} label={t("uploading", { percent: progress })} />}
          </CardContent>
          <FormButtons
            pending={progress !== null}
            submitTestId="save-resource"
            submit={
              <>
                <UploadIcon />
                {t("save")}
              </>
            }
            cancelHref={back}
          />
        </Card>
      </form>
    </Form>
  );
}
