"use client";

import { FileOutputIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { ConfirmDialogContent } from "@/components/shell/confirm-dialog-content";
import { useStatus } from "@/components/shell/status-bar";
import { AlertDialog, AlertDialogTrigger } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { exportLearnClustersAction } from "@/lib/learn/run-actions";

export type ExportTarget = { id: string; name: string };

/**
 * The export of a learn project (DESIGN.md "Learn"): its complete named clusters become learned document classes of
 * the chosen extraction project of the same system (the linked one first). A new export replaces the learned classes.
 * An export into another project than the linked one moves the link and takes the linked project's learned classes
 * away: it asks yes/no first (DESIGN.md Conventions, a destructive action).
 */
export function LearnExportControl({
  projectId,
  targets,
  linkedProjectId,
  disabledReason,
}: {
  projectId: string;
  targets: ExportTarget[];
  linkedProjectId: string | null;
  disabledReason?: string;
}) {
  const t = useTranslations("learnRuns");
  const tg = useTranslations("general");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [pending, startTransition] = useTransition();
  const [target, setTarget] = useState(linkedProjectId ?? targets[0]?.id ?? "");
  const id = useId();
  if (!targets.length) return <p className="text-sm text-muted-foreground">{t("exportNoTargets")}</p>;

  const run = () =>
    startTransition(async () => {
      const result = await exportLearnClustersAction({ id: projectId, projectId: target });
      if (!result.ok) return notifyErrors(result.errors, (error) => t("exportError", { error }));
      notify("success", t("exportDone", { count: result.data.classes.length, name: result.data.project.name }));
      router.refresh();
    });

  const nameOf = (projectId: string) => targets.find((p) => p.id === projectId)?.name ?? projectId;
  // another project than the linked one: the linked one loses its learned classes
  const moving = !!linkedProjectId && target !== linkedProjectId;
  const exportButton = (
    <Button
      type="button"
      variant="outline"
      onClick={moving ? undefined : run}
      disabled={pending || !target || !!disabledReason}
      data-testid="learn-export"
    >
      <FileOutputIcon />
      {t("export")}
    </Button>
  );

  return (
    <div className="grid gap-3" data-testid="learn-export-control">
      <p className="text-sm text-muted-foreground">{t("exportHint")}</p>
      <div className="grid max-w-md gap-2">
        <Label htmlFor={id}>{t("exportTarget")}</Label>
        <NativeSelect id={id} value={target} onChange={(e) => setTarget(e.target.value)} disabled={pending || !!disabledReason}>
          {targets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.id === linkedProjectId ? t("exportLinked", { name: p.name }) : p.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {moving ? (
          <AlertDialog>
            <AlertDialogTrigger asChild>{exportButton}</AlertDialogTrigger>
            <ConfirmDialogContent
              title={t("exportMoveTitle")}
              description={t("exportMoveQuestion", { linked: nameOf(linkedProjectId), target: nameOf(target) })}
              confirmLabel={tg("yes")}
              cancelLabel={tg("no")}
              onConfirm={run}
              destructive
              confirmTestId="confirm-yes"
            />
          </AlertDialog>
        ) : (
          exportButton
        )}
        {disabledReason && <p className="text-sm text-muted-foreground">{disabledReason}</p>}
      </div>
    </div>
  );
}
