"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useDates } from "@/components/i18n/use-dates";
import { useErrorText } from "@/components/shell/status-bar";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { readLearnDocumentAction } from "@/lib/learn/clusters/actions";
import type { LearnClusterDocumentDto, LearnDocumentDto } from "@/lib/learn/clusters/schemas";

/** One document's whole text, read when it is opened (a Radix dialog: focus stays inside until it closes). */
export function DocumentDialog({
  projectId,
  document,
  onClose,
}: {
  projectId: string;
  document: LearnClusterDocumentDto | null;
  onClose: () => void;
}) {
  const t = useTranslations("learnPortal");
  const errorText = useErrorText();
  const { dateTime } = useDates();
  const [loaded, setLoaded] = useState<{ id: number; text: string } | { id: number; error: string } | null>(null);
  const id = document?.id;
  useEffect(() => {
    if (id === undefined) return;
    let current = true;
    void readLearnDocumentAction({ projectId, documentId: id }).then((r) => {
      if (!current) return;
      setLoaded(r.ok ? { id, text: (r.data as LearnDocumentDto).text } : { id, error: errorText(r.errors) });
    });
    return () => {
      current = false;
    };
  }, [projectId, id, errorText]);
  const shown = loaded && loaded.id === id ? loaded : null;

  return (
    <Dialog open={document !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("close")} className="sm:max-w-3xl" data-testid="document-dialog">
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">{document?.file}</DialogTitle>
          <DialogDescription>
            {document &&
              t("documentMeta", {
                id: document.id,
                job: document.jobId ?? "–",
                pages: document.pages,
                created: dateTime(document.created),
              })}
          </DialogDescription>
        </DialogHeader>
        {!shown ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : "error" in shown ? (
          <p className="text-destructive">{t("error_document", { error: shown.error })}</p>
        ) : (
          <pre
            className="max-h-[60vh] overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-sm wrap-anywhere"
            data-testid="document-text"
            // the text scrolls: keyboard users reach it to scroll it
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keys
            tabIndex={0}
          >
            {shown.text || t("emptyText")}
          </pre>
        )}
      </DialogContent>
    </Dialog>
  );
}
