"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { useForm } from "react-hook-form";
import { NumberField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useServerErrors } from "@/components/forms/use-server-errors";
import { useStatus } from "@/components/shell/status-bar";
import { Card, CardContent } from "@/components/ui/card";
import { Form, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { FORM_ISSUES } from "@/lib/errors/issues";
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
  const router = useRouter();
  const { notify } = useStatus();
  const [pending, startTransition] = useTransition();
  const isCsb = licence.source === "csb";
  const schema = useMemo(() => licenceEditFormSchema({ isVirtual: licence.isVirtual, isCsb }), [licence.isVirtual, isCsb]);
  const form = useForm<LicenceEditFormValues>({
    resolver: zodResolver(schema, FORM_ISSUES),
    criteriaMode: "all",
    defaultValues: {
      name: licence.name,
      ...licence.alertConfiguration,
      childIds: licence.childLicences,
      csbUrl: licence.csbUrl ?? "",
      csbSystem: licence.csbCustomer ?? "",
      csbUser: licence.csbUsername ?? "",
      csbPassword: licence.csbPassword ?? "",
    },
  });
  const { formErrors, showErrors, clearFormErrors } = useServerErrors(form, {
    fields: Object.fromEntries(STAGES.map((s) => [`alertConfiguration.${s}`, s])),
    codes: { LicenceCircularDependency: "childIds", LicenceDuplicate: "childIds", licence_error_upload_noChildren: "childIds" },
  });
  const detail = `/admin/licence/${encodeURIComponent(licence.id)}`;

  const onSubmit = form.handleSubmit(({ name, childIds, csbUrl, csbSystem, csbUser, csbPassword, ...stages }) => {
    clearFormErrors();
    startTransition(async () => {
      const result = await patchLicenceAction({
        id: licence.id,
        name,
        alertConfiguration: stages,
        ...(licence.isVirtual ? { childIds } : {}),
        ...(isCsb ? { csbUrl, csbSystem, csbUser, csbPassword } : {}),
      });
      if (!result.ok) return showErrors(result.errors);
      notify("success", t("licence_text_updated"));
      router.push(detail);
      router.refresh();
    });
  });

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
  const router = useRouter();
  const { notify } = useStatus();
  const [pending, startTransition] = useTransition();
  const form = useForm<VirtualLicenceFormValues>({
    resolver: zodResolver(ZVirtualLicenceForm, FORM_ISSUES),
    criteriaMode: "all",
    defaultValues: { id: "", name: "", childIds: [] },
  });
  const { formErrors, showErrors, clearFormErrors } = useServerErrors(form, {
    codes: { LicenceDuplicate: "id", LicenceCircularDependency: "childIds", LicenceNotFound: "childIds" },
  });

  const onSubmit = form.handleSubmit((v) => {
    clearFormErrors();
    startTransition(async () => {
      const result = await createVirtualLicenceAction({ ...v, id: v.id || undefined });
      if (!result.ok) return showErrors(result.errors);
      notify("success", t("licence_text_created"));
      router.push(VIRTUAL_TAB);
      router.refresh();
    });
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
