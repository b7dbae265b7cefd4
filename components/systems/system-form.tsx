"use client";

import { Loader2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Controller, useForm } from "react-hook-form";
import { saveSystemAction, testCsbAction } from "@/app/(portal-actions)/system-actions";
import { FormErrors } from "@/components/auth/form-errors";
import { Field } from "@/components/auth/login-form";
import { useErrorText, useStatus } from "@/components/shell/status-bar";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { SystemDto } from "@/lib/systems/schemas";

type Values = Omit<SystemDto, "id" | "activationCode" | "licenceId"> & { activationCode: string; licenceId: string };
type TestState = { status: "initial" } | { status: "loading" } | { status: "done"; success: boolean; message: string };

const EMPTY: Values = {
  name: "",
  description: "",
  type: "Local",
  isActive: true,
  canReadGlobalResources: false,
  activationCode: "",
  licenceId: "",
  derpcsUrl: "",
  ccsApiKey: "",
  csbUrl: "",
  csbUser: "",
  csbPassword: "",
  csbSystem: "",
};

/** spec foundation §2/§3 system form; §4 "Test status of external services": initial, loading, then an alert. */
export function SystemForm({ system, licences }: { system?: SystemDto; licences: { id: string; name: string }[] }) {
  const t = useTranslations("systems");
  const router = useRouter();
  const errorText = useErrorText();
  const { notify, notifyErrors } = useStatus();
  const [errors, setErrors] = useState<string[]>([]);
  const [test, setTest] = useState<TestState>({ status: "initial" });
  const [pending, startTransition] = useTransition();
  const isSuper = system?.type === "Super";
  const form = useForm<Values>({
    defaultValues: system ? { ...system, activationCode: system.activationCode ?? "", licenceId: system.licenceId ?? "" } : EMPTY,
  });
  const isCsb = form.watch("type") === "CSB";

  const onSubmit = form.handleSubmit((v) =>
    startTransition(async () => {
      // spec foundation §3: the id of a new system is generated on the client
      const id = system?.id ?? crypto.randomUUID();
      const result = await saveSystemAction({
        ...v,
        id,
        existing: !!system,
        licenceId: v.licenceId || null,
        activationCode: v.activationCode || null,
      });
      if (!result.ok) {
        setErrors([errorText(result.errors)]);
        notifyErrors(result.errors, (error) => t("systems_error_edit", { error }));
        return;
      }
      notify("success", system ? t("saved") : t("created"));
      router.push("/admin/systems");
      router.refresh();
    }),
  );

  const runTest = () => {
    setTest({ status: "loading" });
    const v = form.getValues();
    startTransition(async () => {
      const result = await testCsbAction({
        systemId: system?.id,
        csbUrl: v.csbUrl,
        csbUser: v.csbUser,
        csbPassword: v.csbPassword,
        csbSystem: v.csbSystem,
      });
      setTest(
        result.ok ? { status: "done", ...result.data } : { status: "done", success: false, message: errorText(result.errors) },
      );
    });
  };

  const secretHint = (value: string) =>
    value === "********" ? <p className="text-xs text-muted-foreground">{t("secretKept")}</p> : null;

  return (
    <form method="post" onSubmit={onSubmit} noValidate data-testid="system-form">
      <Card className="max-w-3xl">
        <CardContent className="grid gap-5">
          <FormErrors messages={errors} />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="name" label={t("name")}>
              <Input id="name" maxLength={100} readOnly={isSuper} autoComplete="off" {...form.register("name")} />
            </Field>
            <Field id="type" label={t("type")}>
              <Controller
                control={form.control}
                name="type"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} disabled={isSuper}>
                    <SelectTrigger id="type" className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {(isSuper ? (["Super"] as const) : (["Local", "CSB"] as const)).map((type) => (
                        <SelectItem key={type} value={type}>
                          {t(`type_${type}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
          </div>
          <Field id="description" label={t("description")}>
            <Textarea id="description" rows={3} className="max-h-60 min-h-20" {...form.register("description")} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="licenceId" label={t("licenceId")}>
              <Controller
                control={form.control}
                name="licenceId"
                render={({ field }) => (
                  <Select value={field.value || "none"} onValueChange={(v) => field.onChange(v === "none" ? "" : v)}>
                    <SelectTrigger id="licenceId" className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="none">{t("noLicence")}</SelectItem>
                      {licences.map((l) => (
                        <SelectItem key={l.id} value={l.id}>
                          {l.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Field id="activationCode" label={t("activationCode")}>
              <Input id="activationCode" autoComplete="off" {...form.register("activationCode")} />
            </Field>
            <Field id="derpcsUrl" label={t("derpcsUrl")}>
              <Input id="derpcsUrl" type="url" placeholder="https://" {...form.register("derpcsUrl")} />
            </Field>
            <Field id="ccsApiKey" label={t("ccsApiKey")}>
              <Input id="ccsApiKey" type="password" autoComplete="off" {...form.register("ccsApiKey")} />
              {secretHint(form.watch("ccsApiKey"))}
            </Field>
          </div>
          <div className="grid gap-2">
            {(["isActive", "canReadGlobalResources"] as const).map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Label className="flex items-center gap-2 font-normal">
                    <Checkbox
                      checked={field.value}
                      disabled={isSuper && name === "isActive"}
                      onCheckedChange={(on) => field.onChange(on === true)}
                      data-testid={`check-${name}`}
                    />
                    {t(name)}
                  </Label>
                )}
              />
            ))}
          </div>
          {isCsb && (
            <fieldset className="grid gap-4 rounded-md border p-4">
              <legend className="px-1 text-sm font-medium">{t("csbSection")}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
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
                  {secretHint(form.watch("csbPassword"))}
                </Field>
              </div>
              <div className="flex flex-wrap items-start gap-3">
                <Button
                  type="button"
                  variant="secondary"
                  onClick={runTest}
                  disabled={test.status === "loading"}
                  data-testid="test-connection"
                >
                  {test.status === "loading" && <Loader2Icon className="animate-spin" />}
                  {test.status === "loading" ? t("testing") : t("testConnection")}
                </Button>
                {test.status === "done" && (
                  <Alert variant={test.success ? "success" : "destructive"} className="flex-1" data-testid="test-result">
                    <AlertTitle>{test.success ? t("testOk") : t("testFailed")}</AlertTitle>
                    <AlertDescription>{test.message}</AlertDescription>
                  </Alert>
                )}
              </div>
            </fieldset>
          )}
        </CardContent>
        <CardFooter className="flex gap-2">
          <Button type="submit" disabled={pending} data-testid="save-system">
            {t("save")}
          </Button>
          <Button type="button" variant="outline" onClick={() => router.push("/admin/systems")}>
            {t("cancel")}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
