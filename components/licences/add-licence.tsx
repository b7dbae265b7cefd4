"use client";

import { CloudIcon, Loader2Icon, UploadIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useRef, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { addCsbLicenceAction, uploadLicenceAction } from "@/app/(portal-actions)/licence-actions";
import { FormErrors } from "@/components/auth/form-errors";
import { Field } from "@/components/auth/login-form";
import { useErrorText, useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";

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
      const result = await uploadLicenceAction(content);
      if (input.current) input.current.value = "";
      if (!result.ok) return notifyErrors(result.errors, (e) => e);
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

type CsbValues = { csbUrl: string; csbSystem: string; csbUser: string; csbPassword: string };

/** Add a licence from a cloud-service source (spec foundation §5: url, system, user and password each non-blank). */
export function AddCloudLicence() {
  const t = useTranslations("licence");
  const te = useTranslations("errors");
  const router = useRouter();
  const errorText = useErrorText();
  const { notify } = useStatus();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, startTransition] = useTransition();
  const form = useForm<CsbValues>({ defaultValues: { csbUrl: "", csbSystem: "", csbUser: "", csbPassword: "" } });

  const onSubmit = form.handleSubmit((v) => {
    const local = [
      ...(v.csbUrl.trim() ? [] : [te("licence_error_csb_missingUrl")]),
      ...(v.csbSystem.trim() ? [] : [te("licence_error_csb_missingSystem")]),
      ...(v.csbUser.trim() ? [] : [te("licence_error_csb_missingUser")]),
      ...(v.csbPassword ? [] : [te("licence_error_csb_missingPassword")]),
    ];
    setErrors(local);
    if (local.length) return;
    startTransition(async () => {
      const result = await addCsbLicenceAction(v);
      if (!result.ok) return setErrors([errorText(result.errors)]);
      notify("success", t("licence_text_added"));
      form.reset();
      setOpen(false);
      router.refresh();
    });
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
        <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="cloud-licence-form">
          <FormErrors messages={errors} />
          <Field id="csbUrl" label={t("csbUrl")}>
            <Input id="csbUrl" type="url" placeholder="https://" {...form.register("csbUrl")} />
          </Field>
          <Field id="csbSystem" label={t("csbSystem")}>
            <Input id="csbSystem" autoComplete="off" {...form.register("csbSystem")} />
          </Field>
          <Field id="csbUser" label={t("csbUser")}>
            <Input id="csbUser" autoComplete="off" {...form.register("csbUser")} />
          </Field>
          <Field id="csbPassword" label={t("csbPassword")}>
            <Input id="csbPassword" type="password" autoComplete="new-password" {...form.register("csbPassword")} />
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {pending && <Loader2Icon className="animate-spin" />}
              {t("upload")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
