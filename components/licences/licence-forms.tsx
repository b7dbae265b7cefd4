"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { NumberField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Card, CardContent } from "@/components/ui/card";
import { Form, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { createVirtualLicenceAction, patchLicenceAction } from "@/lib/licences/actions";
import {
  type LicenceDto,
  type LicenceEditFormValues,
  licenceEditFormSchema,
  type VirtualLicenceFormValues,
  ZVirtualLicenceForm,
} from "@/lib/licences/schemas";
import { ChildrenEditor } from "./children-editor";

type Option = { id: string; name: string };
const STAGES = ["dateStage1", "dateStage2", "counterStage1", "counterStage2"] as const;
const VIRTUAL_TAB = "/admin/licence?selectVirtualTab=true";

/** The children of a virtual licence as the field `childIds` of a form, with its message. */
function ChildrenField({ pool }: { pool: Option[] }) {
  return (
    <FormField
      name="childIds"
      render={({ field }) => (
        <FormItem id="childIds">
          <ChildrenEditor value={field.value as string[]} onChange={field.onChange} pool={pool} />
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** spec foundation §2/§5 "Licence edit": name, alert thresholds, the children of a virtual licence, the cloud source. */
export function LicenceEditForm({ licence, pool }: { licence: LicenceDto; pool: Option[] }) {
  const t = useTranslations("licence");
  const isCsb = licence.source === "csb";
  const schema = useMemo(() => licenceEditFormSchema({ isVirtual: licence.isVirtual, isCsb }), [licence.isVirtual, isCsb]);
  const { form, pending, submit, formErrors } = useActionForm<LicenceEditFormValues>({
    schema,
    defaultValues: {
      name: licence.name,
      ...licence.alertConfiguration,
      childIds: licence.childLicences,
      csbUrl: licence.csbUrl ?? "",
      csbSystem: licence.csbCustomer ?? "",
      csbUser: licence.csbUsername ?? "",
      csbPassword: licence.csbPassword ?? "",
    },
    fields: Object.fromEntries(STAGES.map((s) => [`alertConfiguration.${s}`, s])),
    codes: { LicenceCircularDependency: "childIds", LicenceDuplicate: "childIds", licence_error_upload_noChildren: "childIds" },
  });
  const detail = `/admin/licence/${encodeURIComponent(licence.id)}`;

  const onSubmit = submit(
    ({ name, childIds, csbUrl, csbSystem, csbUser, csbPassword, ...stages }) =>
      patchLicenceAction({
        id: licence.id,
        name,
        alertConfiguration: stages,
        ...(licence.isVirtual ? { childIds } : {}),
        ...(isCsb ? { csbUrl, csbSystem, csbUser, csbPassword } : {}),
      }),
    { saved: t("licence_text_updated"), goTo: detail },
  );

  return (
    <Form {...form}>
      <form method="post" noValidate data-testid="licence-edit-form" onSubmit={onSubmit}>
        <Card className="max-w-3xl">
          <CardContent className="grid gap-5">
            <FormError errors={formErrors} />
            <TextField<LicenceEditFormValues> name="name" id="licenceName" label={t("name")} />
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-medium">{t("alertConfiguration")}</legend>
              {STAGES.map((s) => (
                <NumberField<LicenceEditFormValues> key={s} name={s} label={t(s)} />
              ))}
            </fieldset>
            {licence.isVirtual && <ChildrenField pool={pool.filter((p) => p.id !== licence.id)} />}
            {isCsb && (
              <fieldset className="grid gap-4 sm:grid-cols-2">
                {(["csbUrl", "csbSystem", "csbUser", "csbPassword"] as const).map((k) => (
                  <TextField<LicenceEditFormValues>
                    key={k}
                    name={k}
                    label={t(k)}
                    type={k === "csbPassword" ? "password" : "text"}
                  />
                ))}
              </fieldset>
            )}
          </CardContent>
          <FormButtons pending={pending} submitTestId="save-licence" cancelHref={detail} />
        </Card>
      </form>
    </Form>
  );
}

/** Named route adminCreateVirtualLicence: name and the ordered children; the id may stay empty. */
export function CreateVirtualForm({ pool }: { pool: Option[] }) {
  const t = useTranslations("licence");
  const { form, pending, submit, formErrors } = useActionForm<VirtualLicenceFormValues>({
    schema: ZVirtualLicenceForm,
    defaultValues: { id: "", name: "", childIds: [] },
    codes: { LicenceDuplicate: "id", LicenceCircularDependency: "childIds", LicenceNotFound: "childIds" },
  });

  const onSubmit = submit((v) => createVirtualLicenceAction({ ...v, id: v.id || undefined }), {
    saved: t("licence_text_created"),
    goTo: VIRTUAL_TAB,
  });

  return (
    <Form {...form}>
      <form method="post" noValidate data-testid="create-virtual-form" onSubmit={onSubmit}>
        <Card className="max-w-3xl">
          <CardContent className="grid gap-5">
            <FormError errors={formErrors} />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField<VirtualLicenceFormValues> name="name" id="virtualName" label={t("name")} />
              <TextField<VirtualLicenceFormValues>
                name="id"
                id="virtualId"
                label={t("idOptional")}
                description={t("idGenerated")}
                autoComplete="off"
              />
            </div>
            <ChildrenField pool={pool} />
          </CardContent>
          <FormButtons pending={pending} submitTestId="save-virtual" cancelHref={VIRTUAL_TAB} />
        </Card>
      </form>
    </Form>
  );
}
