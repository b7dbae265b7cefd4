"use client";

import { CloudIcon, Loader2Icon, UploadIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useRef, useState, useTransition } from "react";
import type { z } from "zod";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { addCsbLicenceAction, uploadLicenceAction } from "@/lib/licences/actions";
import { ZCsbLicence } from "@/lib/licences/schemas";

/** Add a licence from a file (spec foundation §5 "Licence upload": file required, non-empty, valid). */
export function UploadLicence() {
  const t = useTranslations("licence");
  const te = useTranslations("errors");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const input = useRef<HTMLInputElement>(null);
  const [pending, startTransition] = useTransition();

  const upload = (file: File | undefined) => {
    if (!file) return notify("error", te("licence_error_upload_noFileSelected"));
    startTransition(async () => {
      const content = (await file.text()).trim();
      if (!content) return notify("error", te("licence_error_noContent"));
      const result = await uploadLicenceAction({ base64Licence: content });
      if (input.current) input.current.value = "";
      // a button, not a form: the status bar is where its outcome shows (spec foundation §7)
      if (!result.ok) return notifyErrors(result.errors, (error) => t("licence_error_add", { error }));
      notify("success", t("licence_text_added"));
      router.refresh();
    });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".lic,.licence,.license,.txt,text/plain"
        className="sr-only"
        aria-label={t("file")}
        data-testid="licence-file"
        onChange={(e) => upload(e.target.files?.[0])}
      />
      <Button type="button" onClick={() => input.current?.click()} disabled={pending} data-testid="add-from-file">
        {pending ? <Loader2Icon className="animate-spin" /> : <UploadIcon />}
        {pending ? t("uploading") : t("addFromFile")}
      </Button>
    </>
  );
}

type CsbValues = z.input<typeof ZCsbLicence>;

/**
 * Add a licence source of a cloud service (spec foundation §5: url, system, user and password each
 * non-blank); the licence is fetched from it at once and refreshed daily.
 */
export function AddCloudLicence() {
  const t = useTranslations("licence");
  const router = useRouter();
  const { notify } = useStatus();
  const [open, setOpen] = useState(false);
  const { form, pending, submit, formErrors } = useActionForm<CsbValues, z.output<typeof ZCsbLicence>>({
    schema: ZCsbLicence,
    defaultValues: { csbUrl: "", csbSystem: "", csbUser: "", csbPassword: "" },
    codes: { LicenceSourceUnreachable: "csbUrl" },
  });

  const onSubmit = submit(addCsbLicenceAction, () => {
    notify("success", t("licence_text_added"));
    form.reset();
    setOpen(false);
    router.refresh();
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" data-testid="add-from-cloud">
          <CloudIcon />
          {t("addFromCloud")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("cancel")}>
        <DialogHeader>
          <DialogTitle>{t("addFromCloud")}</DialogTitle>
        </DialogHeader>
        <Form {...form}>
          <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="cloud-licence-form">
            <FormError errors={formErrors} wrap={(error) => t("licence_error_add", { error })} />
            <TextField<CsbValues> name="csbUrl" label={t("csbUrl")} type="url" placeholder="https://" />
            <TextField<CsbValues> name="csbSystem" label={t("csbSystem")} autoComplete="off" />
            <TextField<CsbValues> name="csbUser" label={t("csbUser")} autoComplete="off" />
            <TextField<CsbValues> name="csbPassword" label={t("csbPassword")} type="password" autoComplete="new-password" />
            <DialogFooter>
              <Button type="submit" disabled={pending} data-testid="add-cloud-submit">
                {pending && <Loader2Icon className="animate-spin" />}
                {t("addSource")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
