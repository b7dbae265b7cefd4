"use client";

import { UploadIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormErrors } from "@/components/auth/form-errors";
import { Field } from "@/components/auth/login-form";
import { useErrorText, useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { uploadWithProgress } from "./upload";

/** The file name without directories and extension (spec operations §2 "Add": name prefilled). */
function nameFromFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

type Props =
  | { mode: "add"; systemId: string; base: string }
  | { mode: "version"; projectId: string; version: number; base: string };

/** Add a project, or upload a new version of one, with upload progress. */
export function ProjectUploadForm(props: Props) {
  const t = useTranslations("projects");
  const te = useTranslations("errors");
  const router = useRouter();
  const errorText = useErrorText();
  const { notify } = useStatus();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [withCustomizing, setWithCustomizing] = useState(false);
  const [replaceDefaults, setReplaceDefaults] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async () => {
    const local = [
      ...(file ? [] : [te("missingEsproject")]),
      ...(props.mode === "add" && !name.trim() ? [te("missingName")] : []),
    ];
    setErrors(local);
    if (local.length || !file) return;
    const form = new FormData();
    form.append("esproject", file);
    const meta =
      props.mode === "add"
        ? { id: crypto.randomUUID(), name: name.trim(), systemId: props.systemId, withCustomizing }
        : { version: props.version, withCustomizing, replaceDefaultProperties: replaceDefaults };
    form.append("meta", JSON.stringify(meta));
    setProgress(0);
    const url = props.mode === "add" ? "/api/v3/projects" : `/api/v3/projects/${props.projectId}/upload`;
    const result = await uploadWithProgress(url, form, setProgress);
    setProgress(null);
    if (!result.ok) return setErrors([t("projects_error_edit", { error: errorText(result.errors) })]);
    const id = (result.json as { id: string }).id;
    notify("success", props.mode === "add" ? t("project_text_added") : t("project_text_edited"));
    router.push(`${props.base}/projects/edit/${id}`);
    router.refresh();
  };

  return (
    <form
      method="post"
      noValidate
      data-testid="project-upload-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Card className="max-w-3xl">
        <CardContent className="grid gap-5">
          <FormErrors messages={errors} />
          <Field id="esproject" label={t("file")}>
            <Input
              id="esproject"
              type="file"
              accept=".esproject,application/zip"
              data-testid="esproject-file"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                if (chosen && !name) setName(nameFromFile(chosen.name));
              }}
            />
          </Field>
          {props.mode === "add" && (
            <Field id="projectName" label={t("name")}>
              <Input id="projectName" value={name} onChange={(e) => setName(e.target.value)} />
            </Field>
          )}
          <div className="grid gap-2">
            <Label className="flex items-center gap-2 font-normal">
              <Checkbox checked={withCustomizing} onCheckedChange={(v) => setWithCustomizing(v === true)} />
              {t("withCustomizing")}
            </Label>
            {props.mode === "version" && (
              <Label className="flex items-center gap-2 font-normal">
                <Checkbox checked={replaceDefaults} onCheckedChange={(v) => setReplaceDefaults(v === true)} />
                {t("replaceDefaultProperties")}
              </Label>
            )}
          </div>
          {progress !== null && (
            <div className="grid gap-1" data-testid="upload-progress">
              <div
                className="h-2 overflow-hidden rounded bg-muted"
                role="progressbar"
                aria-valuenow={progress}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
              </div>
              <p className="text-xs text-muted-foreground">{t("uploading", { percent: progress })}</p>
            </div>
          )}
        </CardContent>
        <CardFooter className="flex gap-2">
          <Button type="submit" disabled={progress !== null} data-testid="upload-project">
            <UploadIcon />
            {props.mode === "add" ? t("upload") : t("uploadVersion")}
          </Button>
          {props.mode === "add" && (
            <Button type="button" variant="outline" onClick={() => router.push(`${props.base}/projects`)}>
              {t("cancel")}
            </Button>
          )}
        </CardFooter>
      </Card>
    </form>
  );
}
