"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { createVirtualAction, patchLicenceAction } from "@/app/(portal-actions)/licence-actions";
import { FormErrors } from "@/components/auth/form-errors";
import { Field } from "@/components/auth/login-form";
import { useErrorText, useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import type { LicenceDto } from "@/lib/licences/schemas";
import { ChildrenEditor } from "./children-editor";

type Option = { id: string; name: string };
type Stages = LicenceDto["alertConfiguration"];
const STAGES = ["dateStage1", "dateStage2", "counterStage1", "counterStage2"] as const;

/** spec foundation §2/§5 "Licence edit": name, alert thresholds, the children of a virtual licence, the cloud source. */
export function LicenceEditForm({ licence, pool }: { licence: LicenceDto; pool: Option[] }) {
  const t = useTranslations("licence");
  const router = useRouter();
  const errorText = useErrorText();
  const { notify } = useStatus();
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, startTransition] = useTransition();
  const [name, setName] = useState(licence.name);
  const [stages, setStages] = useState<Stages>(licence.alertConfiguration);
  const [children, setChildren] = useState(licence.childLicences);
  const [csb, setCsb] = useState({
    csbUrl: licence.csbUrl ?? "",
    csbSystem: licence.csbCustomer ?? "",
    csbUser: licence.csbUsername ?? "",
    csbPassword: licence.csbPassword ?? "",
  });

  const save = () =>
    startTransition(async () => {
      const result = await patchLicenceAction(licence.id, {
        name,
        alertConfiguration: stages,
        ...(licence.isVirtual ? { childIds: children } : {}),
        ...(licence.source === "csb" ? csb : {}),
      });
      if (!result.ok) return setErrors([errorText(result.errors)]);
      notify("success", t("licence_text_updated"));
      router.push(`/admin/licence/${encodeURIComponent(licence.id)}`);
      router.refresh();
    });

  return (
    <form
      method="post"
      noValidate
      data-testid="licence-edit-form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Card className="max-w-3xl">
        <CardContent className="grid gap-5">
          <FormErrors messages={errors} />
          <Field id="licenceName" label={t("name")}>
            <Input id="licenceName" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">{t("alertConfiguration")}</legend>
            {STAGES.map((s) => (
              <Field key={s} id={s} label={t(s)}>
                <Input
                  id={s}
                  type="number"
                  inputMode="numeric"
                  value={stages[s]}
                  onChange={(e) => setStages({ ...stages, [s]: Number(e.target.value) })}
                />
              </Field>
            ))}
          </fieldset>
          {licence.isVirtual && (
            <ChildrenEditor value={children} onChange={setChildren} pool={pool.filter((p) => p.id !== licence.id)} />
          )}
          {licence.source === "csb" && (
            <fieldset className="grid gap-4 sm:grid-cols-2">
              {(["csbUrl", "csbSystem", "csbUser", "csbPassword"] as const).map((k) => (
                <Field key={k} id={k} label={t(k)}>
                  <Input
                    id={k}
                    type={k === "csbPassword" ? "password" : "text"}
                    value={csb[k]}
                    onChange={(e) => setCsb({ ...csb, [k]: e.target.value })}
                  />
                </Field>
              ))}
            </fieldset>
          )}
        </CardContent>
        <CardFooter className="flex gap-2">
          <Button type="submit" disabled={pending} data-testid="save-licence">
            {t("save")}
          </Button>
          <Button type="button" variant="outline" onClick={() => router.push(`/admin/licence/${encodeURIComponent(licence.id)}`)}>
            {t("cancel")}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}

/** Named route adminCreateVirtualLicence: id, name and the ordered children. */
export function CreateVirtualForm({ pool }: { pool: Option[] }) {
  const t = useTranslations("licence");
  const te = useTranslations("errors");
  const router = useRouter();
  const errorText = useErrorText();
  const { notify } = useStatus();
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, startTransition] = useTransition();
  const [id, setId] = useState("");
  const [name, setName] = useState("");
  const [children, setChildren] = useState<string[]>([]);

  const save = () => {
    const local = [
      ...(id.trim() ? [] : [te("MissingLicenceId")]),
      ...(name.trim() ? [] : [te("MissingLicenceName")]),
      ...(children.length ? [] : [te("licence_error_upload_noChildren")]),
    ];
    setErrors(local);
    if (local.length) return;
    startTransition(async () => {
      const result = await createVirtualAction({ id: id.trim(), name: name.trim(), childIds: children });
      if (!result.ok) return setErrors([errorText(result.errors)]);
      notify("success", t("licence_text_created"));
      router.push("/admin/licence?selectVirtualTab=true");
      router.refresh();
    });
  };

  return (
    <form
      method="post"
      noValidate
      data-testid="create-virtual-form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Card className="max-w-3xl">
        <CardContent className="grid gap-5">
          <FormErrors messages={errors} />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="virtualId" label={t("id")}>
              <Input id="virtualId" value={id} onChange={(e) => setId(e.target.value)} />
            </Field>
            <Field id="virtualName" label={t("name")}>
              <Input id="virtualName" value={name} onChange={(e) => setName(e.target.value)} />
            </Field>
          </div>
          <ChildrenEditor value={children} onChange={setChildren} pool={pool} />
        </CardContent>
        <CardFooter className="flex gap-2">
          <Button type="submit" disabled={pending} data-testid="save-virtual">
            {t("save")}
          </Button>
          <Button type="button" variant="outline" onClick={() => router.push("/admin/licence?selectVirtualTab=true")}>
            {t("cancel")}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
