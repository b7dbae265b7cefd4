"use client";

import { FileOutputIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, useTransition } from "react";
import { useStatus } from "@/components/shell/status-bar";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { exportLearnClustersAction, previewLearnExportAction } from "@/lib/learn/runs/actions";
import type { LearnExportChanges, LearnExportPreview } from "@/lib/learn/runs/schemas";

export type ExportTarget = { id: string; name: string };

const KINDS = ["added", "replaced", "unchanged", "removed"] as const satisfies readonly (keyof LearnExportChanges)[];

/**
 * The export of a learn project (DESIGN.md "Learn"; docs/decisions.md "Learn runs and export"): its complete named
 * clusters become learned document classes of the chosen extraction project of the same system. No project is chosen
 * for the user: the linked one is shown chosen, otherwise the list starts empty. "Export …" asks first, showing what
 * the export changes of that project's classes (added, replaced, unchanged, removed; a class of the project named like
 * a cluster learns from it instead of being doubled) and, when the link moves, which project loses its learned classes.
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
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [pending, startTransition] = useTransition();
  const [target, setTarget] = useState(linkedProjectId ?? "");
  const [preview, setPreview] = useState<LearnExportPreview | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  if (!targets.length) return <p className="text-sm text-muted-foreground">{t("exportNoTargets")}</p>;

  const ask = () =>
    startTransition(async () => {
      const result = await previewLearnExportAction({ id: projectId, projectId: target });
      if (!result.ok) return notifyErrors(result.errors, (error) => t("exportError", { error }));
      setPreview(result.data);
    });
  const run = () =>
    startTransition(async () => {
      const result = await exportLearnClustersAction({ id: projectId, projectId: target });
      setPreview(null);
      if (!result.ok) return notifyErrors(result.errors, (error) => t("exportError", { error }));
      notify("success", t("exportDone", { count: result.data.classes.length, name: result.data.project.name }));
      router.refresh();
    });

  return (
    <div className="grid gap-3" data-testid="learn-export-control">
      <p className="text-sm text-muted-foreground">{t("exportHint")}</p>
      <div className="grid max-w-md gap-2">
        <Label htmlFor={id}>{t("exportTarget")}</Label>
        <NativeSelect id={id} value={target} onChange={(e) => setTarget(e.target.value)} disabled={pending || !!disabledReason}>
          <option value="">{t("exportChoose")}</option>
          {targets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.id === linkedProjectId ? t("exportLinked", { name: p.name }) : p.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          ref={button}
          type="button"
          variant="outline"
          onClick={ask}
          disabled={pending || !target || !!disabledReason}
          data-testid="learn-export"
        >
          <FileOutputIcon />
          {t("exportAsk")}
        </Button>
        {disabledReason && <p className="text-sm text-muted-foreground">{disabledReason}</p>}
      </div>
      <AlertDialog open={preview !== null} onOpenChange={(open) => !open && setPreview(null)}>
        {preview && (
          <AlertDialogContent
            data-testid="learn-export-preview"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          >
            <AlertDialogHeader>
              <AlertDialogTitle>{t("exportPreviewTitle", { name: preview.project.name })}</AlertDialogTitle>
              <AlertDialogDescription>{t("exportPreviewText", { count: preview.classes.length })}</AlertDialogDescription>
            </AlertDialogHeader>
            <dl className="grid gap-2 text-sm">
              {KINDS.filter((kind) => preview.changes[kind].length > 0).map((kind) => (
                <div key={kind} data-testid={`export-${kind}`}>
                  <dt className="font-medium">{t(`exportChange_${kind}`, { count: preview.changes[kind].length })}</dt>
                  <dd className="wrap-anywhere text-muted-foreground">{preview.changes[kind].join(", ")}</dd>
                </div>
              ))}
            </dl>
            {preview.unlinks && (
              <p className="rounded-md border border-warning bg-warning/10 px-3 py-2 text-sm" data-testid="export-unlinks">
                {t("exportMoves", { linked: preview.unlinks.name })}
              </p>
            )}
            <AlertDialogFooter>
              <AlertDialogCancel>{t("exportCancel")}</AlertDialogCancel>
              <AlertDialogAction
                variant={preview.unlinks || preview.changes.removed.length ? "destructive" : "default"}
                onClick={run}
                disabled={pending}
                data-testid="confirm-export"
              >
                {t("export")}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        )}
      </AlertDialog>
    </div>
  );
}
