"use client";

import { PlusIcon, RefreshCwIcon, XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { regenerateKeyAction, renameProjectAction, savePropertiesAction } from "@/app/(portal-actions)/project-actions";
import { FormErrors } from "@/components/auth/form-errors";
import { Field } from "@/components/auth/login-form";
import { useErrorText, useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import type { ProjectProperty } from "@/db/schema";
import type { ProjectDto } from "@/lib/projects/schemas";

/** spec operations §2 "Edit": name with save, property table, submission key (DESIGN.md "Job creation"). */
export function ProjectEditor({ project, submissionKey }: { project: ProjectDto; submissionKey: string }) {
  const t = useTranslations("projects");
  const te = useTranslations("errors");
  const router = useRouter();
  const errorText = useErrorText();
  const { notify } = useStatus();
  const [pending, startTransition] = useTransition();
  const [name, setName] = useState(project.name);
  const [rows, setRows] = useState<ProjectProperty[]>(project.properties);
  const [key, setKey] = useState(submissionKey);
  const [errors, setErrors] = useState<string[]>([]);
  const done = (ok: boolean, message: string, errs: Parameters<typeof errorText>[0] = []) => {
    if (!ok) return setErrors([t("projects_error_edit", { error: errorText(errs) })]);
    setErrors([]);
    notify("success", message);
    router.refresh();
  };
  const update = (i: number, patch: Partial<ProjectProperty>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  // spec operations §5: a new row cannot be added while an unnamed one exists
  const canAddRow = rows.every((r) => r.name.trim());

  return (
    <div className="grid max-w-4xl gap-4">
      <FormErrors messages={errors} />
      <Card>
        <CardContent className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            {t("id")}: <code data-testid="project-id">{project.id}</code> · {t("version")} {project.version} · {t("classes")}:{" "}
            {project.documentClasses.join(", ")}
          </p>
          <form
            method="post"
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              startTransition(async () => {
                const r = await renameProjectAction(project.id, name);
                done(r.ok, t("project_text_edited"), r.ok ? [] : r.errors);
              });
            }}
          >
            <Field id="projectName" label={t("name")}>
              <Input id="projectName" value={name} onChange={(e) => setName(e.target.value)} className="w-80" />
            </Field>
            <Button type="submit" disabled={pending}>
              {t("save")}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("properties")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2" data-testid="property-table">
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity besides their position while edited
            <div key={i} className="grid grid-cols-[1fr_1fr_2fr_auto] gap-2">
              <Input
                aria-label={`${t("propertyName")} ${i + 1}`}
                value={row.name}
                onChange={(e) => update(i, { name: e.target.value })}
              />
              <Input
                aria-label={`${t("propertyValue")} ${i + 1}`}
                value={row.value}
                onChange={(e) => update(i, { value: e.target.value })}
              />
              <Input
                aria-label={`${t("propertyDescription")} ${i + 1}`}
                value={row.description}
                onChange={(e) => update(i, { description: e.target.value })}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`${t("removeRow")} ${i + 1}`}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              >
                <XIcon />
              </Button>
            </div>
          ))}
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={!canAddRow}
              onClick={() => setRows([...rows, { name: "", value: "", description: "" }])}
            >
              <PlusIcon />
              {t("addRow")}
            </Button>
            <Button
              type="button"
              disabled={pending}
              data-testid="save-properties"
              onClick={() => {
                if (rows.some((r) => !r.name.trim())) return setErrors([te("projects_error_propertyKeyEmpty")]);
                startTransition(async () => {
                  const r = await savePropertiesAction(project.id, project.version, rows);
                  done(r.ok, t("project_text_edited"), r.ok ? [] : r.errors);
                });
              }}
            >
              {t("saveProperties")}
            </Button>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("submissionKey")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p className="text-sm text-muted-foreground">{t("submissionKeyHint")}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="rounded bg-muted px-2 py-1 text-sm" data-testid="submission-key">
              {key}
            </code>
            <Button
              type="button"
              variant="secondary"
              disabled={pending}
              onClick={() =>
                startTransition(async () => {
                  const r = await regenerateKeyAction(project.id);
                  if (r.ok) setKey(r.data.key);
                  done(r.ok, t("regenerated"), r.ok ? [] : r.errors);
                })
              }
            >
              <RefreshCwIcon />
              {t("regenerate")}
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
